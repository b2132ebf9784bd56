// Manual allocation of futures trades (TradeAllocation): lots of a trade not booked for a fixing set against
// a contract in force or against the inventory. The save locks the trade first, so two allocations of one
// trade are checked one after the other, and refuses (400, nothing written) lots beyond the trade's
// unallocated ones, a trade a hedge order's fill booked, or a contract not in force. An allocation is not
// changed: it is deleted and made again. Who made it and when are kept on it (and in the operation record).

import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

async function lockTrade(db: Queryable, id: string | undefined, record: Record<string, unknown> | undefined) {
  if (id) throw badRequest('分配不能修改：请删除后重新分配');
  const tradeId = given(record?.tradeId);
  if (tradeId && /^\d+$/.test(tradeId))
    await db.query('select id from futures_trades where id = $1 for update', [tradeId]);
  // A target other than a contract names none.
  if (record && record.target !== 'contract') record.contractId = null;
}

async function checkAllocation(hook: HookContext, id: string, record: Record<string, unknown>) {
  const [trade] = await hook.db.query<{
    tradeNo: string;
    lots: number;
    fixingId: string | null;
    others: number;
  }>(
    `select t.trade_no as "tradeNo", t.lots, t.fixing_id::text as "fixingId",
            (select coalesce(sum(a.lots), 0)::int from futures_allocations a
              where a.trade_id = t.id and a.id <> $2) as others
       from futures_trades t where t.id = $1`,
    [String(record.tradeId), id],
  );
  const problems: Record<string, string> = {};
  if (!trade) problems.tradeId = '成交不存在';
  else if (trade.fixingId) problems.tradeId = `成交 ${trade.tradeNo} 已由套保指令成交记入点价，不能再分配`;
  else if (Number(record.lots) > trade.lots - trade.others)
    problems.lots = `成交 ${trade.tradeNo} 共 ${trade.lots} 手，已分配 ${trade.others} 手，最多还能分配 ${trade.lots - trade.others} 手`;
  if (record.target === 'contract') {
    const [contract] = await hook.db.query<{ status: string; contractNo: string | null }>(
      'select status, contract_no as "contractNo" from transaction_contracts where id = $1',
      [String(record.contractId)],
    );
    if (!contract) problems.contractId = '合同不存在';
    else if (!['approved', 'executing'].includes(contract.status))
      problems.contractId = `合同 ${contract.contractNo ?? ''} 未生效或已结束，不能分配`;
  }
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  await hook.db.query(
    'update futures_allocations set created_by = coalesce(created_by, $2), created_at = $3 where id = $1',
    [id, hook.actor.userId, hook.now],
  );
}

export const futuresAllocationStorage: ResourceStorage = {
  table: 'futures_allocations',
  // An allocation to a contract is its client's; one to the inventory names none.
  clientScope: {
    names: 'array(select c.partner_id from transaction_contracts c where c.id = t.contract_id)',
  },
  columns: {
    futuresMonth: { read: '(select f.futures_month from futures_trades f where f.id = t.trade_id)' },
    createdBy: { read: 't.created_by' },
    createdAt: { read: 't.created_at' },
  },
  lockFirst: lockTrade,
  saveExtra: checkAllocation,
};
