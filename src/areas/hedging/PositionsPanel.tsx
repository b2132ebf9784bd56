// Positions and exposure (TradeTotal) above the per-book lot list: the server's computation
// (POSITIONS_PATH) shown as tables — per book and month the open lots, average open price, MTM at the
// latest settlement and realised P&L; per month the exposure figures of domain.md §5 and the total; the
// same figures by crop year and by team.
import { Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import {
  type BookMonthPosition,
  type GroupExposure,
  type InventoryMark,
  type MonthExposure,
  POSITIONS_PATH,
  type PositionsAnswer,
} from './api.ts';

const positionsApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    hedgingPositions: build.query<PositionsAnswer, void>({
      query: () => ({ url: POSITIONS_PATH, body: {} }),
      transformResponse: (answer: Envelope<PositionsAnswer>) => answer.data!,
      // A trade, fixing, roll or transfer anywhere refetches it (the socket's 7000 frame invalidates these).
      providesTags: [
        { type: 'Resource', id: 'pending/OrderTrade' },
        { type: 'Resource', id: 'pending/TradeTotal' },
      ],
    }),
  }),
});

const shown = (value: string | number | null) => (value === null ? '—' : String(value));
/** The rows the total adds besides the months: contracts naming no month, and the stock. */
const WITHOUT_MONTH = '#withoutMonth';
const STOCK_LINE = '#stock';

export function PositionsPanel() {
  const { t } = useTranslation();
  const { data, isFetching } = positionsApi.useHedgingPositionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const word = (key: string) => t(`hedging:positions.${key}`);
  const positionColumns = (
    [
      'book',
      'month',
      'longLots',
      'longAveragePrice',
      'shortLots',
      'shortAveragePrice',
      'price',
      'priceDate',
      'mtm',
      'realisedPnl',
      'costs',
      'netRealisedPnl',
      'exchangeMarginRate',
      'exchangeMargin',
    ] as const
  ).map((key) => ({
    key,
    dataIndex: key,
    title: word(key),
    render: (value: string | number | null) => (key === 'book' ? t(`hedging:book.${value}`) : shown(value)),
  }));
  const exposureColumns = (
    [
      'month',
      'unpricedSales',
      'unpricedPurchases',
      'pricedPhysicalLong',
      'futuresNetTonnes',
      'netExposure',
      'hedgeRatio',
      'unpricedMtm',
      'futuresMtm',
    ] as const
  ).map((key) => ({
    key,
    dataIndex: key,
    title: word(key),
    render: (value: string | null) =>
      key !== 'month'
        ? shown(value)
        : value === ''
          ? word('total')
          : value === WITHOUT_MONTH
            ? word('withoutMonth')
            : value === STOCK_LINE
              ? word('stockLine')
              : shown(value),
  }));
  const groupColumns = (groupWord: string, noneWord: string) =>
    (
      [
        'group',
        'unpricedSales',
        'unpricedPurchases',
        'pricedPhysicalLong',
        'futuresNetTonnes',
        'netExposure',
        'hedgeRatio',
      ] as const
    ).map((key) => ({
      key,
      dataIndex: key,
      title: word(key === 'group' ? groupWord : key),
      render: (value: string | null) => (key === 'group' && value === '' ? word(noneWord) : shown(value)),
    }));
  const groupTable = (
    title: string,
    groupWord: string,
    noneWord: string,
    rows: GroupExposure[] | undefined,
  ) => (
    <Card size="small" title={word(title)}>
      <Table<GroupExposure>
        size="small"
        loading={isFetching}
        rowKey={(row) => row.group || '-'}
        columns={groupColumns(groupWord, noneWord)}
        dataSource={rows ?? []}
        pagination={false}
      />
    </Card>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={`${word('positions')} ${data?.day ?? ''}`}
        extra={
          data?.hedgeExchangeMargin
            ? t('hedging:positions.hedgeExchangeMargin', { amount: data.hedgeExchangeMargin })
            : null
        }
      >
        <Table<BookMonthPosition>
          size="small"
          loading={isFetching}
          rowKey={(row) => `${row.book}:${row.month}`}
          columns={positionColumns}
          dataSource={data?.positions ?? []}
          pagination={false}
        />
      </Card>
      <Card
        size="small"
        title={t('hedging:positions.exposureWithInventory', { tonnes: data?.inventoryTonnes ?? '—' })}
      >
        <Table<MonthExposure>
          size="small"
          loading={isFetching}
          rowKey={(row) => row.month || 'total'}
          columns={exposureColumns}
          dataSource={
            data
              ? [
                  ...data.exposure,
                  ...(data.withoutMonth ? [{ ...data.withoutMonth, month: WITHOUT_MONTH }] : []),
                  { ...data.stock, month: STOCK_LINE },
                  data.total,
                ]
              : []
          }
          pagination={false}
        />
      </Card>
      <Card size="small" title={word('inventoryMarkTitle')}>
        {data?.inventoryMark.price == null
          ? t('hedging:positions.inventoryMarkNone', { unvalued: data?.inventoryMark.unvaluedBatches ?? 0 })
          : data.inventoryMark.mtm == null
            ? t('hedging:positions.inventoryMarkUnvalued', {
                month: data.inventoryMark.month,
                price: data.inventoryMark.price,
                priceDate: data.inventoryMark.priceDate,
                unvalued: data.inventoryMark.unvaluedBatches,
              })
            : t('hedging:positions.inventoryMark', {
                month: data.inventoryMark.month,
                price: data.inventoryMark.price,
                priceDate: data.inventoryMark.priceDate,
                mtm: data.inventoryMark.mtm,
                valued: data.inventoryMark.valuedBatches,
                tonnes: data.inventoryMark.valuedTonnes,
                unvalued: data.inventoryMark.unvaluedBatches,
              })}
        {data && data.inventoryMark.batches.length > 0 ? (
          <Table<InventoryMark['batches'][number]>
            size="small"
            rowKey="batchNo"
            columns={(['batchNo', 'tonnes', 'unitCost', 'mtm'] as const).map((key) => ({
              key,
              dataIndex: key,
              title: word(key === 'mtm' ? 'batchMtm' : key),
              // A batch without a cost is blank, never 0.00 (issue 21).
              render: (value: string | null) => value ?? '',
            }))}
            dataSource={data.inventoryMark.batches}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
          />
        ) : null}
      </Card>
      {groupTable('byCropYear', 'cropYear', 'noCropYear', data?.byCropYear)}
      {groupTable('byTeam', 'team', 'noTeam', data?.byTeam)}
    </Space>
  );
}
