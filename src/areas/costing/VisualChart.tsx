// The management charts (VisualChart): tonnes bought and sold per month, realised gross profit per month,
// receivables and payables (settled and paid) per month, and the house's own stock by warehouse, for a fiscal
// year from October. Through the framework's lazy chart module (the chart library loads with the first chart,
// never with the login or the shell); read live, refreshed when a settlement, contract or batch changes.
import { Alert, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barChartHeight, barChartOption, Chart, lineChartOption } from '../../framework/charts/index.ts';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { fiscalYearOf, formatMoney, formatWeight } from '../../shared/format/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { VISUAL_PATH, type VisualAnswer } from './profitApi.ts';

const TOPICS = ['sales/SaleSettlement', 'pri/TransactionContract', 'pri/MtfmBatchData'];

const visualApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    visual: build.query<VisualAnswer, number>({
      query: (fiscalYear) => ({ url: VISUAL_PATH, body: { fiscalYear } }),
      transformResponse: (answer: Envelope<VisualAnswer>) => answer.data!,
      providesTags: TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

const tonnes = (value: string) => formatWeight(value, tenant.weightDigit);

export default function VisualChart() {
  const { t } = useTranslation('costing');
  const current = fiscalYearOf();
  const [fiscalYear, setFiscalYear] = useState(current);
  const { data, isError } = visualApi.useVisualQuery(fiscalYear);
  const part = (title: string, chart: ReactNode) => (
    <Card size="small" title={title}>
      {chart}
    </Card>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('visual.note')}</Typography.Paragraph>
      <Form layout="inline">
        <Form.Item label={t('profit.filter.fiscalYear')}>
          <Select
            style={{ width: 140 }}
            value={fiscalYear}
            onChange={setFiscalYear}
            options={[current, current - 1, current - 2, current - 3].map((year) => ({
              value: year,
              label: t('profit.filter.fy', { year }),
            }))}
          />
        </Form.Item>
      </Form>
      {isError ? <Alert type="error" title={t('visual.failed')} /> : null}
      {data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            {part(
              t('visual.tonnes'),
              <Chart
                title={t('visual.tonnes')}
                height={320}
                option={barChartOption(
                  data.months,
                  [
                    { name: t('visual.bought'), values: data.boughtTonnes, text: tonnes },
                    { name: t('visual.sold'), values: data.soldTonnes, text: tonnes },
                  ],
                  'columns',
                )}
              />,
            )}
          </Col>
          <Col xs={24} lg={12}>
            {part(
              t('visual.grossProfit'),
              <Chart
                title={t('visual.grossProfit')}
                height={320}
                option={barChartOption(
                  data.months,
                  [{ name: t('visual.grossProfit'), values: data.grossProfit, text: formatMoney }],
                  'columns',
                )}
              />,
            )}
          </Col>
          <Col xs={24} lg={12}>
            {part(
              t('visual.money'),
              <Chart
                title={t('visual.money')}
                height={320}
                option={lineChartOption(data.months, [
                  { name: t('visual.receivable'), values: data.receivable, text: formatMoney },
                  { name: t('visual.collected'), values: data.collected, text: formatMoney },
                  { name: t('visual.payable'), values: data.payable, text: formatMoney },
                  { name: t('visual.paid'), values: data.paid, text: formatMoney },
                ])}
              />,
            )}
          </Col>
          <Col xs={24} lg={12}>
            {part(
              t('visual.stock'),
              <Chart
                title={t('visual.stock')}
                height={barChartHeight(data.stock.length)}
                option={barChartOption(
                  data.stock.map((row) => row.warehouse),
                  [{ name: t('visual.stock'), values: data.stock.map((row) => row.tonnes), text: tonnes }],
                )}
              />,
            )}
          </Col>
        </Row>
      ) : null}
    </Space>
  );
}
