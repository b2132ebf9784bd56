// The profit reports (CostAndProft by sale contract, CostAndProftTwo by batch, CostAndProftThree by salesperson,
// CostAndProftFour by month and crop year, SpmProfits in the tenant's own columns, ProfitReturn on money
// collected): realised gross profit excl. VAT of the confirmed sale settlements. A row opens the settled
// batches it sums; the totals row is the sum of every row the filters match; the export carries the same
// rows and totals. The server reads a salesperson only their clients' sales.
import { Alert, Button, Drawer, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildXlsx, type ExportColumn, saveFile } from '../../framework/screens/exportXlsx.ts';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { fiscalYearOf, formatMoney, formatWeight } from '../../shared/format/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import {
  PROFIT_LINES_PATH,
  PROFIT_PATH,
  PROFIT_REPORTS,
  type ProfitAnswer,
  type ProfitLine,
  type ProfitLinesAnswer,
  type ProfitQuery,
  type ProfitReport,
  type ProfitRow,
} from './profitApi.ts';
import { REPORT_PAGE_SIZE, ReportCard } from './ReportCard.tsx';

/** The records the figures are read from: a change to any refreshes the report. */
const TOPICS = [
  'sales/SaleSettlement',
  'pri/TransactionContract',
  'pri/QmYkDetail',
  'pri/QmBgFee',
  'pending/OrderTrade',
];
const EXPORT_PAGE = 1000;

const profitApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    profit: build.query<ProfitAnswer, ProfitQuery>({
      query: (body) => ({ url: PROFIT_PATH, body }),
      transformResponse: (answer: Envelope<ProfitAnswer>) => answer.data!,
      providesTags: TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
    profitLines: build.query<ProfitLinesAnswer, ProfitQuery & { key: string }>({
      query: (body) => ({ url: PROFIT_LINES_PATH, body }),
      transformResponse: (answer: Envelope<ProfitLinesAnswer>) => answer.data!,
      providesTags: TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

type Kind = 'text' | 'money' | 'weight' | 'count';
interface Figure {
  key: string;
  kind: Kind;
  /** The row's value; the label column of the grouping reads `label`. */
  value: (row: Readonly<Record<string, unknown>>) => string | number | null | undefined;
  /** The totals row shows the sum (figures) or nothing (texts, per-tonne). */
  total: boolean;
}

const field =
  (name: string, kind: Kind, total = kind !== 'text'): ((key?: string) => Figure) =>
  (key = name) => ({ key, kind, total, value: (row) => row[name] as string | null });

const F = {
  contractNo: field('contractNo', 'text'),
  partnerName: field('partnerName', 'text'),
  salespersonName: field('salespersonName', 'text'),
  team: field('team', 'text'),
  settleDate: field('settleDate', 'text'),
  cropYear: field('cropYear', 'text'),
  month: field('month', 'text'),
  fiscalYear: field('fiscalYear', 'text'),
  batches: field('batches', 'count'),
  tonnes: field('tonnes', 'weight'),
  settledAmount: field('settledAmount', 'money'),
  revenueExcl: field('revenueExcl', 'money'),
  costBeforeHedge: field('costBeforeHedge', 'money'),
  hedgePnl: field('hedgePnl', 'money'),
  cost: field('cost', 'money'),
  grossProfit: field('grossProfit', 'money'),
  gpPerTonne: field('gpPerTonne', 'money', false),
  collectedAmount: field('collectedAmount', 'money'),
  profitCollected: field('profitCollected', 'money'),
  label: (key: string): Figure => ({ key, kind: 'text', total: false, value: (row) => row.label as string }),
} as const;

const FIGURES = ['tonnes', 'revenueExcl', 'costBeforeHedge', 'hedgePnl', 'cost', 'grossProfit'] as const;
const STANDARD = [
  'contractNo',
  'partnerName',
  'salespersonName',
  'settleDate',
  'batches',
  ...FIGURES,
  'gpPerTonne',
] as const;

/** Each report's columns, in order. */
function columnsOf(report: ProfitReport): Figure[] {
  const named = (keys: readonly string[]) => keys.map((key) => F[key as keyof typeof F](key));
  switch (report) {
    case 'CostAndProftTwo':
      return [
        F.label('batchNo'),
        ...named(['contractNo', 'partnerName', 'cropYear', 'settleDate', ...FIGURES, 'gpPerTonne']),
      ];
    case 'CostAndProftThree':
      return [F.label('salespersonName'), ...named(['team', 'batches', ...FIGURES, 'gpPerTonne'])];
    case 'CostAndProftFour':
      return named(['month', 'cropYear', 'fiscalYear', 'batches', ...FIGURES, 'gpPerTonne']);
    case 'SpmProfits':
      return named(tenant.profitReportColumns ?? STANDARD);
    case 'ProfitReturn':
      return named([
        'contractNo',
        'partnerName',
        'salespersonName',
        'settledAmount',
        'collectedAmount',
        'revenueExcl',
        'cost',
        'grossProfit',
        'profitCollected',
      ]);
    default:
      return named(STANDARD);
  }
}

const LINE_COLUMNS = [
  'batchNo',
  'settlementNos',
  'contractNo',
  'partnerName',
  'settleDate',
  'tonnes',
  'settledAmount',
  'revenueExcl',
  'costBeforeHedge',
  'hedgePnl',
  'cost',
  'unitCost',
  'grossProfit',
  'gpPerTonne',
] as const;
const LINE_KINDS: Partial<Record<(typeof LINE_COLUMNS)[number], Kind>> = {
  tonnes: 'weight',
  settledAmount: 'money',
  revenueExcl: 'money',
  costBeforeHedge: 'money',
  hedgePnl: 'money',
  cost: 'money',
  unitCost: 'money',
  grossProfit: 'money',
  gpPerTonne: 'money',
};

const shown = (kind: Kind, value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : kind === 'money'
      ? formatMoney(String(value))
      : kind === 'weight'
        ? formatWeight(String(value), tenant.weightDigit)
        : Array.isArray(value)
          ? value.join('、')
          : String(value);

function Lines({
  report,
  filters,
  row,
  onClose,
}: {
  report: ProfitReport;
  filters: Omit<ProfitQuery, 'report'>;
  row: ProfitRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('costing');
  const { data, isFetching, isError } = profitApi.useProfitLinesQuery(
    { ...filters, report, key: row?.key ?? '' },
    { skip: !row },
  );
  const columns: ColumnsType<ProfitLine> = LINE_COLUMNS.map((key) => ({
    key,
    title: t(`profit.column.${key}`),
    align: LINE_KINDS[key] ? ('right' as const) : undefined,
    render: (_: unknown, line: ProfitLine) => shown(LINE_KINDS[key] ?? 'text', line[key]),
  }));
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size="large"
      title={t('profit.lines', { label: row?.label ?? '' })}
    >
      {isError ? <Alert type="error" title={t('profit.failed')} /> : null}
      <Table<ProfitLine>
        rowKey="batchNo"
        size="small"
        loading={isFetching}
        pagination={false}
        scroll={{ x: columns.length * 110 }}
        dataSource={data?.lines ?? []}
        columns={columns}
        summary={() =>
          data ? (
            <Table.Summary.Row>
              {LINE_COLUMNS.map((key, i) => (
                <Table.Summary.Cell key={key} index={i} align={LINE_KINDS[key] ? 'right' : undefined}>
                  {i === 0
                    ? t('total')
                    : LINE_KINDS[key] && key !== 'unitCost' && key !== 'gpPerTonne'
                      ? shown(LINE_KINDS[key]!, data.totals[key as 'cost'])
                      : ''}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Drawer>
  );
}

function ProfitReportPage({ report }: { report: ProfitReport }) {
  const { t } = useTranslation('costing');
  const thisYear = fiscalYearOf();
  const [filters, setFilters] = useState<Omit<ProfitQuery, 'report'>>({ fiscalYear: thisYear });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ProfitRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching, isError } = profitApi.useProfitQuery({
    ...filters,
    report,
    page_no: page,
    size: REPORT_PAGE_SIZE,
  });
  const [fetchPage] = profitApi.useLazyProfitQuery();
  const figures = columnsOf(report);
  const title = t(`route.${report}`);
  const header = (figure: Figure) => t(`profit.column.${figure.key}`);
  const columns: ColumnsType<ProfitRow> = figures.map((figure, i) => ({
    key: figure.key,
    title: header(figure),
    align: figure.kind === 'text' ? undefined : ('right' as const),
    fixed: i === 0 ? ('left' as const) : undefined,
    render: (_: unknown, row: ProfitRow) =>
      i === 0 ? (
        <Button type="link" size="small" onClick={() => setOpen(row)}>
          {shown(figure.kind, figure.value(row as never)) || t('blank')}
        </Button>
      ) : (
        shown(figure.kind, figure.value(row as never))
      ),
  }));
  const exportAll = async () => {
    setExporting(true);
    try {
      const rows: ProfitRow[] = [];
      for (let pageNo = 1; ; pageNo += 1) {
        const answer = await fetchPage({ ...filters, report, page_no: pageNo, size: EXPORT_PAGE }).unwrap();
        rows.push(...answer.records);
        if (rows.length >= answer.total || answer.records.length === 0) break;
      }
      const sheet: ExportColumn[] = figures.map((figure) => ({
        header: header(figure),
        type: figure.kind === 'money' ? 'money' : figure.kind === 'weight' ? 'weight' : 'text',
        text: (r) => String(r[figure.key] ?? ''),
        raw: (r) => r[figure.key],
      }));
      const flat = (row: Readonly<Record<string, unknown>>, totals = false) =>
        Object.fromEntries(
          figures.map((figure, i) => [
            figure.key,
            totals ? (i === 0 ? t('total') : figure.total ? figure.value(row) : '') : figure.value(row),
          ]),
        );
      const totals = data?.totals ? [flat(data.totals as never, true)] : [];
      saveFile(
        await buildXlsx(
          title,
          sheet,
          [...rows.map((row) => flat(row as never)), ...totals],
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
      <Typography.Paragraph type="secondary">
        {t(report === 'ProfitReturn' ? 'profit.noteReturn' : 'profit.note')}
      </Typography.Paragraph>
      <Form
        layout="inline"
        initialValues={filters}
        onFinish={(values: Omit<ProfitQuery, 'report'>) => {
          setPage(1);
          setFilters(
            Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')),
          );
        }}
      >
        <Form.Item name="fiscalYear" label={t('profit.filter.fiscalYear')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={[thisYear, thisYear - 1, thisYear - 2, thisYear - 3].map((year) => ({
              value: year,
              label: t('profit.filter.fy', { year }),
            }))}
          />
        </Form.Item>
        <Form.Item name="contractNo" label={t('profit.column.contractNo')} rules={[{ max: 64 }]}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="batchNo" label={t('profit.column.batchNo')} rules={[{ max: 64 }]}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('filter.search')}
        </Button>
      </Form>
      {isError ? <Alert type="error" title={t('profit.failed')} /> : null}
      <ReportCard<ProfitRow>
        title={title}
        rowKey="key"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
        exporting={exporting}
        onExport={exportAll}
        emptyText={t('profit.empty')}
        totals={() =>
          data ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                {figures.map((figure, i) => (
                  <Table.Summary.Cell
                    key={figure.key}
                    index={i}
                    align={figure.kind === 'text' ? undefined : 'right'}
                  >
                    {i === 0
                      ? t('total')
                      : figure.total
                        ? shown(figure.kind, figure.value(data.totals as never))
                        : ''}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
      <Lines report={report} filters={filters} row={open} onClose={() => setOpen(null)} />
    </Space>
  );
}

const pages = new Map<ProfitReport, ComponentType>();

/** The page of one profit report (one component per report, made once). */
export function profitPage(report: ProfitReport): ComponentType {
  let page = pages.get(report);
  if (!page) {
    page = () => <ProfitReportPage report={report} />;
    pages.set(report, page);
  }
  return page;
}

export const PROFIT_PAGE_REPORTS = Object.keys(PROFIT_REPORTS) as ProfitReport[];
