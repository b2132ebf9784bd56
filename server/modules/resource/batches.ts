// Storage of batches (MtfmBatchData) and the one way other documents move a batch: its status and
// warehouse change only through `moveBatch`, which also writes the batch's own history.

import { badRequest } from '../../http/envelope.ts';
import type { HookContext, ResourceStorage } from './storage.ts';

export const BATCH_STORAGE: Readonly<Record<string, ResourceStorage>> = {};

/** Each role's rights on these screens, seeded with this area's migration: role code → grants. */
export const BATCH_GRANTS: Readonly<Record<string, readonly { scope: string; permissions: string[] }[]>> = {};

export interface BatchMove {
  /** The batch's status before the move must be one of these (e.g. only a batch in stock can leave). */
  from: readonly string[];
  to: string;
  /** The warehouse the batch is in afterwards, when the move changes it. */
  warehouseId?: string | null;
  /** The document causing it, e.g. `仓单 WR001 注册`: shown in the batch's history. */
  because: string;
}

const BATCH_STATE_NAMES: Readonly<Record<string, string>> = {
  inTransit: '在途',
  stock: '在库',
  reserved: '已预留',
  pledged: '已质押',
  receipted: '已注册仓单',
  sold: '已售出',
  out: '已出库',
};

/**
 * Moves a batch on behalf of another document, inside that document's transaction: refuses (400, nothing
 * changed) when the batch does not exist or is not in an allowed state, and records who, when and why.
 */
export async function moveBatch(hook: HookContext, batchNo: string, move: BatchMove): Promise<void> {
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
