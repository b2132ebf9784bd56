// The manual allocations of futures trades where they matter: under a trade's detail (with its close-outs)
// the allocations of its lots, and under a contract's detail (after its fixings) the lots allocated to it.
// Shown only to a user who may read TradeAllocation, and only when there are some.
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { listColumns } from '../../framework/resource/index.ts';
import { useTableColumns, useViewableRecords } from '../../framework/screens/hooks.tsx';
import type { ResourceRecord } from '../../framework/screens/index.ts';
import { futuresAllocation } from './resources.ts';
import { TradeCloseOuts } from './StatementScreens.tsx';

function AllocationRows({ filter, hidden }: { filter: Record<string, string>; hidden: string }) {
  const { t } = useTranslation('shell');
  const { data, isLoading, viewable } = useViewableRecords(futuresAllocation, {
    pageNo: 1,
    size: 200,
    filters: filter,
  });
  const columns = useTableColumns(listColumns(futuresAllocation).filter((column) => column.key !== hidden));
  const rows = data?.records ?? [];
  if (!viewable || (!isLoading && rows.length === 0)) return null;
  return (
    <Card size="small" title={t('hedging:route.TradeAllocation')}>
      <Table<ResourceRecord>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
      />
    </Card>
  );
}

/** A contract's allocated trades, under its fixings. */
export function ContractAllocations({ record }: { record: ResourceRecord }) {
  return <AllocationRows filter={{ contractId: record.id }} hidden="contractId" />;
}

/** A trade's close-outs, then the allocations of its lots. */
export function TradeParts({ record }: { record: ResourceRecord }) {
  return (
    <>
      <TradeCloseOuts record={record} />
      <AllocationRows filter={{ tradeId: record.id }} hidden="tradeId" />
    </>
  );
}
