// The demo company's capital: its bank accounts, supplier payments in every state of SM-6 with who took each
// step, and a journal that balances and agrees with the client payments and margin the demo holds.
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { TEST_TENANT } from '../../test/harness.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the demo company’s capital', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW });
  }, 300_000);
  afterAll(async () => {
    await db.close();
  });

  it('holds supplier payments in every state, each step taken by someone allowed to', async () => {
    const rows = await db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from outgoing_payments group by status order by status',
    );
    expect(rows.map((row) => row.status)).toEqual([
      'approved',
      'checked',
      'draft',
      'paid',
      'rejected',
      'submitted',
    ]);
    const [eyes] = await db.query<{ n: number }>(
      `select count(*)::int as n from outgoing_payments
        where checked_by = submitted_by or approved_by = submitted_by or approved_by = checked_by`,
    );
    expect(eyes!.n).toBe(0);
    const [steps] = await db.query<{ n: number }>(
      `select count(*)::int as n from document_history where resource_key = 'outgoingPayment'`,
    );
    expect(steps!.n).toBe(16);
  });

  it('posts what was paid out and received, and the book balances and reconciles', async () => {
    const [paid] = await db.query<{ n: number }>(
      `select count(*)::int as n from outgoing_payments p join journal_entries e
         on e.source_kind = 'outgoingPayment' and e.source_id = p.id::text where p.status = 'paid'`,
    );
    expect(paid!.n).toBe(2);
    const [totals] = await db.query<{ debit: string; credit: string; entries: number }>(
      `select sum(debit)::text as debit, sum(credit)::text as credit, count(distinct entry_id)::int as entries
         from journal_lines`,
    );
    expect(totals!.debit).toBe(totals!.credit);
    expect(totals!.entries).toBeGreaterThan(5);
    const unreconciled = await db.query(
      `select b.partner_id from client_margin_balances b
        where b.balance <> -coalesce((select sum(balance) from journal_balances j
                                       where j.account = 'clientMarginHeld' and j.partner_id = b.partner_id), 0)
       union all
       select p.partner_id from client_payments p where p.status in ('paid', 'reconciled')
        group by p.partner_id
       having sum(p.amount) <> -coalesce((select sum(balance) from journal_balances j
                                           where j.account = 'receivables' and j.partner_id = p.partner_id), 0)`,
    );
    expect(unreconciled).toEqual([]);
    const [statement] = await db.query<{ n: number; claimed: number; out: number }>(
      `select count(*)::int as n, count(*) filter (where status = 'claimed')::int as claimed,
              count(*) filter (where direction = 'out')::int as out from bank_transactions`,
    );
    expect(statement!.claimed).toBe(2);
    expect(statement!.out).toBe(4);
    expect(statement!.n).toBeGreaterThan(6);
    const accounts = await db.query<{ kind: string }>('select kind from bank_accounts order by kind');
    expect(accounts.map((row) => row.kind)).toEqual(['basic', 'margin']);
  });
});
