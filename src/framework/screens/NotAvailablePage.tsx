import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The honest screen of a route whose business area is not built in this version: it says so, names the
 * page, and offers nothing that would not work.
 */
export function NotAvailablePage({ routeKey }: { routeKey: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('resource.notAvailable.title', { page: t(`route.${routeKey}`) })}
      subTitle={t('resource.notAvailable.text')}
    />
  );
}
