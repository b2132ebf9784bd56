// The risk part of the demo company: bands with one crossed (its warning open, its people told) and a
// supplier's purchase-contract margin with last month's interest, as a newcomer finds them.
import type { FastifyInstance } from 'fastify';
import { priceWarning, purchaseMarginBalance } from '../../../src/areas/risk/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { login, startApp, TEST_TENANT } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the risk part of the demo company', () => {
  let db: Db;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).demo).toBe(true);
    ({ app } = await startApp(db));
    for (const user of ['risk', 'finance']) tokens[user] = (await login(app, user)).token;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('has bands, one crossed, its warning open and told to risk', async () => {
    const bands = await db.query<{ month: string }>('select futures_month as month from price_bands');
    expect(bands).toHaveLength(2);
    const open = await records('risk', priceWarning, { status: 'open' });
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ side: 'above' });
    const [told] = await db.query<{ n: number }>(
      `select count(*)::int as n from messages m join users u on u.id = m.user_id
        where u.login_name = 'risk' and m.message like '区间预警%'`,
    );
    expect(told!.n).toBe(1);
  });

  it('has a supplier’s margin: paid, allotted, partly returned, with interest accrued', async () => {
    const [balance] = await records('finance', purchaseMarginBalance);
    expect(balance).toMatchObject({
      paid: '300000.00',
      returned: '50000.00',
      balance: '250000.00',
      allotted: '200000.00',
      unallotted: '50000.00',
    });
    // At the seed's 3.45% ACT/365: 25 days of 300,000.00 = 708.90, then 5 days of 250,000.00 = 118.15.
    expect(balance!.interestAccrued).toBe('827.05');
  });
});
