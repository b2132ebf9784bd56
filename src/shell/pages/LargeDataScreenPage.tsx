import { Card, Empty, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fiscalYearPeriod } from '../../shared/format/index.ts';

const parseFiscalYear = (value: string | null): number | null =>
  value && /^\d{4}$/.test(value) ? Number(value) : null;

/**
 * The large data screen (bare route, query fiscalYear). It names the fiscal year and the period it covers;
 * the business figures arrive with the reporting work, so until then it says plainly that it has none.
 */
export default function LargeDataScreenPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fiscalYear = parseFiscalYear(params.get('fiscalYear'));
  if (fiscalYear === null)
    return (
      <Result status="warning" title={t('largeScreen.title')} subTitle={t('largeScreen.noFiscalYear')} />
    );
  const { start, end } = fiscalYearPeriod(fiscalYear);
  return (
    <Flex vertical gap={16} style={{ minHeight: '100vh', padding: 24 }}>
      <header>
        <Typography.Title level={2}>{t('largeScreen.title')}</Typography.Title>
        <Typography.Title level={3}>{t('largeScreen.fiscalYear', { year: fiscalYear })}</Typography.Title>
        <Typography.Text type="secondary">{t('largeScreen.period', { start, end })}</Typography.Text>
      </header>
      <Card>
        <Empty description={t('largeScreen.noData')} />
      </Card>
    </Flex>
  );
}
