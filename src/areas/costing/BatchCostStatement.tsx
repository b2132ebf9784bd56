// The batch cost statement (BatchCostStatement): each batch's unit cost built up from its purchase, freight,
// storage, insurance, supervision, inspection and funding interest, less the hedge P&L allocated to it, all
// excl. VAT; estimated until each cost's invoice is matched. A batch opens its build-up line by line; the
// totals row is the sum of every row the filter matches; the export carries the same rows and totals.
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COST_COMPONENTS, type CostComponent } from '../../domain/batchCost.ts';
import { buildXlsx, type ExportColumn, saveFile } from '../../framework/screens/exportXlsx.ts';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { formatMoney, formatWeight } from '../../shared/format/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import {
  BATCH_COST_DETAIL_PATH,
  BATCH_COST_PATH,
  type BatchCostAnswer,
  type BatchCostDetail,
  type BatchCostQuery,
  type BatchCostRow,
} from './api.ts';
import { REPORT_PAGE_SIZE, ReportCard } from './ReportCard.tsx';

/** The records a batch's cost is read from: a change to any refreshes the statement. */
const TOPICS = [
  'pri/TransactionContract',
  'pri/QmYkDetail',
  'pri/QmBgFee',
  'pri/MtfmBatchData',
  'pending/OrderTrade',
];
const EXPORT_PAGE = 1000;

const costApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    batchCosts: build.query<BatchCostAnswer, BatchCostQuery>({
      query: (body) => ({ url: BATCH_COST_PATH, body }),
      transformResponse: (answer: Envelope<BatchCostAnswer>) => answer.data!,
      providesTags: TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
    batchCostDetail: build.query<BatchCostDetail, string>({
      query: (batchNo) => ({ url: BATCH_COST_DETAIL_PATH, body: { batchNo } }),
      transformResponse: (answer: Envelope<BatchCostDetail>) => answer.data!,
      providesTags: TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

const money = (value: string | null | undefined) => (value == null ? '' : formatMoney(value));
const tonnes = (value: string) => formatWeight(value, tenant.weightDigit);
const right = 'right' as const;

function BuildUp({ batchNo, onClose }: { batchNo: string | null; onClose: () => void }) {
  const { t } = useTranslation('costing');
  const { data, isFetching, isError } = costApi.useBatchCostDetailQuery(batchNo ?? '', { skip: !batchNo });
  const row = data?.row;
  return (
    <Drawer open={batchNo !== null} onClose={onClose} size="large" title={t('detail.title', { batchNo })}>
      {isError ? <Alert type="error" title={t('failed')} /> : null}
      {data && row ? (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('column.tonnes')}>{tonnes(row.tonnes)}</Descriptions.Item>
            <Descriptions.Item label={t('column.purchaseContractNo')}>
              {row.purchaseContractNo ?? t('blank')}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.costBeforeHedge')}>
              {money(row.costBeforeHedge)}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.hedgePnl')}>{money(row.hedgePnl)}</Descriptions.Item>
            <Descriptions.Item label={t('column.cost')}>{money(row.cost)}</Descriptions.Item>
            <Descriptions.Item label={t('column.unitCost')}>{money(row.unitCost)}</Descriptions.Item>
            {data.funding ? (
              <Descriptions.Item label={t('detail.funding')} span={2}>
                {t('detail.fundingTerms', {
                  principal: formatMoney(data.funding.principal),
                  from: data.funding.from,
                  day: data.day,
                  days: data.funding.days,
                  rate: data.funding.ratePercent,
                  dayCount: data.funding.dayCount,
                })}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {row.components ? (
            <Table
              size="small"
              rowKey="component"
              pagination={false}
              title={() => t('detail.components')}
              dataSource={COST_COMPONENTS.map((component) => ({ component, ...row.components![component] }))}
              columns={[
                {
                  key: 'component',
                  title: t('detail.component'),
                  render: (_, r) => t(`component.${r.component}`),
                },
                {
                  key: 'estimated',
                  title: t('detail.estimated'),
                  align: right,
                  render: (_, r) => money(r.estimated),
                },
                { key: 'actual', title: t('detail.actual'), align: right, render: (_, r) => money(r.actual) },
                {
                  key: 'difference',
                  title: t('detail.difference'),
                  align: right,
                  render: (_, r) =>
                    r.actual === null ? '' : money((Number(r.actual) - Number(r.estimated)).toFixed(2)),
                },
                { key: 'cost', title: t('detail.counted'), align: right, render: (_, r) => money(r.cost) },
              ]}
            />
          ) : (
            <Alert type="info" title={t('noCost')} />
          )}
          <Table
            size="small"
            rowKey={(line) => `${line.component}-${line.source}`}
            pagination={false}
            title={() => t('detail.lines')}
            dataSource={data.lines}
            columns={[
              {
                key: 'component',
                title: t('detail.component'),
                render: (_, l) => t(`component.${l.component}`),
              },
              { key: 'source', title: t('detail.source'), dataIndex: 'source' },
              {
                key: 'incl',
                title: t('detail.included'),
                align: right,
                render: (_, l) => money(l.estimatedIncluded),
              },
              {
                key: 'vat',
                title: t('detail.vat'),
                align: right,
                render: (_, l) =>
                  l.estimatedVatPercent === null
                    ? t('detail.noVat')
                    : `${new Decimal(l.estimatedVatPercent).toString()}%`,
              },
              {
                key: 'excl',
                title: t('detail.estimated'),
                align: right,
                render: (_, l) => money(l.estimatedExcluded),
              },
              {
                key: 'actual',
                title: t('detail.actual'),
                align: right,
                render: (_, l) => money(l.actualExcluded),
              },
            ]}
          />
          {data.hedge ? (
            <Table
              size="small"
              rowKey={(trade) => `${trade.via}-${trade.tradeNo}`}
              pagination={false}
              title={() =>
                t('detail.hedge', {
                  pnl: formatMoney(data.hedge!.pnl),
                  tonnes: tonnes(data.hedge!.tonnes),
                  base: tonnes(data.hedge!.base),
                })
              }
              dataSource={data.hedge.trades}
              columns={[
                { key: 'tradeNo', title: t('hedge.tradeNo'), dataIndex: 'tradeNo' },
                { key: 'month', title: t('hedge.month'), dataIndex: 'futuresMonth' },
                { key: 'via', title: t('hedge.via'), render: (_, h) => t(`hedge.${h.via}`) },
                { key: 'lots', title: t('hedge.lots'), dataIndex: 'lots', align: right },
                { key: 'price', title: t('hedge.price'), align: right, render: (_, h) => money(h.price) },
                {
                  key: 'realised',
                  title: t('hedge.realised'),
                  align: right,
                  render: (_, h) => money(h.realisedPnl),
                },
                {
                  key: 'linked',
                  title: t('hedge.linked'),
                  align: right,
                  render: (_, h) => `${tonnes(h.linkedTonnes)} / ${tonnes(h.tradeTonnes)}`,
                },
              ]}
            />
          ) : null}
        </Flex>
      ) : isFetching ? (
        <Typography.Text type="secondary">{t('loading')}</Typography.Text>
      ) : null}
    </Drawer>
  );
}

/** The statement's columns, for the table and the export alike. */
function useColumns() {
  const { t } = useTranslation('costing');
  const component = (c: CostComponent) => ({
    key: c,
    header: t(`component.${c}`),
    value: (row: BatchCostRow) => row.components?.[c].cost ?? null,
  });
  return [
    { key: 'tonnes', header: t('column.tonnes'), value: (row: BatchCostRow) => row.tonnes, weight: true },
    ...COST_COMPONENTS.map(component),
    {
      key: 'costBeforeHedge',
      header: t('column.costBeforeHedge'),
      value: (row: BatchCostRow) => row.costBeforeHedge,
    },
    { key: 'hedgePnl', header: t('column.hedgePnl'), value: (row: BatchCostRow) => row.hedgePnl },
    { key: 'cost', header: t('column.cost'), value: (row: BatchCostRow) => row.cost },
    { key: 'unitCost', header: t('column.unitCost'), value: (row: BatchCostRow) => row.unitCost },
  ];
}

export default function BatchCostStatement() {
  const { t } = useTranslation('costing');
  const [filters, setFilters] = useState<BatchCostQuery>({ scope: 'stock' });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = { ...filters, page_no: page, size: REPORT_PAGE_SIZE };
  const { data, isFetching, isError } = costApi.useBatchCostsQuery(query);
  const [fetchPage] = costApi.useLazyBatchCostsQuery();
  const figures = useColumns();
  const totals = data?.totals;
  const totalOf = (key: string) =>
    !totals
      ? ''
      : key === 'tonnes'
        ? tonnes(totals.tonnes)
        : key in totals.components
          ? money(totals.components[key as CostComponent])
          : key === 'unitCost'
            ? ''
            : money(totals[key as 'cost' | 'costBeforeHedge' | 'hedgePnl']);
  const columns: ColumnsType<BatchCostRow> = [
    {
      key: 'batchNo',
      title: t('column.batchNo'),
      fixed: 'left',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row.batchNo)}>
          {row.batchNo}
        </Button>
      ),
    },
    { key: 'warehouse', title: t('column.warehouse'), dataIndex: 'warehouseName' },
    { key: 'cropYear', title: t('column.cropYear'), dataIndex: 'cropYear' },
    {
      key: 'contract',
      title: t('column.purchaseContractNo'),
      render: (_, row) => row.purchaseContractNo ?? t('blank'),
    },
    ...figures.map((figure) => ({
      key: figure.key,
      title: figure.header,
      align: right,
      render: (_: unknown, row: BatchCostRow) =>
        figure.weight ? tonnes(figure.value(row) ?? '0') : money(figure.value(row)),
    })),
    {
      key: 'basis',
      title: t('column.basis'),
      render: (_, row) =>
        row.cost === null ? null : row.allActual ? (
          <Tag color="green">{t('actual')}</Tag>
        ) : (
          <Tag>{t('estimated')}</Tag>
        ),
    },
  ];
  const exportAll = async () => {
    setExporting(true);
    try {
      const rows: BatchCostRow[] = [];
      for (let pageNo = 1; ; pageNo += 1) {
        const answer = await fetchPage({ ...filters, page_no: pageNo, size: EXPORT_PAGE }).unwrap();
        rows.push(...answer.records);
        if (rows.length >= answer.total || answer.records.length === 0) break;
      }
      const sheet: ExportColumn[] = [
        {
          header: t('column.batchNo'),
          type: 'text',
          text: (r) => String(r.batchNo ?? ''),
          raw: (r) => r.batchNo,
        },
        {
          header: t('column.warehouse'),
          type: 'text',
          text: (r) => String(r.warehouseName ?? ''),
          raw: (r) => r.warehouseName,
        },
        {
          header: t('column.cropYear'),
          type: 'text',
          text: (r) => String(r.cropYear ?? ''),
          raw: (r) => r.cropYear,
        },
        {
          header: t('column.purchaseContractNo'),
          type: 'text',
          text: (r) => String(r.purchaseContractNo ?? ''),
          raw: (r) => r.purchaseContractNo,
        },
        ...figures.map(
          (figure): ExportColumn => ({
            header: figure.header,
            type: figure.weight ? 'weight' : 'money',
            text: (r) => String(r[figure.key] ?? ''),
            raw: (r) => r[figure.key],
          }),
        ),
      ];
      const flat = (row: BatchCostRow) => ({
        ...row,
        ...Object.fromEntries(figures.map((figure) => [figure.key, figure.value(row)])),
      });
      const totalRow = totals
        ? {
            batchNo: t('total'),
            tonnes: totals.tonnes,
            ...totals.components,
            costBeforeHedge: totals.costBeforeHedge,
            hedgePnl: totals.hedgePnl,
            cost: totals.cost,
          }
        : {};
      saveFile(
        await buildXlsx(t('title'), sheet, [...rows.map(flat), totalRow], tenant.weightDigit),
        `${t('title')}-${data?.day ?? ''}.xlsx`,
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('note')}</Typography.Paragraph>
      <Form
        layout="inline"
        initialValues={filters}
        onFinish={(values: BatchCostQuery) => {
          setPage(1);
          setFilters(
            Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')),
          );
        }}
      >
        <Form.Item name="batchNo" label={t('column.batchNo')} rules={[{ max: 64 }]}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="scope" label={t('filter.scope')}>
          <Select
            style={{ width: 160 }}
            options={[
              { value: 'stock', label: t('filter.stock') },
              { value: 'all', label: t('filter.all') },
            ]}
          />
        </Form.Item>
        <Form.Item name="costed" label={t('filter.costed')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={[
              { value: 'yes', label: t('filter.costedYes') },
              { value: 'no', label: t('filter.costedNo') },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('filter.search')}
        </Button>
      </Form>
      {isError ? <Alert type="error" title={t('failed')} /> : null}
      {data ? (
        <Flex gap={16} wrap>
          <Card size="small">
            <Statistic title={t('summary.day')} value={data.day} />
          </Card>
          <Card size="small">
            <Statistic title={t('summary.batches')} value={data.total} />
          </Card>
          <Card size="small">
            <Statistic title={t('summary.costedTonnes')} value={tonnes(data.totals.costedTonnes)} />
          </Card>
          <Card size="small">
            <Statistic title={t('summary.cost')} value={formatMoney(data.totals.cost)} />
          </Card>
          <Card size="small">
            <Statistic title={t('summary.uncosted')} value={data.uncosted} />
          </Card>
        </Flex>
      ) : null}
      <ReportCard<BatchCostRow>
        title={t('title')}
        rowKey="batchNo"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
        exporting={exporting}
        onExport={exportAll}
        emptyText={t('empty')}
        totals={() =>
          totals ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4}>
                  {t('total')}
                </Table.Summary.Cell>
                {figures.map((figure, i) => (
                  <Table.Summary.Cell key={figure.key} index={4 + i} align="right">
                    {totalOf(figure.key)}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={4 + figures.length} />
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
      <BuildUp batchNo={open} onClose={() => setOpen(null)} />
    </Space>
  );
}
