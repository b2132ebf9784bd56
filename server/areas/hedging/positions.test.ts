// Positions and exposure through the TradeTotal call, hand-worked: FIFO open lots with their average,
// realised P&L and MTM at the month's latest settlement per book; the §5 figures of the month from its
// contracts and the hedge book. Realised P&L is shown net of each trade's exchange fee and broker commission,
// and each position's exchange margin (both sides, at the month's rate on the day) is given for cash planning
// (issue 21).
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { POSITIONS_PATH, type PositionsAnswer } from '../../../src/areas/hedging/api.ts';
import { futuresAccount, futuresPosition, futuresTrade } from '../../../src/areas/hedging/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('positions and exposure on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const clock = manualClock(NOW);
  const tokens: Record<string, string> = {};
  const { saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, clock));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'warehouse'])
      tokens[who] = (await login(app, who)).token;
    const partner = async (name: string, kind: string) =>
      (
        await env.db.query<{ id: string }>(
          `insert into partners (name, kinds, credit_limit) values ($1, $2, 90000000) returning id::text`,
          [name, `{${kind}}`],
        )
      )[0]!.id;
    const clientId = await partner('无锡一棉', 'client');
    const supplierId = await partner('库尔勒棉业', 'supplier');
    const brokerId = await partner('中粮期货', 'supplier');
    await env.db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       values ($1, (select id from users where login_name = 'sales'), '2026-01-01')`,
      [clientId],
    );
    const hedge = await saved('trader', futuresAccount, { accountNo: 'H1', brokerId, book: 'hedge' });
    const spec = await saved('trader', futuresAccount, { accountNo: 'S1', brokerId, book: 'speculation' });
    const trade = (body: Record<string, string | number>) =>
      saved('trader', futuresTrade, { futuresMonth: 'CF2705', fee: '0', ...body });
    await trade({
      accountId: hedge.id,
      book: 'hedge',
      side: 'sell',
      effect: 'open',
      lots: 10,
      price: '14800',
      fee: '15',
      commission: '10',
      tradedAt: '2026-11-20 09:30:00',
    });
    await trade({
      accountId: hedge.id,
      book: 'hedge',
      side: 'sell',
      effect: 'open',
      lots: 4,
      price: '14900',
      tradedAt: '2026-11-20 10:30:00',
    });
    await trade({
      accountId: hedge.id,
      book: 'hedge',
      side: 'buy',
      effect: 'close',
      lots: 3,
      price: '14700',
      fee: '4.50',
      commission: '3',
      tradedAt: '2026-11-23 09:30:00',
    });
    await trade({
      accountId: spec.id,
      book: 'speculation',
      side: 'buy',
      effect: 'open',
      lots: 2,
      price: '14700',
      tradedAt: '2026-11-23 09:40:00',
    });
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-20',
      futuresMonth: 'CF2705',
      lastPrice: '14760',
      settlementPrice: '14750',
    });
    const contract = async (side: 'sale' | 'purchase', tonnage: string, fixed: string) => {
      const desk = side === 'sale' ? 'sales' : 'trader';
      const row = await saved(desk, transactionContract, {
        side,
        kind: 'basis',
        partnerId: side === 'sale' ? clientId : supplierId,
        signDate: '2026-11-20',
        tonnage,
        tolerancePercent: '5',
        futuresMonth: 'CF2705',
        basis: '850',
        fixingDeadline: '2027-04-15',
      });
      expect((await transition(desk, transactionContract, row.id, 'submit')).json.code).toBe(200);
      expect((await transition('risk', transactionContract, row.id, 'approve')).json.code).toBe(200);
      const fix = await post(
        app,
        `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
        { id: row.id, tonnage: fixed, futuresPrice: '14750' },
        { token: tokens[desk]! },
      );
      expect(fix.json.code, fix.json.msg).toBe(200);
    };
    await contract('purchase', '200', '60');
    await contract('sale', '100', '20');
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('gives each book its open lots, average, realised P&L and MTM', async () => {
    const { json } = await post(app, POSITIONS_PATH, {}, { token: tokens.risk! });
    expect(json.code, json.msg).toBe(200);
    const answer = json.data as PositionsAnswer;
    expect(answer.day).toBe('2026-11-23');
    expect(answer.positions).toEqual([
      {
        book: 'hedge',
        month: 'CF2705',
        longLots: 0,
        shortLots: 11,
        longAveragePrice: null,
        // 7 × 14800 + 4 × 14900 = 163200, / 11
        shortAveragePrice: '14836.36',
        price: '14750.00',
        priceDate: '2026-11-20',
        // short 7 @ 14800: −(14750 − 14800) × 5 × 7 = 1750; short 4 @ 14900: 3000
        mtm: '4750.00',
        // 3 lots of the first short bought back at 14700: (14800 − 14700) × 5 × 3
        realisedPnl: '1500.00',
        // fees 15 + 4.50, commissions 10 + 3: 32.50; net 1,467.50
        costs: '32.50',
        netRealisedPnl: '1467.50',
        // CF2705 in November: 5 %; 11 lots × 5 t × 14,750 × 5 % = 40,562.50
        exchangeMarginRate: '5',
        exchangeMargin: '40562.50',
      },
      {
        book: 'speculation',
        month: 'CF2705',
        longLots: 2,
        shortLots: 0,
        longAveragePrice: '14700.00',
        shortAveragePrice: null,
        price: '14750.00',
        priceDate: '2026-11-20',
        mtm: '500.00',
        realisedPnl: '0.00',
        costs: '0.00',
        netRealisedPnl: '0.00',
        exchangeMarginRate: '5',
        // 2 × 5 × 14,750 × 5 %
        exchangeMargin: '7375.00',
      },
    ]);
    // Cash planning: the hedge book's margin alone.
    expect(answer.hedgeExchangeMargin).toBe('40562.50');
  });

  it('steps the exchange margin up as delivery nears (a setting per step)', async () => {
    const on = async (day: string) =>
      ((await post(app, POSITIONS_PATH, { day }, { token: tokens.risk! })).json.data as PositionsAnswer)
        .positions[0]!;
    // The month before delivery: 10 %, 81,125.00; the delivery month: 20 %, 162,250.00.
    expect(await on('2027-04-10')).toMatchObject({ exchangeMarginRate: '10', exchangeMargin: '81125.00' });
    expect(await on('2027-05-06')).toMatchObject({ exchangeMarginRate: '20', exchangeMargin: '162250.00' });
  });

  it('gives the month its exposure figures with the hedge book only', async () => {
    const { json } = await post(app, POSITIONS_PATH, { day: '2026-11-23' }, { token: tokens.trader! });
    const answer = json.data as PositionsAnswer;
    // purchase 200 fixed 60, sale 100 fixed 20: unpriced 80 / 140; physical long 60 − 20 = 40;
    // futures 5 × (0 − 11) = −55; net −15; ratio 55 / 40
    expect(answer.exposure).toEqual([
      {
        month: 'CF2705',
        unpricedSales: '80.0000',
        unpricedPurchases: '140.0000',
        pricedPhysicalLong: '40.0000',
        futuresNetTonnes: '-55.0000',
        netExposure: '-15.0000',
        hedgeRatio: '1.3750',
        unpricedMtm: null,
        futuresMtm: '4750.00',
      },
    ]);
    expect(answer.total).toMatchObject({ pricedPhysicalLong: '40.0000', netExposure: '-15.0000' });
  });

  it('lists the open lots of each book and month from the trades', async () => {
    const rows = await records('risk', futuresPosition);
    expect(rows.map((r) => [r.book, r.futuresMonth, r.longLots, r.shortLots, r.tradedLots])).toEqual([
      ['hedge', 'CF2705', 0, 11, 17],
      ['speculation', 'CF2705', 2, 0, 2],
    ]);
  });

  it('is refused to a role without the screen', async () => {
    const { json } = await post(app, POSITIONS_PATH, {}, { token: tokens.warehouse! });
    expect(json.code).toBe(403);
  });

  // Issue 21: the lot size is the versioned setting futuresLotTonnes, read on the day. From Tuesday
  // 24 November the exchange's lot is 10 t; that day the hedge book buys back 1 more lot of the first short
  // (@ 14,800) at 14,700.
  //   realised P&L: 1,500.00 before + (14,800 − 14,700) × 10 t × 1 = 2,500.00 (with 5 t lots: 2,000.00)
  //   open shorts 6 @ 14,800 and 4 @ 14,900 at 14,750: MTM (50 × 6 + 150 × 4) × 10 = 9,000.00
  //   exchange margin: 10 lots × 10 t × 14,750 × 5 % = 73,750.00; futures net tonnes 10 × (0 − 10) = −100
  it('counts lots at the lot size the setting holds on the day (10 t from a later day)', async () => {
    // 5 t until then whatever day the database was seeded (before its seed row, SQL's setting_on reads the
    // earliest row), 10 t from the 24th.
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from)
       values ('futuresLotTonnes', '5', '2026-01-01'), ('futuresLotTonnes', '10', '2026-11-24')
       on conflict (setting_key, effective_from) do update set value = excluded.value`,
    );
    clock.advance(24 * 3600_000);
    for (const who of ['trader', 'risk']) tokens[who] = (await login(app, who)).token;
    const [hedge] = await env.db.query<{ id: string }>(
      `select id::text from futures_accounts where account_no = 'H1'`,
    );
    await saved('trader', futuresTrade, {
      futuresMonth: 'CF2705',
      accountId: hedge!.id,
      book: 'hedge',
      side: 'buy',
      effect: 'close',
      lots: 1,
      price: '14700',
      fee: '0',
      tradedAt: '2026-11-24 10:00:00',
    });
    const { json } = await post(app, POSITIONS_PATH, { day: '2026-11-24' }, { token: tokens.risk! });
    expect(json.code, json.msg).toBe(200);
    const answer = json.data as PositionsAnswer;
    expect(answer.positions[0]).toMatchObject({
      book: 'hedge',
      shortLots: 10,
      realisedPnl: '2500.00',
      mtm: '9000.00',
      exchangeMargin: '73750.00',
    });
    expect(answer.exposure[0]).toMatchObject({ month: 'CF2705', futuresNetTonnes: '-100.0000' });
  });
});
