// Storage of batches (MtfmBatchData), the warehouses' delivery premiums (QmFuturesDiscount) and the premium
// overview (QmFuturesDiscountAll, a view of 003), and the one way other documents move a batch: its status
// and warehouse change only through `moveBatch`, which also writes the batch's own history.

import { type BatchCertificate, batchArea, deriveBatchValues } from '../../../src/modules/system/batches.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../http/envelope.ts';
import type { StoredArea } from './area.ts';
import { FieldErrors } from './handlers.ts';
import type { HookContext, ResourceStorage } from './storage.ts';

const BATCH_STATE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  (batchArea.dictionaries.batchState ?? []).map((entry) => [entry.value, String(entry.label)]),
);

/** What the documents naming a batch are called, by the table holding their `batch_no`. */
const DOCUMENT_NAMES: Readonly<Record<string, string>> = {
  transaction_contract_lines: '交易合同',
  warehouse_receipts: '仓单',
  movements: '运输单',
  warehouse_fees: '仓储费用单',
  outbound_appointments: '出库预约',
};

/**
 * The documents (by name) that name one of these batch numbers. Every table with a `batch_no` column
 * counts, so documents added later are covered without a change here.
 */
async function documentsNaming(db: Queryable, batchNos: readonly string[]): Promise<string[]> {
  const tables = await db.query<{ name: string }>(
    `select c.table_name as name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'batch_no'
        and t.table_type = 'BASE TABLE' and c.table_name <> 'batches'
      order by c.table_name`,
  );
  const naming: string[] = [];
  for (const { name } of tables) {
    const [hit] = await db.query(
      `select 1 from "${name.replace(/"/g, '""')}" where batch_no = any($1::text[]) limit 1`,
      [batchNos],
    );
    if (hit) naming.push(DOCUMENT_NAMES[name] ?? '其他单据');
  }
  return [...new Set(naming)];
}

/** A batch other documents name keeps its number: they refer to it by that number. */
async function refuseRenamingNamedBatch(db: Queryable, id: string, batchNo: string) {
  const [row] = await db.query<{ saved: string | null }>(
    'select saved_batch_no as saved from batches where id = $1',
    [id],
  );
  if (!row?.saved || row.saved === batchNo) return;
  const naming = await documentsNaming(db, [row.saved]);
  if (naming.length > 0)
    throw new FieldErrors({ batchNo: `批号：批号 ${row.saved} 已被${naming.join('、')}引用，不能修改` });
}

async function storeDerivedValues(db: Queryable, id: string, record: Record<string, unknown>) {
  const derived = deriveBatchValues(record as unknown as BatchCertificate);
  await db.query(
    `update batches set net_weight = $2, conditioned_weight = $3, length_grade = $4, micronaire_grade = $5,
            strength_grade = $6, uniformity_grade = $7, deliverable = $8, undeliverable_reasons = $9,
            saved_batch_no = batch_no
      where id = $1`,
    [
      id,
      derived.netWeight,
      derived.conditionedWeight,
      derived.lengthGrade,
      derived.micronaireGrade,
      derived.strengthGrade,
      derived.uniformityGrade,
      derived.deliverable,
      derived.undeliverableReasons,
    ],
  );
}

/** Only a batch in stock that no document names may be deleted (a mistaken entry). */
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
  for (const row of rows) {
    const naming = await documentsNaming(db, [row.batchNo]);
    if (naming.length > 0) throw badRequest(`批号 ${row.batchNo} 已被${naming.join('、')}引用，不能删除`);
  }
}

const batch: ResourceStorage = {
  table: 'batches',
  unique: ['batchNo'],
  saveExtra: async ({ db }, id, record) => {
    await refuseRenamingNamedBatch(db, id, String(record.batchNo));
    await storeDerivedValues(db, id, record);
  },
  onDelete: refuseDeletingUsedBatches,
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

const grants: StoredArea['grants'] = {
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
  await hook.db.query(
    `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
     values ('batch', $1, 'move', $2, $3, $4, $5, $6)`,
    [batch.id, batch.status, move.to, hook.actor.userId, move.because, hook.now],
  );
}

export const batchStorage: StoredArea = { migration: '003_batches.sql', storage, grants };
