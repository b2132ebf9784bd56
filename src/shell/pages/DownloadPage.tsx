import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadBaleTemplate } from '../../areas/warehouse/baleTemplate.ts';

/** The download centre opened from the header: the import templates (no call lists other files yet). */
export default function DownloadPage() {
  const { t } = useTranslation();
  const templates = [{ key: 'bales', title: t('download.baleTemplate'), download: downloadBaleTemplate }];
  return (
    <Card title={t('download.templates')}>
      <List
        dataSource={templates}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="download" icon={<DownloadOutlined />} onClick={() => void item.download()}>
                {t('header.download')}
              </Button>,
            ]}
          >
            {item.title}
          </List.Item>
        )}
      />
    </Card>
  );
}
