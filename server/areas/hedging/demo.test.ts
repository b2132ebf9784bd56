// The hedging part of the demo company: accounts in both books, the hedge book short, the demo's fixings
// all taken into hedge orders (filled ones linked to their trade, the newest left open), positions that
// the TradeTotal call computes without refusal.
import { POSITIONS_PATH, type PositionsAnswer } from '../../../src/areas/hedging/api.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { login, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the demo hedge desk', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).demo).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await db.close();
  });

  it('holds accounts, trades and a hedge order for every fixing (once: not again when carried over)', async () => {
    const books = await db.query<{ book: string }>('select book from futures_accounts order by book');
    expect(books.map((b) => b.book)).toEqual(['hedge', 'speculation']);
    const [fixings] = await db.query<{ all: number; taken: number; linked: number }>(
      `select count(*)::int as all,
              count(*) filter (where exists (select 1 from hedge_fixings h where h.fixing_id = f.id))::int as taken,
              count(futures_trade_id)::int as linked
         from contract_fixings f
        -- A fixing carried into a split or combined contract was hedged as the fixing it came from.
        where f.carried_from is null`,
    );
    expect(fixings!.all).toBeGreaterThan(0);
    expect(fixings!.taken).toBe(fixings!.all);
    expect(fixings!.linked).toBeGreaterThan(0);
    // The demo's split carries fixings into its new contracts: none of them is hedged a second time.
    const [carried] = await db.query<{ all: number; taken: number }>(
      `select count(*)::int as all,
              count(*) filter (where exists (select 1 from hedge_fixings h where h.fixing_id = f.id))::int as taken
         from contract_fixings f where f.carried_from is not null`,
    );
    expect(carried!.all).toBeGreaterThan(0);
    expect(carried!.taken).toBe(0);
    const states = await db.query<{ status: string }>(
      'select distinct status from hedge_orders order by status',
    );
    expect(states.map((s) => s.status)).toEqual(['filled', 'open']);
    // Each filled order's trade is a hedge-book trade of its lots, month and side.
    const [off] = await db.query(
      `select o.id from hedge_orders o join futures_trades t on t.id = o.trade_id
        where t.book <> 'hedge' or t.lots <> o.lots or t.side <> o.side or t.futures_month <> o.futures_month`,
    );
    expect(off).toBeUndefined();
  });

  it('holds a roll and a transfer done, their trades booked', async () => {
    const rolls = await db.query<{ status: string; lots: number; close: string; open: string }>(
      `select r.status, r.lots, c.futures_month as close, o.futures_month as open from futures_rolls r
         join futures_trades c on c.id = r.close_trade_id join futures_trades o on o.id = r.open_trade_id`,
    );
    expect(rolls).toHaveLength(1);
    expect(rolls[0]).toMatchObject({ status: 'done', lots: 5 });
    expect(rolls[0]!.close < rolls[0]!.open).toBe(true);
    const transfers = await db.query<{ status: string; book: string }>(
      `select t.status, o.book from futures_transfers t join futures_trades o on o.id = t.open_trade_id`,
    );
    expect(transfers).toEqual([{ status: 'done', book: 'speculation' }]);
  });

  it('holds a reconciled statement, speculation orders and a team book', async () => {
    const statements = await db.query(
      `select row_count as rows, matched_count as matched, booked_count as booked, missing_count as missing
         from futures_statements`,
    );
    // Missing on the statement: the desk's own capture left off it, and the demo's transfer into this book.
    expect(statements).toEqual([{ rows: 3, matched: 2, booked: 1, missing: 2 }]);
    const orders = await db.query<{ status: string }>(
      'select status from speculation_orders order by status',
    );
    expect(orders.map((o) => o.status)).toEqual(['filled', 'open']);
    const teams = await db.query('select distinct team, book from futures_team_positions order by book');
    expect(teams).toEqual([
      { team: '新疆组', book: 'hedge' },
      { team: '投机组', book: 'speculation' },
    ]);
  });

  it('gives the desk positions and exposure', async () => {
    const { app } = await startApp(db);
    try {
      const { token } = await login(app, 'trader');
      const { json } = await post(app, POSITIONS_PATH, { day: '2026-11-23' }, { token });
      expect(json.code, json.msg).toBe(200);
      const answer = json.data as PositionsAnswer;
      expect(answer.positions.some((p) => p.book === 'hedge' && p.shortLots > 0)).toBe(true);
      // 20 bought, 8 sold; then 1 captured, 2 booked from the statement, 3 filled from an order.
      expect(answer.positions.some((p) => p.book === 'speculation' && p.longLots === 18)).toBe(true);
      expect(answer.exposure.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
