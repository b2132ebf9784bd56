// Client price orders and the forced fixing, through HTTP with the contracts area's real fixing service:
// an order is checked against its contract (nothing stored when refused); a market order fills at once at
// the latest price; a limit order fills exactly when an entered price reaches its limit — the buyer at or
// below, the seller at or above — and is rejected with the service's words when the fixing is refused; a
// day's settlement force-fixes the overdue contracts of its month and nothing else.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { clientPriceOrder, futuresPrice } from '../../../src/areas/pricing/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('client price orders on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  // Monday 23 November 2026, 16:00 in Beijing.
  const clock = manualClock(Date.parse('2026-11-23T08:00:00Z'));
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let clientId: string;
  let supplierId: string;
  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;

  const contractOf = (id: string) =>
    one<{ status: string; fixed: string; average: string | null; state: string }>(
      `select status, fixed_tonnage::text as fixed, average_fixed_price::text as average, pricing_state as state
         from transaction_contracts where id = $1`,
      [id],
    );
  const fixingsOf = (id: string) =>
    env.db.query<{ tonnage: string; price: string; forced: boolean; order: string | null }>(
      `select tonnage::text, futures_price::text as price, forced, client_order_id::text as order
         from contract_fixings where contract_id = $1 order by id`,
      [id],
    );
  const orderOf = (id: string) =>
    one<{ status: string; price: string | null; reason: string | null; fixing: string | null }>(
      `select status, filled_price::text as price, reason, fixing_id::text as fixing
         from client_price_orders where id = $1`,
      [id],
    );
  const orderCount = async () =>
    (await one<{ n: number }>('select count(*)::int as n from client_price_orders')).n;

  /** Drafted by its desk, submitted, approved by risk. */
  const approved = async (side: 'sale' | 'purchase', extra: Body = {}) => {
    const desk = side === 'sale' ? 'sales' : 'trader';
    const contract = await saved(desk, transactionContract, {
      side,
      kind: 'basis',
      partnerId: side === 'sale' ? clientId : supplierId,
      signDate: '2026-11-20',
      tonnage: '300',
      tolerancePercent: '5',
      futuresMonth: 'CF2705',
      basis: '850',
      fixingDeadline: '2027-04-15',
      ...extra,
    });
    expect((await transition(desk, transactionContract, contract.id, 'submit')).json.code).toBe(200);
    const approve = await transition('risk', transactionContract, contract.id, 'approve');
    expect(approve.json.code, approve.json.msg).toBe(200);
    return contract.id;
  };
  const place = (body: Body, who = 'sales') => call(who, clientPriceOrder, 'save', body);
  const placed = async (body: Body, who = 'sales') => {
    const { json } = await place(body, who);
    expect(json.code, json.msg).toBe(200);
    return json.data as Row;
  };
  const price = async (tradeDate: string, futuresMonth: string, lastPrice: string, settlementPrice = '') => {
    const [existing] = await records('trader', futuresPrice, {
      'tradeDate.from': tradeDate,
      'tradeDate.to': tradeDate,
      futuresMonth,
    });
    const { json } = await call('trader', futuresPrice, 'save', {
      ...(existing ? { id: existing.id } : {}),
      tradeDate,
      futuresMonth,
      lastPrice,
      ...(settlementPrice ? { settlementPrice } : {}),
    });
    expect(json.code, json.msg).toBe(200);
    return json.data as Row;
  };
  const signIn = async () => {
    for (const who of ['admin', 'trader', 'risk', 'sales', 'warehouse'])
      tokens[who] = (await login(app, who)).token;
  };
  /** Moves the clock to 16:00 in Beijing of a day (never back), signing in again. */
  const onDay = async (day: string) => {
    const gap = Date.parse(`${day}T08:00:00Z`) - clock.now().getTime();
    if (gap <= 0) return;
    clock.advance(gap);
    await signIn();
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, clock));
    await signIn();
    clientId = (
      await one<{ id: string }>(
        `insert into partners (name, kinds, credit_limit) values ('无锡一棉', '{client}', 90000000) returning id::text`,
      )
    ).id;
    supplierId = (
      await one<{ id: string }>(
        `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
      )
    ).id;
    // The salesperson serves the client (the sales role is bound to its own clients).
    await env.db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       values ($1, (select id from users where login_name = 'sales'), '2026-01-01')`,
      [clientId],
    );
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('refuses an order its contract cannot take, storing nothing', async () => {
    const sale = await approved('sale');
    const draft = await saved('sales', transactionContract, {
      side: 'sale',
      kind: 'basis',
      partnerId: clientId,
      signDate: '2026-11-20',
      tonnage: '100',
      futuresMonth: 'CF2705',
      basis: '850',
      fixingDeadline: '2027-04-15',
    });
    const limit = {
      contractId: sale,
      kind: 'limit',
      tonnage: '50',
      limitPrice: '14700',
      validUntil: '2027-06-30',
    };
    const refused = async (body: Body) => {
      const before = await orderCount();
      const { json } = await place(body);
      expect(json.code, json.msg).toBe(400);
      expect(await orderCount()).toBe(before);
      return (json.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
    };
    expect((await refused({ ...limit, tonnage: '300.0001' })).tonnage).toContain('可挂吨数 300');
    expect(Object.keys(await refused({ ...limit, limitPrice: '14702' }))).toEqual(['limitPrice']);
    expect(Object.keys(await refused({ ...limit, limitPrice: '' }))).toEqual(['limitPrice']);
    expect(Object.keys(await refused({ ...limit, validUntil: '2026-11-22' }))).toEqual(['validUntil']);
    expect((await refused({ ...limit, contractId: draft.id })).contractId).toContain('未审批');
    // No price of CF2705 yet: a market order cannot fill, so it is not taken.
    expect((await refused({ ...limit, kind: 'market', limitPrice: '' })).kind).toContain('还没有录入行情');
    // Pending orders hold their tonnage: two orders cannot together promise more than is open.
    await placed({ ...limit, tonnage: '200' });
    expect((await refused({ ...limit, tonnage: '100.5' })).tonnage).toContain('其他挂单 200');
    // The warehouse has no part in orders.
    expect((await place(limit, 'warehouse')).json.code).toBe(403);
  });

  it('fills a market order at once at the month’s latest price, as a fixing of the contract', async () => {
    const sale = await approved('sale', { futuresMonth: 'CF709' });
    await price('2026-11-20', 'CF2709', '14800', '14805');
    await price('2026-11-23', 'CF2709', '14830');
    const order = await placed({
      contractId: sale,
      kind: 'market',
      tonnage: '100',
      validUntil: '2026-11-23',
    });
    expect(order).toMatchObject({ status: 'filled', futuresMonth: 'CF2709', filledPrice: '14830.00' });
    expect(await fixingsOf(sale)).toEqual([
      { tonnage: '100.0000', price: '14830.00', forced: false, order: order.id },
    ]);
    expect(await contractOf(sale)).toMatchObject({
      status: 'executing',
      fixed: '100.0000',
      state: 'partial',
    });
    expect(await records('trader', clientPriceOrder, { status: 'filled' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: order.id })]),
    );
  });

  it('fills limit orders exactly when a later price reaches the limit: the buyer at or below, the seller at or above', async () => {
    const sale = await approved('sale', { futuresMonth: 'CF2711' });
    const purchase = await approved('purchase', { futuresMonth: 'CF2711' });
    await price('2026-11-23', 'CF2711', '14900', '14900');
    const buyer = await placed({
      contractId: sale,
      kind: 'limit',
      tonnage: '60',
      limitPrice: '14700',
      validUntil: '2027-06-30',
    });
    // A supplier's order on a purchase comes through the trading desk: the sales desk serves clients only.
    expect(
      (
        await place({
          contractId: purchase,
          kind: 'limit',
          tonnage: '40',
          limitPrice: '15000',
          validUntil: '2027-06-30',
        })
      ).json.code,
    ).toBe(403);
    const seller = await placed(
      { contractId: purchase, kind: 'limit', tonnage: '40', limitPrice: '15000', validUntil: '2027-06-30' },
      'trader',
    );
    expect(buyer.pricingParty).toBe('buyer');
    expect(seller.pricingParty).toBe('seller');
    await onDay('2026-11-24');
    await price('2026-11-24', 'CF2711', '14705', '14995');
    expect((await orderOf(buyer.id)).status).toBe('pending');
    expect((await orderOf(seller.id)).status).toBe('pending');
    await onDay('2026-11-25');
    await price('2026-11-25', 'CF2711', '14700', '15000');
    expect(await orderOf(buyer.id)).toMatchObject({ status: 'filled', price: '14700.00' });
    expect(await orderOf(seller.id)).toMatchObject({ status: 'filled', price: '15000.00' });
    expect(await fixingsOf(sale)).toEqual([
      { tonnage: '60.0000', price: '14700.00', forced: false, order: buyer.id },
    ]);
    expect(await fixingsOf(purchase)).toEqual([
      { tonnage: '40.0000', price: '15000.00', forced: false, order: seller.id },
    ]);
    // The price the orders were filled on cannot be deleted.
    const [filledOn] = await records('trader', futuresPrice, {
      'tradeDate.from': '2026-11-25',
      'tradeDate.to': '2026-11-25',
      futuresMonth: 'CF2711',
    });
    const removal = await call('trader', futuresPrice, 'delete', { id: filledOn!.id });
    expect(removal.json.code).toBe(400);
    expect(removal.json.msg).toContain('2026-11-25 CF2711');
    // Its prices stay as the fills were made at them, in the form and in a file; a remark may still change.
    const moved = await call('trader', futuresPrice, 'save', {
      id: filledOn!.id,
      tradeDate: '2026-11-25',
      futuresMonth: 'CF2711',
      lastPrice: '14705',
      settlementPrice: '15000',
    });
    expect(moved.json.code).toBe(400);
    expect(moved.json.msg).toContain('已成交点价 2 笔');
    const file = await post(
      app,
      '/api/pending/FuturesPrice/importPrices',
      { content: '2026-11-25,CF2711,14700,15005' },
      { token: tokens.trader },
    );
    expect(file.json.code).toBe(400);
    expect(file.json.msg).toContain('价格不能再修改');
    const remark = await call('trader', futuresPrice, 'save', {
      id: filledOn!.id,
      tradeDate: '2026-11-25',
      futuresMonth: 'CF711',
      lastPrice: '14700.00',
      settlementPrice: '15000',
      remark: '交易所结算价已核对',
    });
    expect(remark.json.code, remark.json.msg).toBe(200);
    // Saving the day again fills nothing twice.
    await price('2026-11-25', 'CF2711', '14700', '15000');
    expect((await fixingsOf(sale)).length).toBe(1);
  });

  it('rejects an order whose fixing is refused when the price comes, and never fills a cancelled or expired one', async () => {
    await onDay('2026-11-25');
    const sale = await approved('sale', { futuresMonth: 'CF2707', tonnage: '100' });
    const first = await placed({
      contractId: sale,
      kind: 'limit',
      tonnage: '80',
      limitPrice: '14500',
      validUntil: '2027-06-30',
    });
    const cancelled = await placed({
      contractId: sale,
      kind: 'limit',
      tonnage: '10',
      limitPrice: '14500',
      validUntil: '2027-06-30',
    });
    const expired = await placed({
      contractId: sale,
      kind: 'limit',
      tonnage: '10',
      limitPrice: '14500',
      validUntil: '2027-06-30',
    });
    // The desk fixes 30 t directly meanwhile: 70 t open, less than the first order's 80 t.
    const fix = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: sale, tonnage: '30', futuresPrice: '14600' },
      { token: tokens.sales },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
    expect((await transition('sales', clientPriceOrder, cancelled.id, 'cancel', '客户撤单')).json.code).toBe(
      200,
    );
    await env.db.query(`update client_price_orders set valid_until = '2026-11-20' where id = $1`, [
      expired.id,
    ]);
    const [shown] = await records('sales', clientPriceOrder, { orderNo: expired.orderNo as string });
    expect(shown?.status).toBe('expired');
    expect((await transition('sales', clientPriceOrder, expired.id, 'cancel')).json.code).toBe(400);

    await price('2026-11-25', 'CF2707', '14500', '14500');
    expect(await orderOf(first.id)).toMatchObject({ status: 'rejected', fixing: null });
    expect((await orderOf(first.id)).reason).toContain('超过未点价吨数');
    expect((await orderOf(cancelled.id)).status).toBe('cancelled');
    expect((await orderOf(expired.id)).status).toBe('pending');
    expect(await fixingsOf(sale)).toEqual([
      { tonnage: '30.0000', price: '14600.00', forced: false, order: null },
    ]);
    expect((await transition('sales', clientPriceOrder, first.id, 'cancel')).json.code).toBe(400);
  });

  it('an imported file fills orders too, in the order of its days', async () => {
    await onDay('2026-11-25');
    const sale = await approved('sale', { futuresMonth: 'CF2709', tonnage: '100' });
    const order = await placed({
      contractId: sale,
      kind: 'limit',
      tonnage: '25',
      limitPrice: '14600',
      validUntil: '2027-06-30',
    });
    const file = ['2026-11-24,CF2709,14650,14640', '2026-11-25,CF2709,14600,14610'].join('\n');
    const done = await post(
      app,
      '/api/pending/FuturesPrice/importPrices',
      { content: file },
      { token: tokens.trader },
    );
    expect(done.json.code, done.json.msg).toBe(200);
    expect(done.json.msg).toContain('2026-11-25 CF2709：成交挂单 1 笔');
    expect(await orderOf(order.id)).toMatchObject({ status: 'filled', price: '14600.00' });
  });

  it('a day’s settlement force-fixes the overdue contracts of its month, in either writing, and nothing else', async () => {
    await onDay('2026-11-25');
    const due = await approved('sale', {
      futuresMonth: 'CF2703',
      tonnage: '120',
      signDate: '2026-11-20',
      fixingDeadline: '2026-11-25',
    });
    const dueExchange = await approved('purchase', {
      futuresMonth: 'CF703',
      tonnage: '50',
      fixingDeadline: '2026-11-24',
    });
    const later = await approved('sale', {
      futuresMonth: 'CF2703',
      tonnage: '80',
      fixingDeadline: '2026-12-15',
    });
    const otherMonth = await approved('sale', {
      futuresMonth: 'CF2705',
      tonnage: '70',
      fixingDeadline: '2026-11-25',
    });
    const partly = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: due, tonnage: '20', futuresPrice: '15000' },
      { token: tokens.sales },
    );
    expect(partly.json.code, partly.json.msg).toBe(200);
    // A last price alone forces nothing.
    await price('2026-11-25', 'CF2703', '15050');
    expect((await fixingsOf(due)).length).toBe(1);
    const saved = await price('2026-11-25', 'CF2703', '15050', '15040');
    expect(String(saved.effects)).toContain('强制点价合同 2 份');
    expect(await fixingsOf(due)).toEqual([
      { tonnage: '20.0000', price: '15000.00', forced: false, order: null },
      { tonnage: '100.0000', price: '15040.00', forced: true, order: null },
    ]);
    expect(await contractOf(due)).toMatchObject({ fixed: '120.0000', state: 'priced' });
    expect(await fixingsOf(dueExchange)).toEqual([
      { tonnage: '50.0000', price: '15040.00', forced: true, order: null },
    ]);
    expect(await fixingsOf(later)).toEqual([]);
    expect((await fixingsOf(otherMonth)).filter((f) => f.forced)).toEqual([]);
  });
  it('the exchange’s daily file force-fixes on its settlement, and importing it again fixes nothing twice', async () => {
    await onDay('2026-11-26');
    const due = await approved('sale', {
      futuresMonth: 'CF703',
      tonnage: '60',
      signDate: '2026-11-20',
      fixingDeadline: '2026-11-26',
    });
    const file = [
      '郑州商品交易所期货每日行情表(2026-11-26)',
      '品种月份,昨结算,今开盘,最高价,最低价,今收盘,今结算,涨跌1,涨跌2,成交量(手),持仓量,增减量,成交额(万元),交割结算价',
      'CF703,"15,040.00","15,045.00","15,120.00","15,010.00","15,080.00","15,065.00",40.00,25.00,"8,765","43,210",-10,"66,000.00",0.00',
      'TA701,"5,040.00","5,045.00","5,120.00","5,010.00","5,080.00","5,065.00",40.00,25.00,"8,765","43,210",-10,"66,000.00",0.00',
    ].join('\n');
    const importing = () =>
      post(
        app,
        '/api/pending/FuturesPrice/importPrices',
        { fileName: '20261126.csv', content: Buffer.from(file).toString('base64') },
        { token: tokens.trader },
      );
    const done = (await importing()).json;
    expect(done.code, done.msg).toBe(200);
    expect(done.msg).toContain('2026-11-26 CF2703：强制点价合同 1 份');
    expect(await fixingsOf(due)).toEqual([
      { tonnage: '60.0000', price: '15065.00', forced: true, order: null },
    ]);
    const again = (await importing()).json;
    expect(again.code, again.msg).toBe(200);
    expect(again.msg).toContain('没有任何变化');
    expect((await fixingsOf(due)).length).toBe(1);
    expect(
      (
        await one<{ made: number }>(
          `select fixings_made as made from futures_prices where trade_date = '2026-11-26' and futures_month = 'CF2703'`,
        )
      ).made,
    ).toBe(1);
  });

  // Issue 21: a market order filled at the day's last price (14,805) left the day's row saying 已成交点价 1 笔,
  // and its settlement could no longer be entered, so margins and calls never ran on it. The settlement is a
  // field apart: entered afterwards it stands (and is kept once there); the last price the order used stays.
  it('takes the day’s settlement after a market order used its last price, and keeps the last price', async () => {
    await onDay('2026-11-30');
    const sale = await approved('sale', { futuresMonth: 'CF2709', tonnage: '100' });
    await price('2026-11-30', 'CF2709', '14805');
    const order = await placed({ contractId: sale, kind: 'market', tonnage: '20', validUntil: '2026-11-30' });
    expect(await orderOf(order.id as string)).toMatchObject({ status: 'filled', price: '14805.00' });
    const settled = await price('2026-11-30', 'CF2709', '14805', '14790');
    expect(settled.settlementPrice).toBe('14790.00');
    const [day] = await records('trader', futuresPrice, {
      'tradeDate.from': '2026-11-30',
      'tradeDate.to': '2026-11-30',
      futuresMonth: 'CF2709',
    });
    for (const changed of [
      { lastPrice: '14810', settlementPrice: '14790' },
      { lastPrice: '14805', settlementPrice: '14795' },
    ]) {
      const { json } = await call('trader', futuresPrice, 'save', {
        id: day!.id,
        tradeDate: '2026-11-30',
        futuresMonth: 'CF2709',
        ...changed,
      });
      expect(json.code).toBe(400);
      expect(json.msg).toContain('已成交点价 1 笔');
    }
  });

  // Issue 21, worked by hand: CF2703 settled at 14500 on Friday 27 November; on Monday 30 November its band is
  // 14500 ± 4 % = 13920–15080 (on the 5 tick). CF2611 stopped trading on 13 November, its 10th trading day.
  it('takes a limit only on the tick, within the day’s band, for a month still trading', async () => {
    await onDay('2026-11-30');
    await price('2026-11-27', 'CF2703', '14500', '14500');
    const sale = await approved('sale', { futuresMonth: 'CF2703', fixingDeadline: '2027-03-12' });
    const limit = { contractId: sale, kind: 'limit', tonnage: '50', validUntil: '2026-12-31' };
    const refusal = async (body: Body) => {
      const before = await orderCount();
      const { json } = await place(body);
      expect(json.code, json.msg).toBe(400);
      expect(await orderCount()).toBe(before);
      return (json.data as { fields: Record<string, string> }).fields;
    };
    expect((await refusal({ ...limit, limitPrice: '15085' })).limitPrice).toBe(
      '超出涨跌停板：限价 15085 不在 CF2703 2026-11-30 的 13920–15080 之内（前一交易日结算价 14500 ±4%）',
    );
    expect((await refusal({ ...limit, limitPrice: '14201' })).limitPrice).toBe(
      '不在最小变动价位上：限价 14201 不是 5 元/吨的整数倍，可用 14200 或 14205',
    );
    await placed({ ...limit, limitPrice: '15080' });
    const expired = await approved('sale', {
      futuresMonth: 'CF2611',
      signDate: '2026-11-02',
      fixingDeadline: '2026-11-13',
    });
    for (const kind of ['limit', 'market'])
      expect(
        (await refusal({ ...limit, contractId: expired, kind, limitPrice: kind === 'limit' ? '14800' : '' }))
          .contractId,
      ).toBe('合约已停止交易：CF2611 的最后交易日是 2026-11-13，2026-11-30 已不交易');
  });
});
