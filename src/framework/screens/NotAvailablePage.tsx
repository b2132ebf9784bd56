import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeByKey } from '../../shared/routes/catalogue.ts';
import { routeTitleKey } from '../../shared/routes/routeRecords.ts';

/**
 * The honest screen of a route whose business area is not built in this version: it says so, names the
 * page, and offers nothing that would not work.
 */
export function NotAvailablePage({ routeKey }: { routeKey: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('resource.notAvailable.title', {
        page: t(routeTitleKey(routeByKey(routeKey) ?? { key: routeKey })),
      })}
      subTitle={t('resource.notAvailable.text')}
    />
  );
}
