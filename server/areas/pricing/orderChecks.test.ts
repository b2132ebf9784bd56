// The sales manager's queues through HTTP: an order past the settings' limits (more tonnes than a
// salesperson places alone, a limit too far from the latest price) waits in SpecOrderCheck, is approved by
// someone other than who placed it (a market order then fills) or rejected with why; a request to cancel an
// order waits in ClientOrderRevocation and cancels it on approval (refused when it filled meanwhile). Refusals
// change nothing; the trading desk approves, the sales desk reads its own clients' only, finance is refused.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  clientOrderPackage,
  clientOrderRevocation,
  clientPrice,
  clientPriceOrder,
  futuresPrice,
  saleContractPackage,
  salesBasis,
} from '../../../src/areas/pricing/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('checked orders and cancellation requests on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const clock = manualClock(Date.parse('2026-11-23T08:00:00Z'));
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let clientId: string;
  let otherClientId: string;
  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;
  const orderOf = (id: string) =>
    one<{ status: string; reason: string | null; reasons: string | null; price: string | null }>(
      `select status, reason, check_reasons as reasons, filled_price::text as price from client_price_orders where id = $1`,
      [id],
    );
  const fixedOf = async (contractId: string) =>
    (
      await one<{ fixed: string }>(
        'select fixed_tonnage::text as fixed from transaction_contracts where id = $1',
        [contractId],
      )
    ).fixed;
  const requestCount = async () =>
    (await one<{ n: number }>('select count(*)::int as n from client_order_revocations')).n;

  const approvedSale = async (partnerId: string, desk = 'sales') => {
    const contract = await saved(desk, transactionContract, {
      side: 'sale',
      kind: 'basis',
      partnerId,
      signDate: '2026-11-20',
      tonnage: '1000',
      futuresMonth: 'CF2705',
      basis: '850',
      fixingDeadline: '2027-04-15',
    });
    expect((await transition(desk, transactionContract, contract.id, 'submit')).json.code).toBe(200);
    const approve = await transition('risk', transactionContract, contract.id, 'approve');
    expect(approve.json.code, approve.json.msg).toBe(200);
    return contract.id;
  };
  const placed = async (body: Body, who = 'sales') => {
    const { json } = await call(who, clientPriceOrder, 'save', { validUntil: '2026-12-31', ...body });
    expect(json.code, json.msg).toBe(200);
    return json.data as Row;
  };
  const requestCancel = (id: string, reason: string, who = 'sales') =>
    post(
      app,
      `${resourcePath(clientPriceOrder, 'list').replace(/\/list$/, '')}/requestCancel`,
      { id, reason },
      { token: tokens[who] },
    );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, clock));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance'])
      tokens[who] = (await login(app, who)).token;
    const client = async (name: string) =>
      (
        await one<{ id: string }>(
          `insert into partners (name, kinds) values ($1, '{client}') returning id::text`,
          [name],
        )
      ).id;
    clientId = await client('无锡一棉');
    otherClientId = await client('常州二棉');
    await env.db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       values ($1, (select id from users where login_name = 'sales'), '2026-01-01')`,
      [clientId],
    );
    const { json } = await call('trader', futuresPrice, 'save', {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '15500',
    });
    expect(json.code, json.msg).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('an order within the limits waits for the market; past them it is checked, with why', async () => {
    const contract = await approvedSale(clientId);
    const within = await placed({ contractId: contract, kind: 'limit', tonnage: '100', limitPrice: '15000' });
    expect(await orderOf(within.id)).toMatchObject({ status: 'pending', reasons: null });
    // 14500 is 6.45% under 15500 (more than the 5% of the settings); 600 t is more than 500.
    const far = await placed({ contractId: contract, kind: 'limit', tonnage: '100', limitPrice: '14500' });
    expect(await orderOf(far.id)).toMatchObject({ status: 'checking' });
    expect((await orderOf(far.id)).reasons).toContain('偏离最新价 15500.00 6.45%');
    const big = await placed({ contractId: contract, kind: 'market', tonnage: '600' });
    expect(await orderOf(big.id)).toMatchObject({ status: 'checking', price: null });
    expect((await orderOf(big.id)).reasons).toContain('600.0000 吨超过业务员挂单限额 500 吨');
    expect(await fixedOf(contract)).toBe('0.0000');

    const queue = await records('trader', clientPriceOrder, { status: 'checking' });
    expect(queue.map((r) => r.id).sort()).toEqual([far.id, big.id].sort());

    // The trader approves: the market order fills at the latest price, the limit order waits.
    const approveBig = await transition('trader', clientPriceOrder, big.id, 'approve');
    expect(approveBig.json.code, approveBig.json.msg).toBe(200);
    expect(await orderOf(big.id)).toMatchObject({ status: 'filled', price: '15500.00' });
    expect(await fixedOf(contract)).toBe('600.0000');
    const reject = await transition('trader', clientPriceOrder, far.id, 'reject', '限价离市场太远');
    expect(reject.json.code, reject.json.msg).toBe(200);
    expect(await orderOf(far.id)).toMatchObject({ status: 'rejected', reason: '审批驳回：限价离市场太远' });
  });

  it('refuses: approving one’s own order, a pending order, a rejection without why — nothing changes', async () => {
    const contract = await approvedSale(otherClientId, 'trader');
    const own = await placed({ contractId: contract, kind: 'market', tonnage: '550' }, 'trader');
    expect((await orderOf(own.id)).status).toBe('checking');
    const self = await transition('trader', clientPriceOrder, own.id, 'approve');
    expect(self.json.code).toBe(400);
    expect(self.json.msg).toBe('不能审批自己提交的客户挂单，请由其他审批人处理');
    expect((await transition('trader', clientPriceOrder, own.id, 'reject')).json.code).toBe(400);
    const pending = await placed(
      { contractId: contract, kind: 'limit', tonnage: '10', limitPrice: '15400' },
      'trader',
    );
    expect((await transition('admin', clientPriceOrder, pending.id, 'approve')).json.code).toBe(400);
    expect((await transition('sales', clientPriceOrder, own.id, 'approve')).json.code).not.toBe(200);
    expect(await orderOf(own.id)).toMatchObject({ status: 'checking' });
    expect(await orderOf(pending.id)).toMatchObject({ status: 'pending' });
    expect(await fixedOf(contract)).toBe('0.0000');
  });

  it('a request to cancel waits for approval, cancels the order when approved, and is refused once it filled', async () => {
    const contract = await approvedSale(clientId);
    const order = await placed({ contractId: contract, kind: 'limit', tonnage: '50', limitPrice: '15100' });
    const asked = await requestCancel(order.id, '客户改变主意');
    expect(asked.json.code, asked.json.msg).toBe(200);
    expect((await orderOf(order.id)).status).toBe('pending');
    const twice = await requestCancel(order.id, '再申请');
    expect(twice.json.code).toBe(400);
    expect(twice.json.msg).toContain('已有待审批的撤单申请');
    const [request] = await records('trader', clientOrderRevocation, { status: 'submitted' });
    expect(request).toMatchObject({ orderId: order.id, reason: '客户改变主意', orderStatus: 'pending' });
    expect((await transition('sales', clientOrderRevocation, request!.id, 'approve')).json.code).not.toBe(
      200,
    );
    const approve = await transition('trader', clientOrderRevocation, request!.id, 'approve');
    expect(approve.json.code, approve.json.msg).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({
      status: 'cancelled',
      reason: '撤单申请获批：客户改变主意',
    });
    const history = await call('trader', clientPriceOrder, 'history', { id: order.id });
    expect(JSON.stringify(history.json.data)).toContain('撤单申请获批');

    // Filled before the approval came: the approval is refused, the request stays, the fixing stands.
    const filled = await placed({ contractId: contract, kind: 'limit', tonnage: '20', limitPrice: '15200' });
    expect((await requestCancel(filled.id, '不要了')).json.code).toBe(200);
    const [late] = await records('trader', clientOrderRevocation, { status: 'submitted' });
    await env.db.query(
      `update client_price_orders set status = 'filled', filled_price = 15200,
              fixing_id = (select id from contract_fixings order by id limit 1) where id = $1`,
      [filled.id],
    );
    const count = await requestCount();
    const refused = await transition('trader', clientOrderRevocation, late!.id, 'approve');
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toContain('不能撤销');
    expect(await requestCount()).toBe(count);
    expect((await orderOf(filled.id)).status).toBe('filled');
    const rejected = await transition('trader', clientOrderRevocation, late!.id, 'reject', '已成交');
    expect(rejected.json.code, rejected.json.msg).toBe(200);
  });

  it('the trading desk approves; sales reads its own clients only; finance is refused', async () => {
    const theirs = await approvedSale(otherClientId, 'trader');
    const order = await placed(
      { contractId: theirs, kind: 'limit', tonnage: '5', limitPrice: '15300' },
      'trader',
    );
    expect((await requestCancel(order.id, '换月', 'trader')).json.code).toBe(200);
    const salesSees = await records('sales', clientOrderRevocation);
    expect(salesSees.length).toBeGreaterThan(0);
    expect(salesSees.every((r) => r.partnerId === clientId)).toBe(true);
    expect((await records('trader', clientOrderRevocation)).some((r) => r.partnerId === otherClientId)).toBe(
      true,
    );
    expect((await call('finance', clientOrderRevocation, 'list', {})).json.code).toBe(403);
    expect((await call('finance', clientPriceOrder, 'list', { status: 'checking' })).json.code).toBe(403);
    // Sales may not ask to cancel another salesperson's client's order.
    expect((await requestCancel(order.id, '试', 'sales')).json.code).not.toBe(200);
  });

  it("packages a client's contracts and orders by month for its salesperson only, with the sheet's client prices", async () => {
    // The client's two 1000 t sales of CF2705: 600 t fixed at 15500 on the first (its market order), so
    // P = 15500 + 850 and the amount is 16350 × 600 = 9810000.
    const mine = await records('sales', saleContractPackage);
    expect(mine.every((r) => r.partnerId === clientId)).toBe(true);
    const [pack] = mine.filter((r) => r.futuresMonth === 'CF2705');
    expect(pack).toMatchObject({
      contractCount: 2,
      averageFixedPrice: '15500.00',
      amount: '9810000.00',
    });
    expect([pack!.tonnage, pack!.fixedTonnage, pack!.openTonnage].map(Number)).toEqual([2000, 600, 1400]);
    const detail = await call('sales', saleContractPackage, 'detail', { id: pack!.id });
    expect((detail.json.data as { contracts: Row[] }).contracts).toHaveLength(2);
    expect((await records('trader', saleContractPackage)).some((r) => r.partnerId === otherClientId)).toBe(
      true,
    );
    expect((await call('finance', saleContractPackage, 'list', {})).json.code).toBe(403);

    // Its orders: 100 t waiting, 600 t filled at 15500 and 20 t at 15200: (9300000 + 304000) / 620 = 15490.32.
    const [orders] = (await records('sales', clientOrderPackage)).filter((r) => r.futuresMonth === 'CF2705');
    expect(orders).toMatchObject({
      orderCount: 5,
      averageFilledPrice: '15490.32',
      filledAmount: '9604000.00',
    });
    expect([orders!.waitingTonnage, orders!.filledTonnage].map(Number)).toEqual([100, 620]);
    expect((await records('sales', clientOrderPackage)).every((r) => r.partnerId === clientId)).toBe(true);
    expect((await call('finance', clientOrderPackage, 'list', {})).json.code).toBe(403);

    // The sheet in use quotes CF2705 at +900 (open grade) and +950 for colour 21: over the 15480 settlement.
    const sheet = await call('trader', salesBasis, 'save', {
      sheetNo: 'JC-TEST-1',
      effectiveFrom: '2026-11-23',
      lines: JSON.stringify([
        { futuresMonth: 'CF2705', basis: '900' },
        { futuresMonth: 'CF2705', colourGrade: '21', basis: '950' },
      ]),
    });
    expect(sheet.json.code, sheet.json.msg).toBe(200);
    expect((await transition('trader', salesBasis, (sheet.json.data as Row).id, 'publish')).json.code).toBe(
      200,
    );
    const [day] = await records('trader', futuresPrice, {
      'tradeDate.from': '2026-11-23',
      'tradeDate.to': '2026-11-23',
      futuresMonth: 'CF2705',
    });
    const settle = await call('trader', futuresPrice, 'save', {
      id: day!.id,
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '15500',
      settlementPrice: '15480',
    });
    expect(settle.json.code, settle.json.msg).toBe(200);
    const prices = await records('sales', clientPrice, { futuresMonth: 'CF2705' });
    // The price is the declaration's computed P = F + B (src/domain contractUnitPrice), shown by the list.
    const shown = prices.map((p) => [
      p.colourGrade ?? '',
      p.settlementPrice,
      clientPrice.computed!.price!.compute(p as never),
    ]);
    expect(shown.sort()).toEqual([
      ['', '15480.00', '16380.00'],
      ['21', '15480.00', '16430.00'],
    ]);
    expect((await call('finance', clientPrice, 'list', {})).json.code).toBe(403);
  });
});
