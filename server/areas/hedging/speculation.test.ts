// The speculation desk through HTTP: an order on a speculation account, filled at its limit or better into
// the speculation book through the book's limit (a fill past it refused, nothing booked, the order still
// open), the fills with their realised P&L, the positions valued at the latest settlement, and who may do it.
import type { FastifyInstance } from 'fastify';
import {
  bookMark,
  futuresAccount,
  futuresTrade,
  speculationOrder,
} from '../../../src/areas/hedging/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('speculation orders on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let account = '';
  let hedgeAccount = '';
  const tradeCount = async () =>
    Number((await env.db.query<{ n: string }>('select count(*)::text as n from futures_trades'))[0]!.n);
  const fill = (who: string, id: string, body: Partial<Body>) =>
    post(
      app,
      `${resourcePath(speculationOrder, 'detail').replace(/\/detail$/, '')}/fill`,
      { id, tradedAt: '2026-11-23 10:00:00', fee: '5', ...body } as Body,
      { token: tokens[who]! },
    );
  const order = (body: Partial<Body>): Body => ({
    accountId: account,
    futuresMonth: 'CF605',
    side: 'buy',
    effect: 'open',
    lots: 5,
    limitPrice: '15000',
    ...body,
  });
  const orderRow = async (id: string) =>
    (await records('trader', speculationOrder)).find((o) => o.id === id)!;

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['trader', 'risk', 'warehouse', 'sales']) tokens[who] = (await login(app, who)).token;
    const [broker] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{broker}') returning id::text`,
    );
    account = (
      await saved('trader', futuresAccount, { accountNo: '92001', brokerId: broker!.id, book: 'speculation' })
    ).id;
    hedgeAccount = (
      await saved('trader', futuresAccount, { accountNo: '92002', brokerId: broker!.id, book: 'hedge' })
    ).id;
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('speculationBookLotLimit', '6', '2026-01-01')`,
    );
    await env.db.query(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       values ('2026-11-20', 'CF2605', 15150, 15150), ('2026-11-23', 'CF2605', 15210, 15200)`,
    );
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  let opening = '';

  it('places an order on a speculation account, numbered, and refuses one on a hedge account', async () => {
    const placed = await saved('trader', speculationOrder, order({}));
    expect(placed).toMatchObject({ futuresMonth: 'CF2605', status: 'open', limitPrice: '15000.00' });
    expect(String(placed.orderNo)).toMatch(/^WT20261123\d{5}$/);
    opening = placed.id;
    const { json } = await call('trader', speculationOrder, 'save', order({ accountId: hedgeAccount }));
    expect(json.code).toBe(400);
    expect(JSON.stringify(json.data)).toContain('投机委托只能用投机账户');
  });

  it('refuses a fill worse than the limit, and fills at the limit or better into the speculation book', async () => {
    const before = await tradeCount();
    const worse = await fill('trader', opening, { price: '15005' });
    expect(worse.json.code).toBe(400);
    expect(JSON.stringify(worse.json)).toContain('买入不能高于限价');
    expect(await tradeCount()).toBe(before);

    const done = await fill('trader', opening, { price: '15000' });
    expect(done.json.code, done.json.msg).toBe(200);
    expect(await orderRow(opening)).toMatchObject({ status: 'filled', filledPrice: '15000.00' });
    const [trade] = await records('trader', futuresTrade, { book: 'speculation' });
    expect(trade).toMatchObject({ source: 'order', lots: 5, side: 'buy', effect: 'open', price: '15000.00' });
  });

  it('refuses a fill past the book limit, saying the limit, with nothing booked and the order still open', async () => {
    const placed = await saved('trader', speculationOrder, order({ lots: 2, limitPrice: '15050' }));
    const before = await tradeCount();
    const { json } = await fill('trader', placed.id, { price: '15050' });
    expect(json.code).toBe(400);
    expect(json.msg).toContain('投机账簿 CF2605 持仓将为多头 7 手');
    expect(json.msg).toContain('超过每月限额 6 手');
    expect(await tradeCount()).toBe(before);
    expect((await orderRow(placed.id)).status).toBe('open');
    const cancelled = await call('trader', speculationOrder, 'transition', {
      id: placed.id,
      action: 'cancel',
    });
    expect(cancelled.json.code, cancelled.json.msg).toBe(200);
  });

  it('shows the fills with their realised P&L and the position marked at the latest settlement', async () => {
    const closing = await saved(
      'trader',
      speculationOrder,
      order({ side: 'sell', effect: 'close', lots: 3, limitPrice: '15100' }),
    );
    expect(
      (await fill('trader', closing.id, { price: '15105', tradedAt: '2026-11-23 11:00:00' })).json.code,
    ).toBe(200);
    // 3 lots closed: (15105 − 15000) × 5 × 3 = 1575.
    const deals = await records('risk', futuresTrade, { book: 'speculation', effect: 'close' });
    expect(deals.map((d) => d.realisedPnl)).toEqual(['1575.00']);
    // 2 lots still long at 15000, marked at 15200: 200 × 5 × 2 = 2000.
    const [mark] = await records('risk', bookMark, { book: 'speculation' });
    expect(mark).toMatchObject({
      futuresMonth: 'CF2605',
      longLots: 2,
      shortLots: 0,
      price: '15200.00',
      priceDate: '2026-11-23',
      realisedPnl: '1575.00',
      mtm: '2000.00',
    });
  });

  it('refuses to delete an opening trade a close still needs, and deleting a close clears its P&L', async () => {
    const [opening] = await records('trader', futuresTrade, { book: 'speculation', effect: 'open' });
    const refused = await call('trader', futuresTrade, 'delete', { id: opening!.id });
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toContain('平仓 3 手超过 CF2605 多头持仓');
    const [closing] = await records('trader', futuresTrade, { book: 'speculation', effect: 'close' });
    await env.db.query('update speculation_orders set trade_id = null, status = $2 where trade_id = $1', [
      closing!.id,
      'cancelled',
    ]);
    const deleted = await call('trader', futuresTrade, 'delete', { id: closing!.id });
    expect(deleted.json.code, deleted.json.msg).toBe(200);
    const [mark] = await records('risk', bookMark, { book: 'speculation' });
    expect(mark).toMatchObject({ longLots: 5, realisedPnl: '0.00', mtm: '5000.00' });
  });

  it('lets the desk place and fill orders, risk only read them, and not a warehouse clerk or sales', async () => {
    expect((await call('risk', speculationOrder, 'list')).json.code).toBe(200);
    expect((await call('risk', speculationOrder, 'save', order({}))).json.code).toBe(403);
    const placed = await saved('trader', speculationOrder, order({ lots: 1 }));
    expect((await fill('risk', placed.id, { price: '15000' })).json.code).toBe(403);
    expect((await call('warehouse', speculationOrder, 'list')).json.code).toBe(403);
    // yaSpeculation is a /pur/ screen: the warehouse role views that whole menu group; sales does not.
    expect((await call('sales', bookMark, 'list')).json.code).toBe(403);
  });
});
