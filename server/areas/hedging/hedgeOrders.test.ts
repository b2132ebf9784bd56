// Hedge orders from fixings through HTTP: the generate command takes each fixing once, pools the tails of
// a month and direction across contracts until they make whole lots (a sale fixing → buy, a purchase
// fixing → sell), and a fill books the trade on a hedge account and links the fixings it covers.
// A buy order closes the short lots that exist and opens only the rest (issue 21): with 1 short lot left in
// CF2705, a 2-lot buy order (a 10 t sale fixing) books close 1 + open 1 — the fee 10.00 shared 5.00 / 5.00 —
// and leaves the book flat but for 1 long, where it bought 2 longs against the short before.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { futuresAccount, hedgeOrder } from '../../../src/areas/hedging/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('hedge orders on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let clientId = '';
  let supplierId = '';
  let hedgeAccount = '';
  let speculationAccount = '';

  const command = (
    who: string,
    decl: typeof hedgeOrder | typeof transactionContract,
    name: string,
    body: Body,
  ) =>
    post(app, `${resourcePath(decl, 'detail').replace(/\/detail$/, '')}/${name}`, body, {
      token: tokens[who]!,
    });

  const approved = async (side: 'sale' | 'purchase', tonnage: string) => {
    const desk = side === 'sale' ? 'sales' : 'trader';
    const contract = await saved(desk, transactionContract, {
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
    expect((await transition(desk, transactionContract, contract.id, 'submit')).json.code).toBe(200);
    const approve = await transition('risk', transactionContract, contract.id, 'approve');
    expect(approve.json.code, approve.json.msg).toBe(200);
    return contract.id;
  };
  const fix = async (who: string, id: string, tonnage: string) => {
    const { json } = await command(who, transactionContract, 'fix', { id, tonnage, futuresPrice: '14600' });
    expect(json.code, json.msg).toBe(200);
  };
  const orders = async () =>
    (await records('trader', hedgeOrder)).sort((a, b) => Number(a.id) - Number(b.id)) as Row[];

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales']) tokens[who] = (await login(app, who)).token;
    clientId = (
      await env.db.query<{ id: string }>(
        `insert into partners (name, kinds, credit_limit) values ('无锡一棉', '{client}', 6000000) returning id::text`,
      )
    )[0]!.id;
    // The salesperson serves the client (the sales role is bound to its own clients).
    await env.db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       values ($1, (select id from users where login_name = 'sales'), '2026-01-01')`,
      [clientId],
    );
    supplierId = (
      await env.db.query<{ id: string }>(
        `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
      )
    )[0]!.id;
    const [broker] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{supplier}') returning id::text`,
    );
    hedgeAccount = (
      await saved('trader', futuresAccount, { accountNo: 'H1', brokerId: broker!.id, book: 'hedge' })
    ).id;
    speculationAccount = (
      await saved('trader', futuresAccount, { accountNo: 'S1', brokerId: broker!.id, book: 'speculation' })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('orders the whole lots of the pooled tails as each fixing is made, each fixing taken once', async () => {
    const saleA = await approved('sale', '100');
    const saleB = await approved('sale', '100');
    const purchase = await approved('purchase', '200');
    await fix('sales', saleA, '7'); // buy pool 7 → 1 lot, tail 2
    expect((await orders()).map((o) => [o.side, o.lots])).toEqual([['buy', 1]]);
    await fix('trader', purchase, '12'); // sell pool 12 → 2 lots, tail 2
    await fix('sales', saleB, '4'); // buy pool 2 + 4 = 6 → 1 lot, tail 1
    await fix('sales', saleA, '3.5'); // buy pool 1 + 3.5 → 0 lots, tail 4.5
    const made = await orders();
    expect(made.map((o) => [o.side, o.lots, o.status])).toEqual([
      ['buy', 1, 'open'],
      ['sell', 2, 'open'],
      ['buy', 1, 'open'],
    ]);
    expect(String(made[0]!.orderNo)).toMatch(/^TB20261123\d{5}$/);
    // Every fixing is in the hedge already: the generate command (for fixings made before) finds nothing.
    const again = await command('trader', hedgeOrder, 'generate', {});
    expect(again.json.code, again.json.msg).toBe(200);
    expect(again.json.data).toMatchObject({ result: { orders: 0, fixings: 0 } });
    // 0.5 t more completes the waiting 4.5 t.
    await fix('sales', saleB, '0.5');
    const after = await orders();
    expect(after).toHaveLength(4);
    expect(after[3]).toMatchObject({ side: 'buy', lots: 1 });
    // The last order covers both the fixing waiting in the pool and the one that completed it.
    const covered = await env.db.query<{ n: number }>(
      'select count(*)::int as n from hedge_fixings where order_id = $1',
      [after[3]!.id],
    );
    expect(covered[0]!.n).toBe(2);
  });

  it('fills an order on a hedge account and links its fixings to the trade', async () => {
    const [, sell, buy] = await orders();
    const wrong = await command('trader', hedgeOrder, 'fill', {
      id: sell!.id,
      accountId: speculationAccount,
      price: '14600',
      tradedAt: '2026-11-23 10:00:00',
    });
    expect(wrong.json.code, wrong.json.msg).toBe(400);
    const filled = await command('trader', hedgeOrder, 'fill', {
      id: sell!.id,
      accountId: hedgeAccount,
      price: '14600',
      tradedAt: '2026-11-23 10:00:00',
      fee: '10',
    });
    expect(filled.json.code, filled.json.msg).toBe(200);
    const trade = await env.db.query<{
      id: string;
      side: string;
      effect: string;
      lots: number;
      book: string;
    }>('select id::text, side, effect, lots, book from futures_trades');
    expect(trade).toEqual([{ id: expect.any(String), side: 'sell', effect: 'open', lots: 2, book: 'hedge' }]);
    const linked = await env.db.query<{ trade: string }>(
      `select futures_trade_id::text as trade from contract_fixings f
         join transaction_contracts c on c.id = f.contract_id where c.side = 'purchase'`,
    );
    expect(linked).toEqual([{ trade: trade[0]!.id }]);
    // A buy order buys back the shorts the hedge book holds.
    const bought = await command('trader', hedgeOrder, 'fill', {
      id: buy!.id,
      accountId: hedgeAccount,
      price: '14550',
      tradedAt: '2026-11-23 11:00:00',
    });
    expect(bought.json.code, bought.json.msg).toBe(200);
    expect((bought.json.data as { result: { effect: string } }).result.effect).toBe('close');
    const [row] = await records('trader', hedgeOrder, { orderNo: String(buy!.orderNo) });
    expect(row).toMatchObject({ status: 'filled', filledPrice: '14550.00' });
    // Filled once only.
    const twice = await command('trader', hedgeOrder, 'fill', {
      id: buy!.id,
      accountId: hedgeAccount,
      price: '14550',
      tradedAt: '2026-11-23 11:00:00',
    });
    expect(twice.json.code).not.toBe(200);
  });

  it('lets risk see the orders but not fill them', async () => {
    expect((await records('risk', hedgeOrder)).length).toBe(4);
    const [order] = await orders();
    const { json } = await command('risk', hedgeOrder, 'fill', {
      id: order!.id,
      accountId: hedgeAccount,
      price: '14600',
      tradedAt: '2026-11-23 10:00:00',
    });
    expect(json.code).toBe(403);
  });

  it('closes the short lots that exist and opens only the rest (issue 21)', async () => {
    const before = await env.db.query<{ side: string; lots: number }>(
      `select side, sum(lots)::int as lots from futures_open_lots where book = 'hedge' group by side order by side`,
    );
    expect(before).toEqual([{ side: 'sell', lots: 1 }]);
    const [sale] = await records('trader', transactionContract, { side: 'sale' });
    await fix('sales', String(sale!.id), '10');
    const order = (await orders()).at(-1)!;
    expect(order).toMatchObject({ side: 'buy', lots: 2, status: 'open' });
    const filled = await command('trader', hedgeOrder, 'fill', {
      id: order.id,
      accountId: hedgeAccount,
      price: '14500',
      tradedAt: '2026-11-23 14:00:00',
      fee: '10',
    });
    expect(filled.json.code, filled.json.msg).toBe(200);
    const result = (filled.json.data as { result: { effect: string; trades: Row[] } }).result;
    expect(result.effect).toBe('closeAndOpen');
    expect(result.trades.map((t) => [t.effect, t.lots])).toEqual([
      ['close', 1],
      ['open', 1],
    ]);
    const trades = await env.db.query<{ effect: string; lots: number; fee: string }>(
      `select effect, lots, fee::text from futures_trades where side = 'buy' and price = 14500 order by id`,
    );
    expect(trades).toEqual([
      { effect: 'close', lots: 1, fee: '5.00' },
      { effect: 'open', lots: 1, fee: '5.00' },
    ]);
    const after = await env.db.query<{ side: string; lots: number }>(
      `select side, sum(lots)::int as lots from futures_open_lots where book = 'hedge' group by side order by side`,
    );
    expect(after).toEqual([{ side: 'buy', lots: 1 }]);
  });
});
