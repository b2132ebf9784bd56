// Unsold stock marked to market (UnSaleProfitStatement), not cached: each batch of the house's own cotton not
// yet sold at S + market basis + quality premium, out of VAT, against its unit cost excl. VAT, and beside it
// the open hedge lots allocated to the inventory. The totals are the sums of every row; the export carries
// the same rows and totals.
import { Alert, Button, Card, Flex, Form, Input, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildXlsx, type ExportColumn, saveFile } from '../../framework/screens/exportXlsx.ts';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { formatMoney, formatWeight } from '../../shared/format/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { UNSOLD_PATH, type UnsoldAnswer, type UnsoldQuery, type UnsoldRow } from './profitApi.ts';
import { REPORT_PAGE_SIZE, ReportCard } from './ReportCard.tsx';

const TOPICS = ['pri/TransactionContract', 'pri/MtfmBatchData', 'pri/QmBgFee', 'pending/OrderTrade'];
const EXPORT_PAGE = 1000;

const unsoldApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    unsold: build.query<UnsoldAnswer, UnsoldQuery>({
      query: (body) => ({ url: UNSOLD_PATH, body }),
      transformResponse: (answer: Envelope<UnsoldAnswer>) => answer.data!,
      providesTags: TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

const FIGURES: { key: keyof UnsoldRow; kind: 'text' | 'money' | 'weight'; total?: boolean }[] = [
  { key: 'batchNo', kind: 'text' },
  { key: 'warehouseName', kind: 'text' },
  { key: 'cropYear', kind: 'text' },
  { key: 'tonnes', kind: 'weight', total: true },
  { key: 'qualityAdjustment', kind: 'money' },
  { key: 'marketBasis', kind: 'money' },
  { key: 'marketIncluded', kind: 'money' },
  { key: 'marketExcluded', kind: 'money' },
  { key: 'unitCost', kind: 'money' },
  { key: 'mtm', kind: 'money', total: true },
];

const shown = (kind: string, value: string | null | undefined) =>
  value === null || value === undefined
    ? ''
    : kind === 'money'
      ? formatMoney(value)
      : kind === 'weight'
        ? formatWeight(value, tenant.weightDigit)
        : value;

export default function UnsoldStatement() {
  const { t } = useTranslation('costing');
  const [filters, setFilters] = useState<UnsoldQuery>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching, isError } = unsoldApi.useUnsoldQuery({
    ...filters,
    page_no: page,
    size: REPORT_PAGE_SIZE,
  });
  const [fetchPage] = unsoldApi.useLazyUnsoldQuery();
  const title = t('unsold.title');
  const columns: ColumnsType<UnsoldRow> = FIGURES.map((figure) => ({
    key: figure.key,
    title: t(`unsold.column.${figure.key}`),
    align: figure.kind === 'text' ? undefined : ('right' as const),
    render: (_: unknown, row: UnsoldRow) => shown(figure.kind, row[figure.key]),
  }));
  const totalOf = (key: keyof UnsoldRow) =>
    key === 'tonnes' ? data?.totals.tonnes : key === 'mtm' ? data?.totals.mtm : undefined;
  const exportAll = async () => {
    setExporting(true);
    try {
      const rows: UnsoldRow[] = [];
      for (let pageNo = 1; ; pageNo += 1) {
        const answer = await fetchPage({ ...filters, page_no: pageNo, size: EXPORT_PAGE }).unwrap();
        rows.push(...answer.records);
        if (rows.length >= answer.total || answer.records.length === 0) break;
      }
      const sheet: ExportColumn[] = FIGURES.map((figure) => ({
        header: t(`unsold.column.${figure.key}`),
        type: figure.kind,
        text: (r) => String(r[figure.key] ?? ''),
        raw: (r) => r[figure.key],
      }));
      const totals = data
        ? [
            { batchNo: t('total'), tonnes: data.totals.tonnes, mtm: data.totals.mtm },
            { batchNo: t('unsold.futuresMtm'), mtm: data.totals.futuresMtm },
            { batchNo: t('unsold.result'), mtm: data.totals.result },
          ]
        : [];
      saveFile(
        await buildXlsx(
          title,
          sheet,
          [...rows, ...totals] as Readonly<Record<string, unknown>>[],
          tenant.weightDigit,
        ),
        `${title}-${data?.day ?? ''}.xlsx`,
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('unsold.note')}</Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={(values: UnsoldQuery) => {
          setPage(1);
          setFilters(
            Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')),
          );
        }}
      >
        <Form.Item name="batchNo" label={t('column.batchNo')} rules={[{ max: 64 }]}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('filter.search')}
        </Button>
      </Form>
      {isError ? <Alert type="error" title={t('failed')} /> : null}
      {data ? (
        <Flex gap={16} wrap>
          <Card size="small">
            <Statistic
              title={t('unsold.market')}
              value={data.month ? `${data.month} ${data.price ?? ''}` : t('blank')}
            />
          </Card>
          <Card size="small">
            <Statistic title={t('unsold.mtm')} value={formatMoney(data.totals.mtm)} />
          </Card>
          <Card size="small">
            <Statistic title={t('unsold.futuresMtm')} value={formatMoney(data.totals.futuresMtm)} />
          </Card>
          <Card size="small">
            <Statistic title={t('unsold.result')} value={formatMoney(data.totals.result)} />
          </Card>
          <Card size="small">
            <Statistic title={t('unsold.unvalued')} value={data.totals.unvalued} />
          </Card>
        </Flex>
      ) : null}
      <ReportCard<UnsoldRow>
        title={title}
        rowKey="batchNo"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
        exporting={exporting}
        onExport={exportAll}
        totals={() =>
          data ? (
            <Table.Summary.Row>
              {FIGURES.map((figure, i) => (
                <Table.Summary.Cell
                  key={figure.key}
                  index={i}
                  align={figure.kind === 'text' ? undefined : 'right'}
                >
                  {i === 0 ? t('total') : figure.total ? shown(figure.kind, totalOf(figure.key)) : ''}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Space>
  );
}
