// The journal on the server: an entry is checked by its rule (src/domain/journal.ts) and against the closed
// months before it is written, so a refusal reads in words; the database refuses an unbalanced one at commit
// whatever writes it (migration 140). Client payments post when received and reverse when reversed, told by
// the payments area in the same transaction.
import {
  clientPaymentReceived,
  closedPeriodProblem,
  entryProblem,
  type Posting,
  reversingLines,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { HookContext } from '../../platform/resources/storage.ts';

export interface PostedEvent {
  sourceKind: string;
  sourceId: string;
  event: string;
  postedOn: string;
  lines: readonly Posting[];
  memo?: string;
  reverses?: string;
}

async function closedMonths(db: Queryable, day: string) {
  const rows = await db.query<{ month: string }>(
    `select to_char(month, 'YYYY-MM') as month from journal_periods where month = date_trunc('month', $1::date)`,
    [day],
  );
  return rows.map((row) => row.month);
}

/** Writes one entry and its lines; refused in words when it would not balance or its month is closed. */
export async function postEntry(hook: Pick<HookContext, 'db' | 'actor' | 'now'>, event: PostedEvent) {
  const found =
    entryProblem({ postedOn: event.postedOn, lines: event.lines }) ??
    closedPeriodProblem(event.postedOn, await closedMonths(hook.db, event.postedOn));
  if (found) throw badRequest(found.message);
  const [entry] = await hook.db.query<{ id: string }>(
    `insert into journal_entries (posted_on, source_kind, source_id, event, reverses_id, memo, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text`,
    [
      event.postedOn,
      event.sourceKind,
      event.sourceId,
      event.event,
      event.reverses ?? null,
      event.memo ?? null,
      hook.actor.userId,
      hook.now,
    ],
  );
  for (const line of event.lines)
    await hook.db.query(
      `insert into journal_lines (entry_id, account, partner_id, bank_account_id, debit, credit)
       values ($1, $2, $3, $4, $5, $6)`,
      [entry!.id, line.account, line.partnerId ?? null, line.bankAccountId ?? null, line.debit, line.credit],
    );
  return entry!.id;
}

/** The lines of an entry as the rules read them. */
async function linesOf(db: Queryable, entryId: string): Promise<Posting[]> {
  return db.query<Posting>(
    `select account, partner_id::text as "partnerId", bank_account_id::text as "bankAccountId",
            debit::text, credit::text from journal_lines where entry_id = $1 order by id`,
    [entryId],
  );
}

/** Reverses the entry a document's event posted (once; a second reversal finds nothing to do). */
export async function reverseEvent(
  hook: Pick<HookContext, 'db' | 'actor' | 'now' | 'today'>,
  source: { sourceKind: string; sourceId: string; event: string },
  reversal: string,
) {
  const [original] = await hook.db.query<{ id: string }>(
    `select e.id::text from journal_entries e
      where e.source_kind = $1 and e.source_id = $2 and e.event = $3
        and not exists (select 1 from journal_entries r where r.reverses_id = e.id)`,
    [source.sourceKind, source.sourceId, source.event],
  );
  if (!original) return;
  await postEntry(hook, {
    ...source,
    event: reversal,
    postedOn: hook.today,
    lines: reversingLines(await linesOf(hook.db, original.id)),
    reverses: original.id,
  });
}

/**
 * Brings a contract's client payments into the journal: each received one not posted yet is posted, each
 * reversed one posted and not reversed is reversed. Idempotent: the payments area tells every receipt and
 * reversal, and the demo calls it once for all.
 */
export async function postClientPayments(hook: HookContext, contractId?: string) {
  const pending = await hook.db.query<{ id: string; partnerId: string; amount: string; status: string }>(
    `select p.id::text, p.partner_id::text as "partnerId", p.amount::text, p.status from client_payments p
      where ($1::bigint is null or p.contract_id = $1)
        and ((p.status in ('paid', 'reconciled') and not exists (select 1 from journal_entries e
               where e.source_kind = 'clientPayment' and e.source_id = p.id::text and e.event = 'received'))
          or (p.status = 'reversed' and not exists (select 1 from journal_entries e
               where e.source_kind = 'clientPayment' and e.source_id = p.id::text and e.event = 'reversed')))
      order by p.id`,
    [contractId ?? null],
  );
  for (const payment of pending) {
    const source = { sourceKind: 'clientPayment', sourceId: payment.id, event: 'received' };
    if (payment.status === 'reversed') await reverseEvent(hook, source, 'reversed');
    else
      await postEntry(hook, {
        ...source,
        postedOn: hook.today,
        lines: clientPaymentReceived(payment.partnerId, payment.amount),
      });
  }
}
