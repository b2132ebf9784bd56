// A document's history (document_history): every state change and operation on a record, with who and when.
import type { Queryable } from '../db/index.ts';

export interface HistoryStep {
  action: string;
  /** The state before; null when the record had none (it was just made). */
  from: string | null;
  /** The state after (the same as before for an operation that moves none). */
  to: string | null;
  comment?: string | null;
}

/** Writes one step of a record's history, by the hook's actor at the hook's time. */
export async function recordStep(
  hook: { db: Queryable; actor: { userId: string | null }; now: Date },
  resourceKey: string,
  recordId: string,
  step: HistoryStep,
): Promise<void> {
  await hook.db.query(
    `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      resourceKey,
      recordId,
      step.action,
      step.from,
      step.to,
      hook.actor.userId,
      step.comment ?? null,
      hook.now,
    ],
  );
}

/** Whether the hook's actor took the record's latest step of `action` (four eyes: who submitted may not approve). */
export async function tookLastStep(
  hook: { db: Queryable; actor: { userId: string | null } },
  resourceKey: string,
  recordId: string,
  action: string,
): Promise<boolean> {
  const [step] = await hook.db.query<{ userId: string | null }>(
    `select user_id::text as "userId" from document_history
      where resource_key = $1 and record_id = $2 and action = $3 order by id desc limit 1`,
    [resourceKey, recordId, action],
  );
  return step !== undefined && step.userId === hook.actor.userId;
}
