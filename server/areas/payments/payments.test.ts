// Clients' payments and credit through HTTP as sales, finance and risk use them. A client with a credit limit
// of 2,000,000 buys 100 t basis 850 over CF2705, settled at 15,500 (a tonne unpriced is worth 16,350); it
// fixes 60 t at 16,000 (unit price 16,850), so m0 × 40 t = 32,000 and (16,000 − 15,500) × 60 t = 30,000 make
// its margin requirement 62,000, all of it short (no margin posted), and 40 t × 16,350 = 654,000 are unpriced:
// headroom 2,000,000 − 654,000 − 62,000 = 1,284,000. A goods payment of 505,500 pays for 30 t once received:
// the requirement falls to 47,000 and the headroom rises by 15,000; reversed, both come back.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { clientMarginBalance } from '../../../src/areas/margin/index.ts';
import { CLIENT_CREDIT_PATH } from '../../../src/areas/payments/api.ts';
import { clientPayment } from '../../../src/areas/payments/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('client payments and credit on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, records, transition } = resource;
  let served = '';
  let other = '';
  let contract = '';
  let otherContract = '';

  const credit = (who: string, partnerId: string) =>
    post(app, CLIENT_CREDIT_PATH, { partnerId }, { token: tokens[who]! });
  const requirementOf = async (partnerId: string) =>
    (await records('risk', clientMarginBalance)).find((row) => row.partnerId === partnerId)?.requirement;
  const payment = (who: string, body: Body) =>
    call(who, clientPayment, 'save', {
      partnerId: served,
      contractId: contract,
      kind: 'goods',
      receivedOn: '2026-11-23',
      ...body,
    });
  const paymentCount = async () =>
    (await env.db.query<{ n: number }>('select count(*)::int as n from client_payments'))[0]!.n;

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'warehouse'])
      tokens[who] = (await login(app, who)).token;
    const client = (name: string) => clientWithLimit(env.db, name, '2000000');
    served = await clientWithLimit(env.db, '无锡一棉', '2000000', 'sales');
    other = await client('魏桥纺织');
    contract = await approvedBasisSale(resource, served, '100');
    otherContract = await approvedBasisSale(resource, other, '10');
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '15510',
      settlementPrice: '15500',
    });
    const fix = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: contract, tonnage: '60', futuresPrice: '16000' },
      { token: tokens.admin! },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('shows the headroom: limit − receivables − unpriced exposure − margin shortfall', async () => {
    const [fixed] = await env.db.query<{ price: string }>(
      'select unit_price::text as price from transaction_contracts where id = $1',
      [contract],
    );
    expect(fixed!.price).toBe('16850.00');
    expect(await requirementOf(served)).toBe('62000.00');
    const { json } = await credit('sales', served);
    expect(json.code, json.msg).toBe(200);
    expect(json.data).toEqual({
      partnerId: served,
      partnerName: '无锡一棉',
      creditLimit: '2000000.00',
      receivables: '0.00',
      unpricedExposure: '654000.00',
      marginShortfall: '62000.00',
      headroom: '1284000.00',
    });
  });

  it('a salesperson reads only their own clients’ credit; a malformed client is refused in words', async () => {
    expect((await credit('sales', other)).json.code).toBe(403);
    expect((await credit('risk', other)).json.code).toBe(200);
    const bad = await credit('finance', 'abc');
    expect(bad.json.code).toBe(400);
    expect(bad.json.msg).toMatch(/客户/);
    expect((await credit('finance', '999999')).json.msg).toBe('客户不存在');
  });

  it('refuses a payment on another client’s contract, or provisional on a basis sale, writing nothing', async () => {
    const before = await paymentCount();
    const foreign = await payment('sales', { contractId: otherContract, amount: '1000' });
    expect(foreign.json.code).toBe(400);
    expect(foreign.json.msg).toMatch(/不是该客户的销售合同/);
    const provisional = await payment('finance', { kind: 'provisional', amount: '1000' });
    expect(provisional.json.code).toBe(400);
    expect(provisional.json.msg).toMatch(/临时货款只用于延期点价合同/);
    expect((await payment('finance', { amount: '-5' })).json.code).toBe(400);
    expect(await paymentCount()).toBe(before);
  });

  it('counts a payment once received: the requirement and the headroom follow, and a reversal undoes it', async () => {
    const { json } = await payment('sales', { amount: '505500', bankReference: 'ICBC-0001' });
    expect(json.code, json.msg).toBe(200);
    const id = (json.data as Row).id as string;
    expect((json.data as Row).paymentNo).toMatch(/^SK20261123\d{5}$/);
    expect((await transition('sales', clientPayment, id, 'submit')).json.code).toBe(200);
    // The salesperson neither approves nor confirms receipt; finance does.
    expect((await transition('sales', clientPayment, id, 'approve')).json.code).toBe(403);
    expect((await transition('finance', clientPayment, id, 'approve')).json.code).toBe(200);
    expect(await requirementOf(served)).toBe('62000.00');
    expect((await transition('finance', clientPayment, id, 'receive')).json.code).toBe(200);
    // 30 t paid for: (16,000 − 15,500) × 30 unpaid t + 32,000 = 47,000.
    expect(await requirementOf(served)).toBe('47000.00');
    expect((await credit('finance', served)).json.data).toMatchObject({
      marginShortfall: '47000.00',
      headroom: '1299000.00',
    });
    const history = await env.db.query<{ action: string; login: string }>(
      `select h.action, u.login_name as login from document_history h join users u on u.id = h.user_id
        where h.resource_key = 'clientPayment' and h.record_id = $1 order by h.id`,
      [id],
    );
    expect(history).toEqual([
      { action: 'submit', login: 'sales' },
      { action: 'approve', login: 'finance' },
      { action: 'receive', login: 'finance' },
    ]);
    // A reversal needs its reason.
    expect((await transition('finance', clientPayment, id, 'reverse')).json.code).toBe(400);
    expect((await transition('finance', clientPayment, id, 'reverse', '银行退票')).json.code).toBe(200);
    expect(await requirementOf(served)).toBe('62000.00');
  });

  it('the submitter does not approve their own payment', async () => {
    const { json } = await payment('finance', { amount: '1000' });
    const id = (json.data as Row).id as string;
    expect((await transition('finance', clientPayment, id, 'submit')).json.code).toBe(200);
    const own = await transition('finance', clientPayment, id, 'approve');
    expect(own.json.code).toBe(400);
    expect(own.json.msg).toBe('不能审批自己提交的收款，请由其他审批人审批');
    expect((await records('finance', clientPayment, { status: 'submitted' })).map((r) => r.id)).toContain(id);
  });

  it('sends a sale beyond the client’s headroom to risk, saying by how much', async () => {
    const spot = await saved('admin', transactionContract, {
      side: 'sale',
      kind: 'spot',
      partnerId: served,
      signDate: '2026-11-23',
      tonnage: '100',
      tolerancePercent: '5',
      unitPrice: '16000',
    });
    expect((await transition('admin', transactionContract, spot.id, 'submit')).json.code).toBe(200);
    const [routed] = await env.db.query<{ level: string; reasons: string }>(
      'select approval_level as level, approval_reasons as reasons from transaction_contracts where id = $1',
      [spot.id],
    );
    expect(routed).toEqual({
      level: 'risk',
      reasons: '合同金额 1600000.00 元超过客户剩余授信 1284000.00 元',
    });
  });
});
