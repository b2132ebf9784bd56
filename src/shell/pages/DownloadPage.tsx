import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DownloadTemplate } from '../../framework/resource/area.ts';

/**
 * The download centre opened from the header: the import templates the areas offer (`templates`, given by
 * the app from the areas' manifests); no call lists other files yet.
 */
export default function DownloadPage({ templates = [] }: { templates?: readonly DownloadTemplate[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('download.templates')}>
      <List
        dataSource={[...templates]}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="download" icon={<DownloadOutlined />} onClick={() => void item.download()}>
                {t('header.download')}
              </Button>,
            ]}
          >
            {t(item.title)}
          </List.Item>
        )}
      />
    </Card>
  );
}
