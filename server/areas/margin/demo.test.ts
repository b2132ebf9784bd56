// The margin part of the demo company: accounts opened, a call met by a deposit, one forced, one open now, with the
// salesperson and risk told; the balances are the sums of the movements.
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { TEST_TENANT } from '../../test/harness.ts';
import { COMPOSITION } from '../index.ts';
import { requirementOf } from './requirement.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the margin demo', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('holds one call met, one forced into pricing past its deadline and one open, each told', async () => {
    const calls = await db.query<{ status: string; reason: string | null; deadline: string; opened: string }>(
      `select status, closed_reason as reason, to_char(deadline, 'YYYY-MM-DD') as deadline,
              to_char(opened_on, 'YYYY-MM-DD') as opened from margin_calls order by id`,
    );
    expect(calls.map((call) => call.status).sort()).toEqual(['forcedPriced', 'met', 'open']);
    expect(calls.find((call) => call.status === 'met')!.reason).toBe('margin');
    expect(calls.find((call) => call.status === 'forcedPriced')!.reason).toBe('deadline');
    const [forcedFixings] = await db.query<{ n: number }>(
      'select count(*)::int as n from contract_fixings where forced',
    );
    expect(forcedFixings!.n).toBeGreaterThan(0);
    const open = calls.find((call) => call.status === 'open')!;
    expect(open.opened).toBe('2026-11-23');
    expect(open.deadline > open.opened).toBe(true);
    const [told] = await db.query<{ n: number }>(
      `select count(*)::int as n from messages m join users u on u.id = m.user_id
        where m.message_type = '1000009' and u.login_name = 'risk'`,
    );
    expect(told!.n).toBeGreaterThanOrEqual(3);
  });

  // Issue 21: the client forced into pricing kept the requirement and shortfall of before its forced
  // fixing (400,000 / 345,600.32 instead of 34,512.72 / 0) until another event. Every stored requirement is
  // what the client's contracts give now.
  it("keeps each client's requirement as its contracts give it, the forced client's recomputed at once", async () => {
    const stored = await db.query<{ partnerId: string; requirement: string }>(
      'select partner_id::text as "partnerId", requirement::text from client_margin_requirements order by 1',
    );
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const row of stored)
      expect(row.requirement, row.partnerId).toBe(await requirementOf(db, row.partnerId, '2026-11-23'));
  });

  it('gives balances equal to the sums of the movements, nothing allotted beyond what is held', async () => {
    const rows = await db.query<{ balance: string; sum: string; available: string }>(
      `select b.balance::text, b.available::text,
              (select sum(case kind when 'deposit' then amount when 'interest' then amount when 'withdraw' then -amount else 0 end)
                 from client_margin_movements m where m.partner_id = b.partner_id)::text as sum
         from client_margin_balances b`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.balance).toBe(row.sum);
      expect(Number(row.available)).toBeGreaterThanOrEqual(0);
    }
  });
});
