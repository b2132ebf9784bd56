// The demo company's pledges: pledge A partly redeemed (its redemption paid by a bank payment of the amount due
// and released), a redemption and an interest period waiting for a second person, pledge B called by today's
// revaluation with finance and risk told, pledge C waiting for approval; every pledged batch is `pledged`, every
// freed one back in stock, and the journal balances.
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { TEST_TENANT } from '../../test/harness.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the demo company’s pledges', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW });
  }, 300_000);
  afterAll(async () => {
    await db.close();
  });

  it('holds a partly redeemed pledge, one open call, and documents waiting for a second person', async () => {
    const pledges = await db.query<{ status: string; risk: string; submitter: string | null }>(
      `select p.status, p.risk_status as risk, u.login_name as submitter from pledges p
         left join users u on u.id = p.submitted_by order by p.id`,
    );
    expect(pledges.map((p) => p.status)).toEqual(['partlyRedeemed', 'pledged', 'submitted']);
    expect(pledges[1]!.risk).toBe('called');
    const calls = await db.query<{ status: string; cash: string }>(
      `select status, cash_required::text as cash from pledge_calls`,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.status).toBe('open');
    expect(Number(calls[0]!.cash)).toBeGreaterThan(0);
    const told = await db.query<{ login: string }>(
      `select distinct u.login_name as login from messages m join users u on u.id = m.user_id
        where m.message like '质押追加通知%' order by 1`,
    );
    expect(told.map((row) => row.login)).toEqual(expect.arrayContaining(['finance', 'risk']));
    const redemptions = await db.query<{ status: string; paid: boolean }>(
      `select r.status, exists (select 1 from bank_transactions t where t.id = r.bank_transaction_id
                                 and t.amount = r.total_due and t.direction = 'out') as paid
         from pledge_redemptions r order by r.id`,
    );
    expect(redemptions).toEqual([
      { status: 'released', paid: true },
      { status: 'submitted', paid: false },
    ]);
    const interest = await db.query<{ status: string }>('select status from pledge_interest');
    expect(interest).toEqual([{ status: 'computed' }]);
  });

  it('moves the batches with their pledges and keeps the journal balanced', async () => {
    const batches = await db.query<{ released: boolean; status: string; pledge: string }>(
      `select l.released_on is not null as released, b.status, p.status as pledge
         from pledge_lines l join batches b on b.batch_no = l.batch_no join pledges p on p.id = l.pledge_id`,
    );
    for (const line of batches)
      expect(line.status).toBe(line.pledge === 'submitted' ? 'stock' : line.released ? 'stock' : 'pledged');
    const [unbalanced] = await db.query<{ n: number }>(
      `select count(*)::int as n from (select entry_id from journal_lines group by entry_id
                                        having sum(debit) <> sum(credit)) x`,
    );
    expect(unbalanced!.n).toBe(0);
    const [loans] = await db.query<{ n: number }>(
      `select count(*)::int as n from journal_entries where source_kind = 'pledge' and event like 'redemption:%'`,
    );
    expect(loans!.n).toBe(1);
  });
});
