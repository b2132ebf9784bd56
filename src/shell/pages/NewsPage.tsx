import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The news page of the top navigation; no call serves news yet, so it says so. */
export default function NewsPage() {
  const { t } = useTranslation();
  return <Empty description={t('news.empty')} />;
}
