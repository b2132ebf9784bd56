// Storage of warehouse receipts (Cdzx, QmCdBatch, QmZccd, QmGhcd, QmCdzt) and of the contract batches view
// (QmCottonContractBatch). A receipt moves its batch through `moveBatch`: registered → receipted,
// transferred → sold, cancelled while registered → back in stock.

import Decimal from 'decimal.js';
import { LOT_TONNES } from '../../../src/modules/system/receipts.ts';
import { badRequest } from '../../http/envelope.ts';
import type { StoredArea } from './area.ts';
import { moveBatch } from './batches.ts';
import { FieldErrors } from './handlers.ts';
import type { HookContext, ResourceStorage } from './storage.ts';

interface StoredReceipt {
  status: string;
  receiptNo: string;
  batchNo: string;
  warehouseId: string | null;
  conditionedWeight: string | null;
  registeredOn: string | null;
  validUntil: string | null;
  transfereeId: string | null;
}

async function storedReceipt(hook: HookContext, id: string): Promise<StoredReceipt> {
  const [receipt] = await hook.db.query<StoredReceipt>(
    `select status, receipt_no as "receiptNo", batch_no as "batchNo", warehouse_id::text as "warehouseId",
            conditioned_weight::text as "conditionedWeight", to_char(registered_on, 'YYYY-MM-DD') as "registeredOn",
            to_char(valid_until, 'YYYY-MM-DD') as "validUntil", transferee_id::text as "transfereeId"
       from warehouse_receipts where id = $1`,
    [id],
  );
  if (!receipt) throw badRequest('仓单不存在或已被删除');
  return receipt;
}

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

interface BatchFacts {
  warehouseId: string | null;
  conditionedWeight: string | null;
}

/** The receipt's warehouse and weight: as entered, else the batch's; checked against the batch. */
function placeAndWeight(record: Record<string, unknown>, batchNo: string, batch: BatchFacts) {
  const problems: Record<string, string> = {};
  const warehouseId = given(record.warehouseId) ?? batch.warehouseId;
  if (!warehouseId) problems.warehouseId = `仓库：批号 ${batchNo} 没有登记所在仓库，请选择仓库`;
  else if (batch.warehouseId && warehouseId !== batch.warehouseId)
    problems.warehouseId = `仓库：批号 ${batchNo} 不在所选仓库`;
  const conditionedWeight = given(record.conditionedWeight) ?? batch.conditionedWeight;
  if (!conditionedWeight) problems.conditionedWeight = `公定重量（吨）：批号 ${batchNo} 没有公定重量，请填写`;
  else if (batch.conditionedWeight && new Decimal(conditionedWeight).greaterThan(batch.conditionedWeight))
    problems.conditionedWeight = `公定重量（吨）：不能超过批号 ${batchNo} 的公定重量 ${batch.conditionedWeight} 吨`;
  return { warehouseId, conditionedWeight, problems };
}

/** A pre-declared receipt: every field is written here, once the batch has been checked (and locked). */
async function writeDeclared(hook: HookContext, id: string, record: Record<string, unknown>) {
  const batchNo = String(record.batchNo);
  const [batch] = await hook.db.query<BatchFacts>(
    `select warehouse_id::text as "warehouseId", trim_scale(conditioned_weight)::text as "conditionedWeight"
       from batches where batch_no = $1 for update`,
    [batchNo],
  );
  if (!batch) throw new FieldErrors({ batchNo: `批号：${batchNo} 不是已登记的批号` });
  const { warehouseId, conditionedWeight, problems } = placeAndWeight(record, batchNo, batch);
  const [live] = await hook.db.query<{ receiptNo: string }>(
    `select receipt_no as "receiptNo" from warehouse_receipts
      where batch_no = $1 and status <> 'cancelled' and id <> $2 limit 1`,
    [batchNo, id],
  );
  if (live) problems.batchNo = `批号：${batchNo} 已有未注销的仓单 ${live.receiptNo}`;
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  await hook.db.query(
    `update warehouse_receipts set receipt_no = $2, batch_no = $3, warehouse_id = $4, conditioned_weight = $5,
            registered_on = $6, valid_until = $7 where id = $1`,
    [
      id,
      record.receiptNo,
      batchNo,
      warehouseId,
      conditionedWeight,
      given(record.registeredOn) ?? null,
      record.validUntil,
    ],
  );
}

/** Once registered, what the exchange holds stays as registered: only transferee and remark change. */
function assertRegisteredUnchanged(stored: StoredReceipt, record: Record<string, unknown>) {
  const same = (entered: unknown, kept: string | null, decimal = false) => {
    const value = given(entered);
    if (value === undefined) return true;
    return decimal && kept ? new Decimal(value).equals(kept) : value === kept;
  };
  const unchanged =
    same(record.receiptNo, stored.receiptNo) &&
    same(record.batchNo, stored.batchNo) &&
    same(record.warehouseId, stored.warehouseId) &&
    same(record.conditionedWeight, stored.conditionedWeight, true) &&
    same(record.registeredOn, stored.registeredOn) &&
    same(record.validUntil, stored.validUntil);
  if (!unchanged) throw badRequest('仓单已注册，只能修改受让方和备注');
}

async function saveReceipt(hook: HookContext, id: string, record: Record<string, unknown>) {
  const stored = await storedReceipt(hook, id);
  if (stored.status === 'preDeclared') return writeDeclared(hook, id, record);
  if (stored.status !== 'registered') throw badRequest('已过户或已注销的仓单不能修改');
  assertRegisteredUnchanged(stored, record);
}

async function register(hook: HookContext, id: string, receipt: StoredReceipt) {
  const [elsewhere] = await hook.db.query(
    'select 1 from batches where batch_no = $1 and warehouse_id is distinct from $2::bigint',
    [receipt.batchNo, receipt.warehouseId],
  );
  if (elsewhere) throw badRequest(`批号 ${receipt.batchNo} 不在仓单所在仓库，不能注册`);
  const [dates] = await hook.db.query<{ valid: boolean }>(
    `update warehouse_receipts
        set registered_on = coalesce(registered_on, $2::date)
      where id = $1 returning valid_until > registered_on as valid`,
    [id, hook.today],
  );
  if (!dates?.valid) throw badRequest('有效期须晚于注册日期，不能注册');
  await moveBatch(hook, receipt.batchNo, {
    from: ['stock'],
    to: 'receipted',
    because: `注册仓单 ${receipt.receiptNo}`,
  });
}

async function transfer(hook: HookContext, id: string, receipt: StoredReceipt) {
  if (!receipt.transfereeId) throw badRequest('过户前请先在仓单上填写受让方');
  await moveBatch(hook, receipt.batchNo, {
    from: ['receipted'],
    to: 'sold',
    because: `过户仓单 ${receipt.receiptNo}`,
  });
  await hook.db.query('update warehouse_receipts set holder_id = transferee_id where id = $1', [id]);
}

/** A registered receipt's batch is ours and back in stock; a transferred one's stays sold. */
async function cancel(hook: HookContext, id: string, receipt: StoredReceipt) {
  const [last] = await hook.db.query<{ fromState: string }>(
    `select from_state as "fromState" from document_history
      where resource_key = 'warehouseReceipt' and record_id = $1 order by id desc limit 1`,
    [id],
  );
  if (last?.fromState !== 'registered') return;
  await moveBatch(hook, receipt.batchNo, {
    from: ['receipted'],
    to: 'stock',
    because: `注销仓单 ${receipt.receiptNo}`,
  });
}

const RECEIPT_MOVES: Readonly<
  Record<string, (hook: HookContext, id: string, receipt: StoredReceipt) => Promise<void>>
> = { register, transfer, cancel };

/** Fields fixed at registration are written by `saveReceipt`, not by the generic save. */
const keptByStorage = (column: string) => ({ read: `t.${column}` });

const warehouseReceipt: ResourceStorage = {
  table: 'warehouse_receipts',
  columns: {
    receiptNo: keptByStorage('receipt_no'),
    batchNo: keptByStorage('batch_no'),
    warehouseId: keptByStorage('warehouse_id'),
    conditionedWeight: keptByStorage('conditioned_weight'),
    lots: { read: `floor(t.conditioned_weight / ${LOT_TONNES})::int` },
    registeredOn: keptByStorage('registered_on'),
    validUntil: keptByStorage('valid_until'),
    holderId: { read: 't.holder_id' },
  },
  unique: ['receiptNo'],
  saveExtra: saveReceipt,
  onDelete: async (db, ids) => {
    const kept = await db.query<{ receiptNo: string }>(
      `select receipt_no as "receiptNo" from warehouse_receipts
        where id = any($1::bigint[]) and status <> 'preDeclared'`,
      [ids],
    );
    if (kept.length > 0)
      throw badRequest(`只有预报状态的仓单可以删除：${kept.map((r) => r.receiptNo).join('、')}`);
  },
  afterTransition: async (hook, id, action) => {
    await RECEIPT_MOVES[action]?.(hook, id, await storedReceipt(hook, id));
    return {};
  },
};

const storage: Readonly<Record<string, ResourceStorage>> = {
  warehouseReceipt,
  contractBatch: { table: 'contract_batches' },
};

const VIEW = ['view', 'export'];
const RECEIPT_SCREENS = ['Cdzx', 'QmCdBatch', 'QmZccd', 'QmGhcd', 'QmCdzt'];
const viewing = (scopes: readonly string[]) => scopes.map((scope) => ({ scope, permissions: VIEW }));

const grants: StoredArea['grants'] = {
  // Each screen does its part: all receipts are kept on QmCdBatch, registered ones are transferred on QmZccd.
  warehouse: [
    { scope: 'QmCdBatch', permissions: [...VIEW, 'create', 'edit', 'register', 'transfer', 'cancel'] },
    { scope: 'Cdzx', permissions: [...VIEW, 'cancel'] },
    { scope: 'QmZccd', permissions: [...VIEW, 'edit', 'transfer', 'cancel'] },
    { scope: 'QmGhcd', permissions: [...VIEW, 'cancel'] },
    { scope: 'QmCdzt', permissions: VIEW },
  ],
  trader: viewing([...RECEIPT_SCREENS, 'QmCottonContractBatch']),
  risk: viewing([...RECEIPT_SCREENS, 'QmCottonContractBatch']),
  finance: viewing(['QmCdBatch', 'QmCdzt', 'QmCottonContractBatch']),
};

export const receiptStorage: StoredArea = { migration: '004_warehouse_receipts.sql', storage, grants };
