// Client margin through HTTP as finance, sales and risk use it: deposits and allotments make the balances
// (never an edited figure), bad movements are refused with nothing written, applications are approved by
// someone other than the applicant, a call opens when the balance falls below k × Req (80 % of
// m0 × open t + fall below the fixed price × fixed t), is met by a deposit, and is forced into pricing
// when a settlement price comes past its deadline. The salesperson sees only their own client.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  clientMarginApplication,
  clientMarginBalance,
  clientMarginMovement,
  marginCall,
} from '../../../src/areas/margin/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { PUBLISHED_TEMPLATE_PATH, resourcePath } from '../../../src/framework/resource/index.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const DAY = 24 * 3600 * 1000;

describe.each(BACKENDS)('client margin on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let clock: ReturnType<typeof manualClock>;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, records, transition } = resource;
  let served = '';
  let other = '';
  let onCredit = '';
  let servedContract = '';
  let otherContract = '';

  const sale = (partnerId: string, tonnage: string) => approvedBasisSale(resource, partnerId, tonnage);
  const balanceOf = async (who: string, partnerId: string) =>
    (await records(who, clientMarginBalance)).find((row) => row.partnerId === partnerId);
  const movement = (who: string, body: Body) =>
    call(who, clientMarginMovement, 'save', { occurredOn: '2026-11-23', ...body });
  const messagesOf = async (login: string) =>
    (
      await env.db.query<{ message: string }>(
        `select m.message from messages m join users u on u.id = m.user_id
          where u.login_name = $1 and m.message_type = '1000009' order by m.id`,
        [login],
      )
    ).map((row) => row.message);
  const calls = async (who = 'risk', partnerId = served) =>
    (await records(who, marginCall, { partnerId })).sort((a, b) => Number(a.id) - Number(b.id)) as Row[];

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app, clock } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance'])
      tokens[who] = (await login(app, who)).token;
    const client = (name: string) => clientWithLimit(env.db, name, '6000000');
    served = await clientWithLimit(env.db, '无锡一棉', '6000000', 'sales');
    other = await client('魏桥纺织');
    servedContract = await sale(served, '100');
    otherContract = await sale(other, '50');
    onCredit = await client('华孚时尚');
    await sale(onCredit, '20');
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('makes the balances from deposits and allotments, and the requirement m0 × open tonnes', async () => {
    expect(
      (await movement('finance', { partnerId: served, kind: 'deposit', amount: '100000' })).json.code,
    ).toBe(200);
    const allot = await movement('finance', {
      partnerId: served,
      kind: 'allot',
      contractId: servedContract,
      amount: '30000',
    });
    expect(allot.json.code, allot.json.msg).toBe(200);
    expect((allot.json.data as Row).movementNo).toMatch(/^BZJ20261123\d{5}$/);
    expect(await balanceOf('finance', served)).toMatchObject({
      balance: '100000.00',
      allotted: '30000.00',
      available: '70000.00',
      // 800 × 100 t; the line is 80 % of it.
      requirement: '80000.00',
      callLine: '64000.00',
      shortfall: '0.00',
      callStatus: 'none',
    });
    const { json } = await call('finance', clientMarginBalance, 'detail', { id: served });
    expect((json.data as { contracts: Row[] }).contracts).toEqual([
      expect.objectContaining({ contractId: servedContract, allotted: '30000.00', tonnage: '100' }),
    ]);
  });

  it('refuses bad movements in words and writes nothing', async () => {
    const before = (await records('finance', clientMarginMovement)).length;
    const refusals: [Body, RegExp][] = [
      [
        { partnerId: served, kind: 'allot', contractId: servedContract, amount: '70000.01' },
        /可用保证金只有 70000.00/,
      ],
      [{ partnerId: served, kind: 'allot', contractId: otherContract, amount: '10' }, /不是该客户的销售合同/],
      [{ partnerId: served, kind: 'allot', amount: '10' }, /.+/],
      [{ partnerId: served, kind: 'withdraw', amount: '10' }, /.+/],
      [{ partnerId: served, kind: 'deposit', amount: '-5' }, /.+/],
      [{ partnerId: served, kind: 'deposit', amount: 'abc' }, /.+/],
      [{ partnerId: '999999', kind: 'deposit', amount: '10' }, /.+/],
    ];
    for (const [body, message] of refusals) {
      const { json } = await movement('finance', body);
      expect(json.code, JSON.stringify(body)).toBe(400);
      expect(json.msg).toMatch(message);
    }
    const [first] = await records('finance', clientMarginMovement);
    const edit = await movement('finance', {
      id: first!.id,
      partnerId: served,
      kind: 'deposit',
      amount: '1',
    });
    expect(edit.json.code).not.toBe(200);
    expect(await records('finance', clientMarginMovement)).toHaveLength(before);
    expect((await balanceOf('finance', served))!.balance).toBe('100000.00');
  });

  it('shows a salesperson only their own clients and lets only finance enter money', async () => {
    await movement('finance', { partnerId: other, kind: 'deposit', amount: '5000' });
    expect((await records('sales', clientMarginMovement)).every((row) => row.partnerId === served)).toBe(
      true,
    );
    expect((await records('sales', clientMarginBalance)).map((row) => row.partnerId)).toEqual([served]);
    const detail = await call('sales', clientMarginBalance, 'detail', { id: other });
    expect(detail.json.code).not.toBe(200);
    expect((await records('risk', clientMarginBalance)).map((row) => row.partnerId).sort()).toEqual(
      [served, other].sort(),
    );
    for (const who of ['sales', 'risk', 'trader'])
      expect((await movement(who, { partnerId: served, kind: 'deposit', amount: '1' })).json.code).toBe(403);
    const elsewhere = await call('sales', clientMarginApplication, 'save', {
      partnerId: other,
      kind: 'withdraw',
      amount: '100',
      reason: '客户要求',
    });
    expect(elsewhere.json.code).toBe(403);
  });

  it('applies an application only when another person approves it; a withdrawal below the line opens a call', async () => {
    const tooMuch = await call('sales', clientMarginApplication, 'save', {
      partnerId: served,
      kind: 'withdraw',
      amount: '70000.01',
      reason: '客户要求退还',
    });
    expect(tooMuch.json.code).toBe(400);
    expect(tooMuch.json.msg).toMatch(/可用保证金只有 70000.00/);
    const withdraw = await saved('sales', clientMarginApplication, {
      partnerId: served,
      kind: 'withdraw',
      amount: '50000',
      reason: '客户要求退还',
    });
    expect(withdraw.status).toBe('submitted');
    // The salesperson cannot approve at all; finance may, but not its own application.
    expect((await transition('sales', clientMarginApplication, withdraw.id, 'approve')).json.code).toBe(403);
    const release = await saved('finance', clientMarginApplication, {
      partnerId: served,
      kind: 'release',
      fromContractId: servedContract,
      amount: '10000',
      reason: '合同已部分点价',
    });
    const own = await transition('finance', clientMarginApplication, release.id, 'approve');
    expect(own.json.code).toBe(400);
    expect(own.json.msg).toMatch(/不能审批自己提交/);
    expect((await balanceOf('finance', served))!.allotted).toBe('30000.00');
    expect((await transition('admin', clientMarginApplication, release.id, 'approve')).json.code).toBe(200);
    expect((await balanceOf('finance', served))!.allotted).toBe('20000.00');

    expect(await calls()).toEqual([]);
    const approved = await transition('finance', clientMarginApplication, withdraw.id, 'approve');
    expect(approved.json.code, approved.json.msg).toBe(200);
    // 100000 − 50000 = 50000 < 64000 = 80 % × 80000: a call for 30000, due in two trading days.
    expect(await balanceOf('finance', served)).toMatchObject({
      balance: '50000.00',
      available: '30000.00',
      shortfall: '30000.00',
      callStatus: 'open',
    });
    const [opened] = await calls();
    expect(opened).toMatchObject({
      partnerId: served,
      status: 'open',
      openedOn: '2026-11-23',
      deadline: '2026-11-25',
      requirement: '80000.00',
      balance: '50000.00',
      callLine: '64000.00',
      forcedLine: '40000.00',
      amount: '30000.00',
    });
    for (const who of ['sales', 'risk'])
      expect((await messagesOf(who)).join('\n')).toMatch(
        /追加保证金 ZB.*余额 50000.00 元，低于追保线 64000.00 元.*2026-11-25.*30000.00/,
      );
    expect(await messagesOf('trader')).toEqual([]);
    // The applicant hears of the approval.
    expect((await messagesOf('sales')).some((text) => text.includes('已'))).toBe(true);
    // The ledger records the call, which moves no money.
    const ledger = await records('finance', clientMarginMovement, { kind: 'call', partnerId: served });
    expect(ledger.map((row) => row.amount)).toEqual(['30000.00']);
    // The other client's calls are not the salesperson's to see.
    expect((await calls('risk', other)).map((row) => row.partnerId)).toEqual([other]);
    expect(await calls('sales', other)).toEqual([]);
  });

  it("prints the call's risk notice for whoever reads the calls", async () => {
    for (const who of ['risk', 'sales', 'finance']) {
      const { json } = await post(
        app,
        PUBLISHED_TEMPLATE_PATH,
        { variant: 'riskNoticePrint' },
        { token: tokens[who]! },
      );
      expect(json.code, who).toBe(200);
      expect(String((json.data as { content: string }).content)).toMatch(
        /\{\{callNo\}\}[\s\S]*\{\{amount\}\}/,
      );
    }
    const detail = await call('risk', marginCall, 'detail', { id: (await calls())[0]!.id });
    expect(detail.json.data).toMatchObject({
      callNo: expect.stringMatching(/^ZB20261123/),
      partnerIdName: '无锡一棉',
    });
  });

  it('meets the call when margin arrives', async () => {
    expect(
      (await movement('finance', { partnerId: served, kind: 'deposit', amount: '14000' })).json.code,
    ).toBe(200);
    const [met] = await calls();
    expect(met).toMatchObject({ status: 'met', closedReason: 'margin' });
    expect((await messagesOf('risk')).at(-1)).toMatch(/已满足.*余额 64000.00 元/);
  });

  it('opens a call on a settlement price below the fixed price and forces it into pricing past its deadline', async () => {
    const fix = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: servedContract, tonnage: '50', futuresPrice: '15000' },
      { token: tokens.admin! },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
    const price = await saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '14010',
      settlementPrice: '14000',
    });
    expect(price.id).toBeTruthy();
    // The other client's open call (balance 5000 against a forced line of 50 % × 40000) is forced at once:
    // its 50 open tonnes fixed at the day's settlement.
    expect((await calls('risk', other)).at(-1)).toMatchObject({
      status: 'forcedPriced',
      closedReason: 'forcedLine',
    });
    const [forcedOther] = await env.db.query<{ fixed: string; price: string }>(
      `select trim_scale(tonnage)::text as fixed, futures_price::text as price from contract_fixings
        where contract_id = $1 and forced`,
      [otherContract],
    );
    expect(forcedOther).toEqual({ fixed: '50', price: '14000.00' });
    // A client without a margin account has its requirement shown, never a call.
    expect(await balanceOf('risk', onCredit)).toMatchObject({ requirement: '16000.00', callStatus: 'none' });
    expect(await calls('risk', onCredit)).toEqual([]);
    // 800 × 50 open t + (15000 − 14000) × 50 fixed t = 90000; line 72000 > balance 64000.
    const open = (await calls()).at(-1)!;
    expect(open).toMatchObject({
      status: 'open',
      requirement: '90000.00',
      balance: '64000.00',
      callLine: '72000.00',
      amount: '26000.00',
      futuresMonth: 'CF2705',
      settlementPrice: '14000.00',
      deadline: '2026-11-25',
    });
    // Thursday: the deadline has passed unmet; the day's settlement forces the open 50 t at 14000.
    clock.advance(3 * DAY);
    for (const who of Object.keys(tokens)) tokens[who] = (await login(app, who)).token;
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-26',
      futuresMonth: 'CF2705',
      lastPrice: '14005',
      settlementPrice: '14000',
    });
    expect((await calls()).at(-1)).toMatchObject({
      id: open.id,
      status: 'forcedPriced',
      closedReason: 'deadline',
    });
    const [contract] = await env.db.query<{ fixed: string; forced: number }>(
      `select trim_scale(fixed_tonnage)::text as fixed,
              (select count(*)::int from contract_fixings f where f.contract_id = c.id and f.forced) as forced
         from transaction_contracts c where id = $1`,
      [servedContract],
    );
    expect(contract).toEqual({ fixed: '100', forced: 1 });
    expect((await messagesOf('sales')).at(-1)).toMatch(/强制点价（逾期未追加.*14000/);
  });

  it('keeps the ledger equal to its movements under concurrent allotments', async () => {
    const before = await balanceOf('finance', other);
    expect(before!.available).toBe('5000.00');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        movement('finance', { partnerId: other, kind: 'allot', contractId: otherContract, amount: '2000' }),
      ),
    );
    expect(answers.filter((answer) => answer.json.code === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.json.code === 400)).toHaveLength(3);
    expect(await balanceOf('finance', other)).toMatchObject({
      balance: '5000.00',
      allotted: '4000.00',
      available: '1000.00',
    });
  });
});
