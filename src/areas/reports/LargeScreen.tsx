import { Alert, Card, Col, Flex, Result, Row, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/api.ts';
import { barChartHeight, barChartOption, Chart, lineChartOption } from '../../framework/charts/index.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { fiscalYearPeriod, formatMoney, formatWeight } from '../../shared/format/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { LARGE_SCREEN_PATH, type LargeScreenAnswer } from './api.ts';

const largeScreenApi = api.injectEndpoints({
  endpoints: (build) => ({
    largeScreen: build.query<LargeScreenAnswer, number>({
      query: (fiscalYear) => ({ url: LARGE_SCREEN_PATH, body: { fiscalYear } }),
      transformResponse: (answer: Envelope<LargeScreenAnswer>) => answer.data!,
    }),
  }),
});

const parseFiscalYear = (value: string | null): number | null =>
  value && /^\d{4}$/.test(value) ? Number(value) : null;

const tonnes = (value: string) => formatWeight(value, tenant.weightDigit);

/** A part of the screen: its chart, or why the user does not see it. */
function Part({ title, children }: { title: string; children: React.ReactNode | null }) {
  const { t } = useTranslation('reports');
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {children ?? <Alert type="info" title={t('largeScreen.notYours')} />}
    </Card>
  );
}

function Figures({ fiscalYear }: { fiscalYear: number }) {
  const { t } = useTranslation('reports');
  const { data, isLoading, isError } = largeScreenApi.useLargeScreenQuery(fiscalYear);
  if (isLoading) return <Spin />;
  if (isError || !data) return <Alert type="error" title={t('largeScreen.failed')} />;
  const { contracts, stock, prices } = data;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {contracts ? (
          <>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('largeScreen.purchaseTonnes')} value={tonnes(contracts.purchaseTotal)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('largeScreen.saleTonnes')} value={tonnes(contracts.saleTotal)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('largeScreen.contracts')} value={contracts.count} />
              </Card>
            </Col>
          </>
        ) : null}
        {stock ? (
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('largeScreen.stockTonnes')} value={tonnes(stock.total)} />
            </Card>
          </Col>
        ) : null}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Part title={t('largeScreen.contractsByMonth')}>
            {contracts ? (
              <Chart
                title={t('largeScreen.contractsByMonth')}
                height={320}
                option={barChartOption(
                  contracts.months,
                  [
                    { name: t('largeScreen.purchase'), values: contracts.purchaseTonnes, text: tonnes },
                    { name: t('largeScreen.sale'), values: contracts.saleTonnes, text: tonnes },
                  ],
                  'columns',
                )}
              />
            ) : null}
          </Part>
        </Col>
        <Col xs={24} lg={12}>
          <Part title={t('largeScreen.stockByWarehouse')}>
            {stock ? (
              stock.warehouses.length > 0 ? (
                <Chart
                  title={t('largeScreen.stockByWarehouse')}
                  height={barChartHeight(stock.warehouses.length)}
                  option={barChartOption(
                    stock.warehouses.map((w) => w.name),
                    [
                      {
                        name: t('largeScreen.stockTonnes'),
                        values: stock.warehouses.map((w) => w.tonnes),
                        text: tonnes,
                      },
                    ],
                  )}
                />
              ) : (
                <Typography.Text type="secondary">{t('largeScreen.noStock')}</Typography.Text>
              )
            ) : null}
          </Part>
        </Col>
        <Col xs={24}>
          <Part title={t('largeScreen.prices')}>
            {prices ? (
              prices.days.length > 0 ? (
                <Chart
                  title={t('largeScreen.prices')}
                  height={320}
                  option={lineChartOption(
                    prices.days,
                    prices.series.map((s) => ({ name: s.month, values: s.prices, text: formatMoney })),
                  )}
                />
              ) : (
                <Typography.Text type="secondary">{t('largeScreen.noPrices')}</Typography.Text>
              )
            ) : null}
          </Part>
        </Col>
      </Row>
    </Flex>
  );
}

/** The large data screen (bare route, query fiscalYear): the fiscal year's business at a glance. */
export default function LargeScreen() {
  const { t } = useTranslation('reports');
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
      <Figures fiscalYear={fiscalYear} />
    </Flex>
  );
}
