// 进销存 (TurnoverReport): per warehouse, crop year and owner, the tonnes and bales held at the start of the
// period, come in, gone out and held at its end (opening + in − out = closing), with the stock days. The
// totals row is the sum of the rows; the export carries the same rows and totals.
import { Alert, Button, Card, DatePicker, Form, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildXlsx, type ExportColumn, saveFile } from '../../framework/screens/exportXlsx.ts';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { businessDayOf, formatWeight } from '../../shared/format/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { TURNOVER_PATH, type TurnoverAnswer, type TurnoverQuery, type TurnoverRow } from './profitApi.ts';

const TOPICS = ['pri/MtfmBatchData', 'pri/QmYyXx'];

const turnoverApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    turnover: build.query<TurnoverAnswer, TurnoverQuery>({
      query: (body) => ({ url: TURNOVER_PATH, body }),
      transformResponse: (answer: Envelope<TurnoverAnswer>) => answer.data!,
      providesTags: TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

type Key = keyof TurnoverRow;
const COLUMNS: { key: Key; kind: 'text' | 'weight' | 'integer'; total?: boolean }[] = [
  { key: 'warehouseName', kind: 'text' },
  { key: 'cropYear', kind: 'text' },
  { key: 'ownerKind', kind: 'text' },
  { key: 'ownerName', kind: 'text' },
  { key: 'openingTonnes', kind: 'weight', total: true },
  { key: 'openingBales', kind: 'integer', total: true },
  { key: 'inTonnes', kind: 'weight', total: true },
  { key: 'inBales', kind: 'integer', total: true },
  { key: 'outTonnes', kind: 'weight', total: true },
  { key: 'outBales', kind: 'integer', total: true },
  { key: 'closingTonnes', kind: 'weight', total: true },
  { key: 'closingBales', kind: 'integer', total: true },
  { key: 'stockDays', kind: 'text', total: true },
];

export default function TurnoverReport() {
  const { t } = useTranslation('costing');
  const today = businessDayOf(new Date());
  const [period, setPeriod] = useState<TurnoverQuery>({ from: `${today.slice(0, 8)}01`, to: today });
  const [exporting, setExporting] = useState(false);
  const { data, isFetching, isError } = turnoverApi.useTurnoverQuery(period);
  const title = t('turnover.title');
  const text = (key: Key, value: unknown) =>
    key === 'ownerKind'
      ? t(`turnover.owner.${String(value)}`)
      : COLUMNS.find((c) => c.key === key)?.kind === 'weight'
        ? formatWeight(String(value ?? '0'), tenant.weightDigit)
        : String(value ?? '');
  const columns: ColumnsType<TurnoverRow> = COLUMNS.map((column) => ({
    key: column.key,
    title: t(`turnover.column.${column.key}`),
    align: column.kind === 'text' && column.key !== 'stockDays' ? undefined : ('right' as const),
    render: (_: unknown, row: TurnoverRow) =>
      column.key === 'ownerName' && row.ownerKind === 'own'
        ? tenant.selfOwned
        : text(column.key, row[column.key]),
  }));
  const exportAll = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const sheet: ExportColumn[] = COLUMNS.map((column) => ({
        header: t(`turnover.column.${column.key}`),
        type: column.kind === 'weight' ? 'weight' : column.kind === 'integer' ? 'integer' : 'text',
        text: (r) => String(r[column.key] ?? ''),
        raw: (r) => r[column.key],
      }));
      const rows = data.records.map((row) => ({ ...row, ownerKind: text('ownerKind', row.ownerKind) }));
      saveFile(
        await buildXlsx(
          title,
          sheet,
          [...rows, { warehouseName: t('total'), ...data.totals }] as Readonly<Record<string, unknown>>[],
          tenant.weightDigit,
        ),
        `${title}-${data.from}-${data.to}.xlsx`,
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('turnover.note')}</Typography.Paragraph>
      <Form
        layout="inline"
        initialValues={{ range: [dayjs(period.from), dayjs(period.to)] }}
        onFinish={({ range }: { range?: [Dayjs, Dayjs] }) => {
          if (range) setPeriod({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
        }}
      >
        <Form.Item name="range" label={t('turnover.period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker allowClear={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('filter.search')}
        </Button>
      </Form>
      {isError ? <Alert type="error" title={t('turnover.failed')} /> : null}
      <Card
        size="small"
        title={title}
        extra={
          <Button disabled={!data || data.records.length === 0} loading={exporting} onClick={exportAll}>
            {t('export')}
          </Button>
        }
      >
        <Table<TurnoverRow>
          rowKey="key"
          size="small"
          loading={isFetching}
          columns={columns}
          dataSource={data?.records ?? []}
          scroll={{ x: columns.length * 110 }}
          pagination={false}
          summary={() =>
            data ? (
              <Table.Summary.Row>
                {COLUMNS.map((column, i) => (
                  <Table.Summary.Cell key={column.key} index={i} align={column.total ? 'right' : undefined}>
                    {i === 0
                      ? t('total')
                      : column.total
                        ? text(column.key, data.totals[column.key as keyof TurnoverAnswer['totals']])
                        : ''}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </Space>
  );
}
