// Positions and exposure through the TradeTotal call, hand-worked: FIFO open lots with their average,
// realised P&L and MTM at the month's latest settlement per book; the §5 figures of the month from its
// contracts and the hedge book.
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
  const tokens: Record<string, string> = {};
  const { saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
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
      },
    ]);
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
});
