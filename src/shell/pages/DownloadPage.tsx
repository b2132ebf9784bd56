import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The download centre opened from the header; no call lists files yet, so it says so. */
export default function DownloadPage() {
  const { t } = useTranslation();
  return <Empty description={t('download.empty')} />;
}
