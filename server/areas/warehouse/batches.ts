// Storage of batches (MtfmBatchData), the warehouses' delivery premiums (QmFuturesDiscount) and the premium
// overview (QmFuturesDiscountAll, a view of 003), and the one way other documents move a batch: its status
// and warehouse change only through `moveBatch`, which also writes the batch's own history.

import { WAREHOUSE_DICTIONARIES } from '../../../src/areas/warehouse/dictionaries.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { StoredPart } from '../../platform/resources/area.ts';
import { recordStep } from '../../platform/resources/history.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { recomputeBatch } from './batchFigures.ts';
import { batchOwnershipColumns } from './ownership.ts';

const BATCH_STATE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  (WAREHOUSE_DICTIONARIES.batchState ?? []).map((entry) => [entry.value, String(entry.label)]),
);

/** The documents whose foreign keys point at a batch (migration 010), in the order they are named. */
const DOCUMENTS_NAMING_A_BATCH: readonly (readonly [table: string, name: string])[] = [
  ['transaction_contract_lines', '交易合同'],
  ['warehouse_receipts', '仓单'],
  ['movements', '运输单'],
  ['warehouse_fees', '仓储费用单'],
  ['outbound_appointments', '出库预约'],
];

/** What names a batch the database refused to delete or renumber (asked only after the refusal). */
async function documentsNaming(db: Queryable, batchId: string): Promise<string[]> {
  const naming: string[] = [];
  for (const [table, name] of DOCUMENTS_NAMING_A_BATCH) {
    const [hit] = await db.query(`select 1 from ${table} where batch_id = $1 limit 1`, [batchId]);
    if (hit) naming.push(name);
  }
  return naming;
}

/** A delete or renumbering the foreign keys refused (23503, or 23001 under `on delete restrict`), in words: which batch, named by what. */
async function refusedAsReferenced(db: Queryable, ids: string[], verb: 'delete' | 'save') {
  const rows = await db.query<{ id: string; batchNo: string }>(
    'select id::text, batch_no as "batchNo" from batches where id = any($1::bigint[]) order by id',
    [ids],
  );
  for (const row of rows) {
    const naming = await documentsNaming(db, row.id);
    if (naming.length === 0) continue;
    const refusal = `批号 ${row.batchNo} 已被${naming.join('、')}引用，不能${verb === 'delete' ? '删除' : '修改'}`;
    if (verb === 'save') throw new FieldErrors({ batchNo: `批号：${refusal}` });
    throw badRequest(refusal);
  }
}

/** Only a batch in stock may be deleted (a mistaken entry); one a document names, the foreign keys keep. */
async function refuseDeletingUsedBatches(db: Queryable, ids: string[]) {
  const rows = await db.query<{ batchNo: string; status: string }>(
    `select batch_no as "batchNo", status from batches where id = any($1::bigint[]) for update`,
    [ids],
  );
  const moved = rows.find((row) => row.status !== 'stock');
  if (moved)
    throw badRequest(
      `批号 ${moved.batchNo} 当前状态为「${BATCH_STATE_NAMES[moved.status] ?? moved.status}」，只有在库且未被单据引用的批次可以删除`,
    );
}

const batch: ResourceStorage = {
  table: 'batches',
  unique: ['batchNo'],
  // A client's goods held for them are theirs; the house's own stock is every salesperson's to sell.
  clientScope: { names: 'array[t.owner_id]' },
  columns: batchOwnershipColumns,
  saveExtra: async ({ db }, id) => {
    await recomputeBatch(db, id);
  },
  onDelete: refuseDeletingUsedBatches,
  refusedAsReferenced,
};

const warehousePremium: ResourceStorage = {
  table: 'warehouse_premiums',
  saveExtra: async ({ db }, id, record) => {
    const [taken] = await db.query(
      'select 1 from warehouse_premiums where crop_year = $1 and warehouse_id = $2 and id <> $3',
      [record.cropYear, record.warehouseId, id],
    );
    if (taken) throw new FieldErrors({ warehouseId: `仓库：该仓库 ${record.cropYear} 年度的升贴水已存在` });
  },
};

const storage: Readonly<Record<string, ResourceStorage>> = {
  batch,
  warehousePremium,
  batchPremium: { table: 'batch_premiums' },
};

const WORK = ['view', 'create', 'edit', 'delete', 'export'];
const READ = ['view', 'export'];

const grants: StoredPart['grants'] = {
  warehouse: [
    { scope: 'MtfmBatchData', permissions: WORK },
    { scope: 'QmFuturesDiscount', permissions: READ },
    { scope: 'QmFuturesDiscountAll', permissions: READ },
    { scope: 'StockReport', permissions: READ },
  ],
  trader: [
    { scope: 'MtfmBatchData', permissions: READ },
    { scope: 'QmFuturesDiscount', permissions: READ },
    { scope: 'QmFuturesDiscountAll', permissions: READ },
    { scope: 'StockReport', permissions: READ },
  ],
  risk: [
    { scope: 'MtfmBatchData', permissions: READ },
    { scope: 'QmFuturesDiscount', permissions: READ },
    { scope: 'QmFuturesDiscountAll', permissions: READ },
    { scope: 'StockReport', permissions: READ },
  ],
  finance: [{ scope: 'StockReport', permissions: READ }],
};

export interface BatchMove {
  /** The batch's status before the move must be one of these (e.g. only a batch in stock can leave). */
  from: readonly string[];
  to: string;
  /** The warehouse the batch is in afterwards, when the move changes it. */
  warehouseId?: string | null;
  /** The document causing it, e.g. `仓单 WR001 注册`: shown in the batch's history. */
  because: string;
}

/**
 * Moves a batch on behalf of another document, inside that document's transaction: refuses (400, nothing
 * changed) when the batch does not exist or is not in an allowed state, and records who, when and why.
 */
export async function moveBatch(hook: HookContext, batchNo: string, move: BatchMove): Promise<void> {
  if (!(move.to in BATCH_STATE_NAMES)) throw new Error(`Unknown batch state ${move.to}`);
  const [batch] = await hook.db.query<{ id: string; status: string }>(
    'select id::text, status from batches where batch_no = $1 for update',
    [batchNo],
  );
  if (!batch) throw badRequest(`批号 ${batchNo} 不存在`);
  if (!move.from.includes(batch.status))
    throw badRequest(
      `批号 ${batchNo} 当前状态为「${BATCH_STATE_NAMES[batch.status] ?? batch.status}」，不能${move.because}`,
    );
  await hook.db.query(
    `update batches set status = $2, warehouse_id = case when $3 then $4::bigint else warehouse_id end
      where id = $1`,
    [batch.id, move.to, move.warehouseId !== undefined, move.warehouseId ?? null],
  );
  await recordStep(hook, 'batch', batch.id, {
    action: 'move',
    from: batch.status,
    to: move.to,
    comment: move.because,
  });
}

export const batchStorage: StoredPart = { migration: '003_batches.sql', storage, grants };
