// A pledge loan's interest raced on PostgreSQL, as a desk clicking in several tabs: domain-money.md §3.5's loan of
// 1,700,000.00 at 3.45 % ACT/365 drawn on 23 November, its interest through 14 December (21 days, the last not
// counted) = 3,374.38. Computed 50 times at once: one interest record, the others refused in words; confirmed 50
// times at once by the other finance user: confirmed once; billed 50 times at once: the journal holds its
// interest / bank entry once. Never 500. PGlite has one connection, so nothing races there.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bankAccount } from '../../../src/areas/capital/index.ts';
import { pledge, pledgeInterest } from '../../../src/areas/pledges/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { dropSchema } from '../../platform/db/postgres.ts';
import { login, manualClock, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const DAY = 86_400_000;
const WAYS = 50;
const URL = process.env.DATABASE_URL;
const BATCHES = [
  ['P1', '40'],
  ['P2', '40.5'],
  ['P3', '39.8'],
  ['P4', '40.2'],
] as const;

describe.skipIf(!URL)('50 interest computations and decisions on one pledge at once on PostgreSQL', () => {
  let db: Db;
  let app: FastifyInstance;
  const clock = manualClock(NOW);
  const schema = `test_interest_${randomUUID().slice(0, 8)}`;
  const tokens: Record<string, string> = {};
  const { call, saved, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let pledgeId = '';
  let account = '';

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params))[0]!;
  const relogin = async () => {
    for (const who of ['admin', 'finance', 'finance2']) tokens[who] = (await login(app, who)).token;
  };
  /** The answers of 50 calls at once: how many passed, and the refusals. */
  async function race(send: () => Promise<{ json: { code: unknown; msg?: unknown } }>) {
    const answers = await Promise.all(Array.from({ length: WAYS }, () => send().then(({ json }) => json)));
    return {
      passed: answers.filter((json) => json.code === 200).length,
      refused: answers.filter((json) => json.code !== 200),
    };
  }

  beforeAll(async () => {
    db = await openDatabase({ url: URL, schema, poolSize: 12 });
    await migrate(db, TEST_TENANT, COMPOSITION, { now: new Date(NOW) });
    ({ app } = await startApp(db, clock));
    await relogin();
    const bank = (
      await one<{ id: string }>(
        `insert into partners (name, kinds) values ('农业银行乌鲁木齐分行', '{bank}') returning id::text`,
      )
    ).id;
    const warehouse = (
      await one<{ id: string }>(
        `insert into warehouses (code, name, kind) values ('KRL', '库尔勒库', 'delivery') returning id::text`,
      )
    ).id;
    for (const [batchNo, tonnes] of BATCHES)
      await db.query(
        `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, colour_grade,
            length_grade, micronaire_grade, strength_grade, uniformity_grade, ginning_grade)
         values ($1, 'stock', '2025/26', $2, $3, '31', '28', 'B1', 'S3', 'U3', 'P2')`,
        [batchNo, warehouse, tonnes],
      );
    await db.query(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       values ('2026-11-20', 'CF2701', 14300, 14300)`,
    );
    await db.query(
      `with sheet as (
         insert into sales_basis_sheets (sheet_no, effective_from, status, published_by, published_at)
         values ('JC1', '2026-11-01', 'active', (select min(id) from users), '2026-11-01T02:00:00Z') returning id)
       insert into sales_basis_lines (sheet_id, sort, futures_month, basis) select id, 1, 'CF2701', 900 from sheet`,
    );
    account = (
      await saved('finance', bankAccount, {
        bankPartnerId: bank,
        branch: '营业部',
        accountNo: '6222020200112233445',
        accountName: '基本户',
        kind: 'basic',
        openingBalance: '5000000',
        openingDate: '2026-11-01',
      })
    ).id;
    pledgeId = (
      await saved('finance', pledge, {
        bankId: bank,
        principal: '1700000',
        dueDate: '2027-05-20',
        dayCount: 'ACT/365',
        interestEnds: 'firstNotLast',
        lines: JSON.stringify(BATCHES.map(([batchNo]) => ({ batchNo }))),
      })
    ).id;
    expect((await transition('finance', pledge, pledgeId, 'submit')).json.code).toBe(200);
    expect((await transition('finance2', pledge, pledgeId, 'approve')).json.code).toBe(200);
    const drawn = await call('finance', pledge, 'transition', {
      id: pledgeId,
      action: 'draw',
      loanNo: 'JK-2026-118',
      drawDate: '2026-11-23',
      bankAccountId: account,
    });
    expect(drawn.json.code, drawn.json.msg).toBe(200);
    clock.advance(21 * DAY);
    await relogin();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (URL) await dropSchema(URL, schema);
  });

  it('computes one interest record of 50 at once, confirms it once and journals it once', async () => {
    const computed = await race(() =>
      post(
        app,
        '/api/pur/SurchargeInterest/computeInterest',
        { pledgeId, through: '2026-12-14' },
        { token: tokens.finance! },
      ),
    );
    expect(computed.passed).toBe(1);
    for (const json of computed.refused)
      expect(json).toMatchObject({ code: 400, msg: expect.stringContaining('利息已计至 2026-12-14') });
    const rows = await db.query<{ id: string; amount: string; status: string }>(
      'select id::text, amount::text, status from pledge_interest where pledge_id = $1',
      [pledgeId],
    );
    expect(rows).toEqual([{ id: expect.any(String), amount: '3374.38', status: 'computed' }]);
    const id = rows[0]!.id;

    const confirmed = await race(() =>
      call('finance2', pledgeInterest, 'transition', { id, action: 'confirmInterest' }),
    );
    expect(confirmed.passed).toBe(1);
    for (const json of confirmed.refused)
      expect(json).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });

    const billed = await race(() =>
      call('finance', pledgeInterest, 'transition', {
        id,
        action: 'bill',
        bankAccountId: account,
        billedOn: '2026-12-14',
      }),
    );
    expect(billed.passed).toBe(1);
    for (const json of billed.refused) expect(json).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });

    expect(
      await db.query(
        `select action, count(*)::int as n from document_history
          where resource_key = 'pledgeInterest' and record_id = $1 group by action order by action`,
        [id],
      ),
    ).toEqual([
      { action: 'bill', n: 1 },
      { action: 'confirmInterest', n: 1 },
    ]);
    expect(
      await db.query(
        `select l.account, l.debit::text, l.credit::text from journal_entries e
           join journal_lines l on l.entry_id = e.id
          where e.source_kind = 'pledge' and e.source_id = $1 and e.event = $2 order by l.id`,
        [pledgeId, `interest:${id}`],
      ),
    ).toEqual([
      { account: 'interestExpense', debit: '3374.38', credit: '0.00' },
      { account: 'bank', debit: '0.00', credit: '3374.38' },
    ]);
    expect(
      await one('select status, confirmed_by is not null as confirmed from pledge_interest where id = $1', [
        id,
      ]),
    ).toEqual({ status: 'billed', confirmed: true });
  }, 120_000);
});
