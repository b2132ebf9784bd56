// Rolls (移仓) and transfers (移盘) through HTTP. Hand-worked roll: the hedge book is short 12 lots CF2705
// opened at 14,000; rolling 10 lots to CF2709 buys 10 back at 14,200 (realised −1 × (14,200 − 14,000) × 5 × 10
// = −10,000.00) and sells 10 at 14,500; the basis contract of 50 t on CF2705 at basis 800 moves to CF2709 at
// 800 + (14,200 − 14,500) = 500, its price 14,200 + 800 = 14,500 + 500 = 15,000 unchanged. Hand-worked
// transfer: 4 of those short lots to the speculation book at 14,600: the hedge book buys 4 back
// (−1 × (14,600 − 14,500) × 5 × 4 = −2,000.00) and the speculation book sells 4. Refusals change nothing.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  futuresAccount,
  futuresRoll,
  futuresTrade,
  futuresTransfer,
} from '../../../src/areas/hedging/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { PATHS, SOCKET_TYPE } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';
import { openSocket } from '../../test/socketClient.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('rolls and transfers on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let supplierId = '';
  let hedgeAccount = '';
  let speculationAccount = '';
  const contracts: Record<string, string> = {};

  const command = (
    who: string,
    decl: typeof futuresRoll | typeof futuresTransfer,
    name: string,
    body: Body,
  ) => post(app, `/api/${decl.area}/${decl.resource}/${name}`, body, { token: tokens[who]! });

  /** What a refusal must leave as it was. */
  const snapshot = async () => ({
    trades: await env.db.query('select id, lots from futures_trades order by id'),
    contracts: await env.db.query(
      'select id, futures_month, basis::text, version from transaction_contracts order by id',
    ),
    amendments: await env.db.query('select id from contract_amendments order by id'),
    rolls: await env.db.query('select id, status from futures_rolls order by id'),
    transfers: await env.db.query('select id, status from futures_transfers order by id'),
  });

  const approvedPurchase = async (futuresMonth: string, tonnage: string) => {
    const contract = await saved('trader', transactionContract, {
      side: 'purchase',
      kind: 'basis',
      partnerId: supplierId,
      signDate: '2026-11-20',
      tonnage,
      tolerancePercent: '5',
      futuresMonth,
      basis: '800',
      fixingDeadline: '2027-04-15',
    });
    expect((await transition('trader', transactionContract, contract.id, 'submit')).json.code).toBe(200);
    const approve = await transition('risk', transactionContract, contract.id, 'approve');
    expect(approve.json.code, approve.json.msg).toBe(200);
    return contract.id;
  };

  const roll = (over: Partial<Body> = {}): Body => ({
    accountId: hedgeAccount,
    side: 'sell',
    fromMonth: 'CF705',
    toMonth: 'CF2709',
    lots: 10,
    fromPrice: '14200',
    toPrice: '14500',
    fee: '30',
    tradedAt: '2026-11-23 10:00:00',
    contractIds: [contracts.rolled!],
    ...over,
  });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'warehouse']) tokens[who] = (await login(app, who)).token;
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
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('speculationBookLotLimit', '6', '2026-01-01')`,
    );
    await saved('trader', futuresTrade, {
      accountId: hedgeAccount,
      book: 'hedge',
      futuresMonth: 'CF2705',
      side: 'sell',
      effect: 'open',
      lots: 12,
      price: '14000',
      fee: '0',
      tradedAt: '2026-11-20 09:30:00',
    });
    contracts.rolled = await approvedPurchase('CF2705', '50');
    contracts.priced = await approvedPurchase('CF2705', '10');
    contracts.otherMonth = await approvedPurchase('CF2709', '10');
    const fixed = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: contracts.priced!, tonnage: '5', futuresPrice: '14100' },
      { token: tokens.trader! },
    );
    expect(fixed.json.code, fixed.json.msg).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('gives the screens to the desk (full) and risk (read), not to the warehouse', async () => {
    for (const decl of [futuresRoll, futuresTransfer]) {
      expect((await call('trader', decl, 'list')).json.code).toBe(200);
      expect((await call('risk', decl, 'list')).json.code).toBe(200);
      expect((await call('warehouse', decl, 'list')).json.code).toBe(403);
    }
    const { json } = await call('risk', futuresRoll, 'save', roll());
    expect(json.code).toBe(403);
  });

  it('previews a roll: both legs, the realised P&L and the contract rolled price-neutrally, nothing written', async () => {
    const draft = await saved('trader', futuresRoll, roll());
    expect(draft).toMatchObject({ fromMonth: 'CF2705', toMonth: 'CF2709', book: 'hedge', status: 'draft' });
    expect(String(draft.rollNo)).toMatch(/^YC20261123\d{5}$/);
    const before = await snapshot();
    const { json } = await command('trader', futuresRoll, 'roll', { id: draft.id, preview: 'true' });
    expect(json.code, json.msg).toBe(200);
    const result = (json.data as { result: Record<string, unknown> }).result;
    expect(result).toMatchObject({
      closeMonth: 'CF2705',
      closeSide: 'buy',
      closeLots: 10,
      closePrice: '14200.00',
      realisedPnl: '-10000.00',
      openMonth: 'CF2709',
      openSide: 'sell',
      openLots: 10,
      openPrice: '14500.00',
      contractTonnage: '50.0000',
    });
    expect(result.rolled).toEqual([
      expect.objectContaining({
        oldBasis: '800.00',
        newBasis: '500.00',
        unitPriceBefore: '15000.00',
        unitPriceAfter: '15000.00',
      }),
    ]);
    expect(await snapshot()).toEqual(before);
    // The risk desk reads it but may not roll it.
    expect((await command('risk', futuresRoll, 'roll', { id: draft.id })).json.code).toBe(403);
    await env.db.query('delete from futures_rolls where id = $1', [draft.id]);
  });

  it('refuses a roll that cannot be done, with a reason, nothing changed', async () => {
    const equal = await call('trader', futuresRoll, 'save', roll({ toMonth: 'CF2705' }));
    expect(equal.json.code).toBe(400);
    const cases: [Partial<Body>, RegExp][] = [
      [{ lots: 13 }, /超过 CF2705 空头持仓 12 手/],
      [{ side: 'buy' }, /多头持仓 0 手/],
      [{ contractIds: [contracts.priced!] }, /已有点价/],
      [{ contractIds: [contracts.otherMonth!] }, /不是移出月份 CF2705/],
      [{ lots: 9 }, /超过移仓 9 手的 45\.0000 吨/],
      // Issue 21: CF2705 settled at 14100 and CF2709 at 14400 on 20 November, so on the 23rd the bands are
      // 14100 ± 564 → 13540–14660 and 14400 ± 576 → 13825–14975; a roll goes forward, into a listed month.
      [{ fromPrice: '20003', toPrice: '10001' }, /移出价 20003 不是 5 元\/吨的整数倍，可用 20000 或 20005/],
      [{ fromPrice: '20000' }, /移出价 20000 不在 CF2705 2026-11-23 的 13540–14660 之内/],
      [{ toPrice: '10000' }, /移入价 10000 不在 CF2709 2026-11-23 的 13825–14975 之内/],
      [{ toMonth: 'CF2703' }, /移入月份 CF2703 必须晚于移出月份 CF2705/],
      [{ toMonth: 'CF2801' }, /CF2801 在 2026-11-23 尚未挂牌交易/],
    ];
    await env.db.query(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       values ('2026-11-20', 'CF2705', 14100, 14100), ('2026-11-20', 'CF2709', 14400, 14400)`,
    );
    for (const [over, reason] of cases) {
      const draft = await saved('trader', futuresRoll, roll(over));
      const before = await snapshot();
      const { json } = await command('trader', futuresRoll, 'roll', { id: draft.id });
      expect(json.code, JSON.stringify(over)).toBe(400);
      expect(json.msg).toMatch(reason);
      expect(await snapshot()).toEqual(before);
      await env.db.query('delete from futures_rolls where id = $1', [draft.id]);
    }
  });

  it('rolls: the close and the open booked, the contract moved to the new month as a version', async () => {
    const draft = await saved('trader', futuresRoll, roll());
    const { json } = await command('trader', futuresRoll, 'roll', { id: draft.id });
    expect(json.code, json.msg).toBe(200);
    expect(json.msg).toMatch(/买入平仓 CF2705 10 手 @ 14200\.00/);
    const trades = await env.db.query(
      `select futures_month as month, side, effect, lots, price::text, fee::text from futures_trades
        where id in (select close_trade_id from futures_rolls union select open_trade_id from futures_rolls)
        order by id`,
    );
    expect(trades).toEqual([
      { month: 'CF2705', side: 'buy', effect: 'close', lots: 10, price: '14200.00', fee: '30.00' },
      { month: 'CF2709', side: 'sell', effect: 'open', lots: 10, price: '14500.00', fee: '0.00' },
    ]);
    const [contract] = await env.db.query(
      `select futures_month as month, basis::text, version from transaction_contracts where id = $1`,
      [contracts.rolled],
    );
    expect(contract).toMatchObject({ month: 'CF2709', basis: '500.00' });
    const [amendment] = await env.db.query<{ kind: string; summary: string }>(
      'select kind, summary from contract_amendments where contract_id = $1',
      [contracts.rolled],
    );
    expect(amendment).toMatchObject({ kind: 'roll' });
    expect(amendment!.summary).toMatch(/基差 800\.00 → 500\.00/);
    const [done] = await env.db.query<{ status: string; realisedPnl: string; outcome: string }>(
      `select status, realised_pnl::text as "realisedPnl", contract_outcome as outcome from futures_rolls where id = $1`,
      [draft.id],
    );
    expect(done).toMatchObject({ status: 'done', realisedPnl: '-10000.00' });
    expect(done!.outcome).toMatch(/800\.00 → 500\.00 · 15000\.00 = 15000\.00/);
    // Done: no second roll, no edit.
    expect((await command('trader', futuresRoll, 'roll', { id: draft.id })).json.code).toBe(400);
    const positions = await env.db.query(
      `select futures_month as month, short_lots as short from futures_positions where book = 'hedge' order by 1`,
    );
    expect(positions).toEqual([
      { month: 'CF2705', short: 2 },
      { month: 'CF2709', short: 10 },
    ]);
  });

  it('transfers short lots to the speculation book at the stated price; the target limit refuses more', async () => {
    const transfer = (over: Partial<Body> = {}): Body => ({
      sourceAccountId: hedgeAccount,
      targetAccountId: speculationAccount,
      futuresMonth: 'CF2709',
      side: 'sell',
      lots: 4,
      price: '14600',
      tradedAt: '2026-11-23 11:00:00',
      ...over,
    });
    const same = await call('trader', futuresTransfer, 'save', transfer({ targetAccountId: hedgeAccount }));
    expect(same.json.code).toBe(400);
    const draft = await saved('trader', futuresTransfer, transfer());
    const { json } = await command('trader', futuresTransfer, 'transfer', { id: draft.id });
    expect(json.code, json.msg).toBe(200);
    expect((json.data as { result: unknown }).result).toMatchObject({
      closeSide: 'buy',
      openSide: 'sell',
      lots: 4,
      price: '14600.00',
      realisedPnl: '-2000.00',
      targetShortLots: 4,
    });
    const books = await env.db.query(
      `select book, short_lots as short from futures_positions where futures_month = 'CF2709' order by book`,
    );
    expect(books).toEqual([
      { book: 'hedge', short: 6 },
      { book: 'speculation', short: 4 },
    ]);
    // 4 + 3 = 7 short lots would pass the speculation book's limit of 6: refused, the hedge close undone too.
    for (const [over, reason] of [
      [{ lots: 3 }, /超过每月限额 6 手/],
      [{ lots: 7 }, /超过 CF2709 空头持仓 6 手/],
    ] as const) {
      const more = await saved('trader', futuresTransfer, transfer(over));
      const before = await snapshot();
      const refused = await command('trader', futuresTransfer, 'transfer', { id: more.id });
      expect(refused.json.code).toBe(400);
      expect(refused.json.msg).toMatch(reason);
      expect(await snapshot()).toEqual(before);
    }
  });

  it("previews a fixing with the month's net exposure before and after", async () => {
    // CF2709: the hedge book short 6 lots (−30 t), two purchases unpriced. Fixing 5 t of one makes the
    // physical long 5 t (net −25 t); selling its lot brings the net back to −30 t.
    const { json } = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: contracts.otherMonth!, tonnage: '5', futuresPrice: '14500', preview: 'true' },
      { token: tokens.trader! },
    );
    expect(json.code, json.msg).toBe(200);
    expect((json.data as { result: unknown }).result).toMatchObject({
      hedgeDirection: 'sell',
      hedgeLots: 1,
      netExposureBefore: '-30.0000',
      netExposureAfter: '-25.0000',
      netExposureAfterHedge: '-30.0000',
    });
  });

  it('tells every open socket that positions changed when a trade is booked', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const risk = await login(app, 'risk');
    const socket = await openSocket(base, PATHS.socket(risk.user.id), { authorization: risk.token });
    try {
      await saved('trader', futuresTrade, {
        accountId: hedgeAccount,
        book: 'hedge',
        futuresMonth: 'CF2709',
        side: 'sell',
        effect: 'open',
        lots: 1,
        price: '14500',
        fee: '0',
        tradedAt: '2026-11-23 14:00:00',
      });
      const frame = await socket.next();
      expect(frame.messageType).toBe(SOCKET_TYPE.dataChanged);
      expect(frame.changed).toEqual(expect.arrayContaining(['pending/TradeTotal', 'pending/OrderTrade']));
    } finally {
      socket.ws.terminate();
    }
  });
});
