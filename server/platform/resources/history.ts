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

/** Writes one step of each of many records in one statement (a price raising a thousand calls), in order. */
export async function recordSteps(
  hook: { db: Queryable; actor: { userId: string | null }; now: Date },
  resourceKey: string,
  steps: readonly (HistoryStep & { recordId: string })[],
): Promise<void> {
  if (steps.length === 0) return;
  await hook.db.query(
    `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
     select $1, v.record, v.action, v.from_state, v.to_state, $6, v.comment, $7
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $8::text[]) with ordinality
            as v(record, action, from_state, to_state, comment, n)
      order by v.n`,
    [
      resourceKey,
      steps.map((step) => step.recordId),
      steps.map((step) => step.action),
      steps.map((step) => step.from),
      steps.map((step) => step.to),
      hook.actor.userId,
      hook.now,
      steps.map((step) => step.comment ?? null),
    ],
  );
}
