import type { FastifyInstance } from 'fastify';
import { contractFixing, transactionContract } from '../../../src/areas/contracts/resources.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { forceFixAfterDeadline } from './index.ts';

// Monday 23 November 2026, 16:00 in Beijing: the business day of every fixing and roll below.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('contracts, approvals and fixings on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let clientId: string;
  let supplierId: string;
  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;
  const command = (who: string, id: string, name: string, body: Body) =>
    post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/${name}`,
      { id, ...body },
      {
        token: tokens[who],
      },
    );
  const contractOf = async (id: string) =>
    one<Record<string, string>>(
      `select contract_no, status, pricing_state, fixed_tonnage::text, average_fixed_price::text, unit_price::text,
              basis::text, futures_month, version::text, approval_level, tax_rate::text, pricing_party,
              fixing_deadline::text
         from transaction_contracts where id = $1`,
      [id],
    );
  const messagesOf = async (loginName: string) =>
    (
      await env.db.query<{ message: string }>(
        `select m.message from messages m join users u on u.id = m.user_id
          where u.login_name = $1 and m.message_type = '1000004' order by m.id`,
        [loginName],
      )
    ).map((row) => row.message);

  const basisSale = (extra: Body = {}): Body => ({
    side: 'sale',
    kind: 'basis',
    partnerId: clientId,
    signDate: '2026-11-20',
    tonnage: '300',
    tolerancePercent: '5',
    futuresMonth: 'CF2705',
    basis: '850',
    fixingDeadline: '2027-04-15',
    qualityPremium: '450',
    ...extra,
  });
  /** A contract drafted by sales, submitted, and approved by risk. */
  const approvedSale = async (extra: Body = {}) => {
    const contract = await saved('sales', transactionContract, basisSale(extra));
    expect((await transition('sales', transactionContract, contract.id, 'submit')).json.code).toBe(200);
    const approve = await transition('risk', transactionContract, contract.id, 'approve');
    expect(approve.json.code, approve.json.msg).toBe(200);
    return contract;
  };
  const addBatch = (batchNo: string, status = 'stock') =>
    env.db.query(
      `insert into batches (batch_no, warehouse_id, status, conditioned_weight, crop_year, bale_count)
       values ($1, (select id from warehouses order by id limit 1), $2, '40.1', '2025/26', 186)`,
      [batchNo, status],
    );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance'])
      tokens[who] = (await login(app, who)).token;
    await env.db.query(`insert into warehouses (code, name, kind) values ('HT1', '合同库', 'delivery')`);
    clientId = (
      await one<{ id: string }>(
        `insert into partners (name, kinds, credit_limit) values ('无锡一棉', '{client}', 6000000) returning id::text`,
      )
    ).id;
    // The sales desk serves this client (a salesperson reaches only their own clients' contracts).
    await env.db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       select $1, id, '2026-01-01' from users where login_name = 'sales'`,
      [clientId],
    );
    supplierId = (
      await one<{ id: string }>(
        `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
      )
    ).id;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('numbers a contract by the pattern, takes the tax rate from the settings and derives the pricing party', async () => {
    const first = await saved('sales', transactionContract, basisSale());
    const second = await saved('trader', transactionContract, {
      ...basisSale(),
      side: 'purchase',
      partnerId: supplierId,
    });
    expect(await contractOf(first.id)).toMatchObject({
      contract_no: 'XS202611-0001',
      tax_rate: '9.0000',
      pricing_party: 'buyer',
      status: 'draft',
    });
    expect(await contractOf(second.id)).toMatchObject({
      contract_no: 'CG202611-0001',
      pricing_party: 'seller',
    });
    const spot = await saved('sales', transactionContract, {
      ...basisSale(),
      kind: 'spot',
      unitPrice: '16000',
      taxRate: '6',
    });
    // Priced now, it holds no futures month, basis or fixing deadline, whatever the form sent (its print has
    // no fixing clause).
    expect(await contractOf(spot.id)).toMatchObject({
      contract_no: 'XS202611-0002',
      tax_rate: '6.0000',
      pricing_party: null,
      futures_month: null,
      basis: null,
      fixing_deadline: null,
    });
  });

  it('refuses lines outside the tonnage ± tolerance, saying the band, and changes nothing', async () => {
    await addBatch('TL001');
    const { json } = await call('sales', transactionContract, 'save', {
      ...basisSale({ tonnage: '100', tolerancePercent: '3', contractNo: 'TOL-1' }),
      lines: JSON.stringify([{ batchNo: 'TL001', conditionedWeight: '40.1' }]),
    });
    expect(json.code).toBe(400);
    expect(json.msg).toBe(
      '明细重量合计 40.1000 吨超出合同数量 100.0000 吨 ±3.0000% 的范围（97.0000–103.0000 吨）',
    );
    expect(
      await env.db.query(`select 1 from transaction_contracts where contract_no = 'TOL-1'`),
    ).toHaveLength(0);
  });

  it('routes by rule: the desk approves within its limits, risk beyond them; approvers are told, the submitter too', async () => {
    const small = await saved('sales', transactionContract, basisSale({ tonnage: '100' }));
    expect((await transition('sales', transactionContract, small.id, 'submit')).json.code).toBe(200);
    expect((await contractOf(small.id)).approval_level).toBe('desk');
    expect(await messagesOf('risk')).toContainEqual(expect.stringMatching(/已提交，待审批$/));

    const large = await saved('admin', transactionContract, basisSale({ tonnage: '600' }));
    expect((await transition('admin', transactionContract, large.id, 'submit')).json.code).toBe(200);
    expect(await contractOf(large.id)).toMatchObject({ approval_level: 'risk' });
    // The desk's queue does not reach it; the sales managers' approval without approveRisk is refused; risk approves.
    const byDesk = await transition('trader', transactionContract, large.id, 'approve');
    expect(byDesk.json.msg).toBe('记录不存在或已被删除');
    const bySales = await transition('sales', transactionContract, large.id, 'approve');
    expect(bySales.json).toMatchObject({
      code: 400,
      msg: '该合同超出业务审批权限，需风控审批：数量 600.0000 吨超过业务审批限额 500 吨；合同金额 9600000.00 元超过客户剩余授信 4400000.00 元',
    });
    expect((await contractOf(large.id)).status).toBe('submitted');
    expect((await transition('risk', transactionContract, large.id, 'approve')).json.code).toBe(200);
    expect(await messagesOf('admin')).toContainEqual(expect.stringMatching(/已审批通过$/));

    // Four eyes: whoever submitted may neither approve nor reject.
    const own = await saved('admin', transactionContract, basisSale({ tonnage: '50' }));
    expect((await transition('admin', transactionContract, own.id, 'submit')).json.code).toBe(200);
    const self = await transition('admin', transactionContract, own.id, 'approve');
    expect(self.json).toMatchObject({ code: 400, msg: '不能审批自己提交的成交合同，请由其他审批人处理' });
    const rejected = await transition('admin', transactionContract, own.id, 'reject', '自己驳回');
    expect(rejected.json).toMatchObject({ code: 400, msg: '不能驳回自己提交的成交合同，请由其他审批人处理' });
    expect((await contractOf(own.id)).status).toBe('submitted');
  });

  it('previews a fixing without writing it, then fixes in two parts at the weighted average', async () => {
    const contract = await approvedSale();
    const preview = await command('sales', contract.id, 'fix', {
      tonnage: '100',
      futuresPrice: '15000',
      preview: 'true',
    });
    expect(preview.json.code, preview.json.msg).toBe(200);
    expect((preview.json.data as { result: unknown }).result).toEqual({
      fixedTonnage: '100.0000',
      openTonnage: '200.0000',
      averageFixedPrice: '15000.00',
      pricingState: 'partial',
      unitPrice: '16300.00',
      pricedAmount: '1630000.00',
      fixingUnitPrice: '16300.00',
      fixingAmount: '1630000.00',
      hedgeDirection: 'buy',
      hedgeLots: 20,
      hedgeTail: '0.0000',
      // The month's net exposure: the sale's 100 t priced open make it −100 t; its 20 lots bought back, 0.
      netExposureBefore: '0.0000',
      netExposureAfter: '-100.0000',
      netExposureAfterHedge: '0.0000',
    });
    expect(await contractOf(contract.id)).toMatchObject({ status: 'approved', fixed_tonnage: '0.0000' });
    expect(await records('admin', contractFixing, { contractId: contract.id })).toHaveLength(0);

    expect(
      (await command('sales', contract.id, 'fix', { tonnage: '100', futuresPrice: '15000' })).json.code,
    ).toBe(200);
    const second = await command('sales', contract.id, 'fix', { tonnage: '122', futuresPrice: '15300' });
    expect(second.json.code, second.json.msg).toBe(200);
    // F̄ = (100 × 15000 + 122 × 15300)/222 = 15164.86; P = F̄ + 850 + 450.
    expect(await contractOf(contract.id)).toMatchObject({
      status: 'executing',
      pricing_state: 'partial',
      fixed_tonnage: '222.0000',
      average_fixed_price: '15164.86',
      unit_price: '16464.86',
    });
    const fixings = await records('sales', contractFixing, {
      contractId: contract.id,
      sort: 'futuresPrice,asc',
    });
    expect(fixings.map((f) => [f.tonnage, f.futuresPrice, f.hedgeLots, f.hedgeTail, f.forced])).toEqual([
      ['100', '15000.00', 20, '0', false],
      ['122', '15300.00', 24, '2', false],
    ]);
  });

  it('refuses a fixing over the open tonnage and changes nothing', async () => {
    const contract = await approvedSale({ tonnage: '100' });
    expect(
      (await command('sales', contract.id, 'fix', { tonnage: '60', futuresPrice: '15000' })).json.code,
    ).toBe(200);
    const over = await command('sales', contract.id, 'fix', { tonnage: '40.0001', futuresPrice: '15000' });
    expect(over.json).toMatchObject({ code: 400 });
    expect(over.json.msg).toContain('点价吨数 40.0001 超过未点价吨数 40.0000');
    expect(await contractOf(contract.id)).toMatchObject({
      fixed_tonnage: '60.0000',
      pricing_state: 'partial',
    });
    const fixings = await records('admin', contractFixing, { contractId: contract.id });
    expect(fixings).toHaveLength(1);
  });

  it('two connections racing to fix one contract never fix more than its tonnage', async () => {
    const contract = await approvedSale({ tonnage: '100' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        command('sales', contract.id, 'fix', { tonnage: '30', futuresPrice: '15000' }),
      ),
    );
    expect(answers.filter((a) => a.json.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.json.code === 400)).toHaveLength(3);
    expect((await contractOf(contract.id)).fixed_tonnage).toBe('90.0000');
  });

  it('a fixed-price contract, a draft and a user without the right cannot fix', async () => {
    const spot = await approvedSale({ kind: 'spot', unitPrice: '16000' });
    expect(
      (await command('sales', spot.id, 'fix', { tonnage: '1', futuresPrice: '15000' })).json.msg,
    ).toContain('一口价');
    const draft = await saved('sales', transactionContract, basisSale());
    expect((await command('sales', draft.id, 'fix', { tonnage: '1', futuresPrice: '15000' })).json.code).toBe(
      400,
    );
    const contract = await approvedSale();
    expect(
      (await command('finance', contract.id, 'fix', { tonnage: '1', futuresPrice: '15000' })).json.code,
    ).toBe(403);
    expect((await command('sales', contract.id, 'fix', { tonnage: 'x', futuresPrice: '' })).json.code).toBe(
      400,
    );
    expect((await contractOf(contract.id)).fixed_tonnage).toBe('0.0000');
  });

  it('voids only before any fixing, and a void gives the batches back', async () => {
    await addBatch('VD001');
    const contract = await saved('sales', transactionContract, {
      ...basisSale({ tonnage: '40', tolerancePercent: '1' }),
      lines: JSON.stringify([{ batchNo: 'VD001', conditionedWeight: '40.1' }]),
    });
    await transition('sales', transactionContract, contract.id, 'submit');
    expect((await transition('risk', transactionContract, contract.id, 'approve')).json.code).toBe(200);
    expect(
      (await one<{ status: string }>(`select status from batches where batch_no = 'VD001'`)).status,
    ).toBe('sold');
    const voided = await transition('sales', transactionContract, contract.id, 'void', '客户取消');
    expect(voided.json.code, voided.json.msg).toBe(200);
    expect(
      (await one<{ status: string }>(`select status from batches where batch_no = 'VD001'`)).status,
    ).toBe('stock');
    expect((await contractOf(contract.id)).version).toBe('2');

    const fixed = await approvedSale();
    await command('sales', fixed.id, 'fix', { tonnage: '10', futuresPrice: '15000' });
    const refused = await transition('sales', transactionContract, fixed.id, 'void', '客户取消');
    expect(refused.json.msg).toContain('已有点价，不能作废');
    expect((await contractOf(fixed.id)).status).toBe('executing');
  });

  it('a batch is never in two open sales, even when two sales race for it', async () => {
    await addBatch('RC001');
    const sale = (i: number) =>
      call('sales', transactionContract, 'save', {
        ...basisSale({ tonnage: '40', tolerancePercent: '1', contractNo: `RACE-${i}` }),
        lines: JSON.stringify([{ batchNo: 'RC001', conditionedWeight: '40.1' }]),
      });
    const answers = await Promise.all([sale(1), sale(2), sale(3)]);
    expect(answers.filter((a) => a.json.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.json.code !== 200))
      expect(refused.json.msg).toMatch(/^批号 RC001 已在未结销售合同 RACE-\d 中，不能再次销售$/);
    expect(
      (
        await one<{ n: number }>(
          `select count(*)::int as n from transaction_contract_lines where batch_no = 'RC001'`,
        )
      ).n,
    ).toBe(1);
  });

  it('rolls an unpriced contract price-neutrally and amends one, each a new version', async () => {
    const contract = await approvedSale();
    const roll = await command('sales', contract.id, 'roll', {
      newMonth: 'CF2709',
      oldMonthPrice: '15000',
      newMonthPrice: '15250',
    });
    expect(roll.json.code, roll.json.msg).toBe(200);
    expect(await contractOf(contract.id)).toMatchObject({
      futures_month: 'CF2709',
      basis: '600.00',
      version: '2',
    });
    const amend = await command('sales', contract.id, 'amend', { tonnage: '320', note: '客户追加' });
    expect(amend.json.code, amend.json.msg).toBe(200);
    expect(amend.json.msg).toContain('数量 300.0000 → 320');
    const nothing = await command('sales', contract.id, 'amend', { note: '无变化' });
    expect(nothing.json).toMatchObject({ code: 400, msg: '补充协议没有改变合同的任何条款' });
    const versions = await env.db.query<{ version: number; kind: string }>(
      'select version, kind from contract_amendments where contract_id = $1 order by version',
      [contract.id],
    );
    expect(versions).toEqual([
      { version: 2, kind: 'roll' },
      { version: 3, kind: 'supplement' },
    ]);
  });

  it('a command reads only what its input declares: no first of several, no JSON type, no unknown id', async () => {
    const [a, b] = [await approvedSale({ tonnage: '100' }), await approvedSale({ tonnage: '100' })];
    const base = resourcePath(transactionContract, 'detail').replace(/\/detail$/, '');
    const asJson = async (name: string, body: Record<string, unknown>) =>
      (
        await app.inject({
          method: 'POST',
          url: `${base}/${name}`,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json', authorization: tokens.sales! },
        })
      ).json() as { code: number; msg: string };
    const fixed = async () =>
      (
        await one<{ n: number }>(
          'select count(*)::int as n from contract_fixings where contract_id = any($1::bigint[])',
          [[a.id, b.id]],
        )
      ).n;
    // Before: the first price of two was booked (a fixing at 1 yuan), and id=A&id=B fixed A.
    const twoPrices = await command('sales', a.id, 'fix', { tonnage: '10', futuresPrice: ['1', '15000'] });
    expect(twoPrices.json).toMatchObject({ code: 400, msg: expect.stringMatching(/期货价格/) });
    const twoIds = await post(
      app,
      `${base}/fix`,
      { id: [a.id, b.id], tonnage: '10', futuresPrice: '15000' },
      { token: tokens.sales },
    );
    expect(twoIds.json).toMatchObject({ code: 400, msg: expect.stringMatching(/记录编号/) });
    // Before: 500 for an object, a number or null; a JSON true stored as the text "true".
    for (const futuresPrice of [{ price: 1 }, 15000, null, true])
      expect(
        await asJson('fix', { id: a.id, tonnage: '10', futuresPrice }),
        JSON.stringify(futuresPrice),
      ).toEqual({
        code: 400,
        msg: '期货价格（元/吨）格式不正确，应为文本',
      });
    expect((await asJson('amend', { id: a.id, note: true, paymentTerms: '月结' })).code).toBe(400);
    expect(await fixed()).toBe(0);
    // Before: an id naming no user reached the service and answered 500.
    const nobody = await command('sales', a.id, 'requestTransfer', {
      toSalespersonId: '999999999',
      reason: '调岗',
    });
    expect(nobody.json).toMatchObject({ code: 400, msg: expect.stringMatching(/不存在/) });
    expect((await one<{ n: number }>('select count(*)::int as n from contract_transfers')).n).toBe(0);
  });

  it('a supplementary agreement or a roll is held to the contract’s own rules, as a save is', async () => {
    const contract = await approvedSale();
    // Signed 2026-11-20: a save refuses a fixing deadline before it, and so do the agreement and the roll.
    const amend = await command('sales', contract.id, 'amend', {
      fixingDeadline: '2026-11-19',
      note: '提前',
    });
    expect(amend.json).toMatchObject({ code: 400, msg: '点价截止日：不能早于签订日期' });
    const roll = await command('sales', contract.id, 'roll', {
      newMonth: 'CF2709',
      oldMonthPrice: '15000',
      newMonthPrice: '15250',
      fixingDeadline: '2026-11-01',
    });
    expect(roll.json).toMatchObject({ code: 400, msg: '点价截止日：不能早于签订日期' });
    expect(await contractOf(contract.id)).toMatchObject({ futures_month: 'CF2705', version: '1' });
    const later = await command('sales', contract.id, 'amend', {
      fixingDeadline: '2027-05-01',
      note: '延后',
    });
    expect(later.json.code, later.json.msg).toBe(200);
  });

  it('an agreement bringing the tonnage down to what is fixed prices the contract; below it is refused', async () => {
    const contract = await approvedSale({ tonnage: '100' });
    expect(
      (await command('sales', contract.id, 'fix', { tonnage: '60', futuresPrice: '15000' })).json.code,
    ).toBe(200);
    const below = await command('sales', contract.id, 'amend', { tonnage: '59.9999', note: '减量' });
    expect(below.json).toMatchObject({ code: 400, msg: '数量不能少于已点价的 60.0000 吨' });
    expect((await command('sales', contract.id, 'amend', { tonnage: '60', note: '减量' })).json.code).toBe(
      200,
    );
    expect(await contractOf(contract.id)).toMatchObject({ pricing_state: 'priced', version: '2' });
    // A roll needs an unpriced contract.
    const roll = await command('sales', contract.id, 'roll', {
      newMonth: 'CF2709',
      oldMonthPrice: '1',
      newMonthPrice: '1',
    });
    expect(roll.json.msg).toContain('只有未点价的合同可以移月');
  });

  it('force-fixes what is open on and after the deadline at the settlement price, and nothing else', async () => {
    const due = await approvedSale({ futuresMonth: 'CF2701', fixingDeadline: '2026-12-10' });
    await command('sales', due.id, 'fix', { tonnage: '100', futuresPrice: '15000' });
    const later = await approvedSale({ futuresMonth: 'CF2701', fixingDeadline: '2026-12-11' });
    const [admin] = await env.db.query<{ id: string }>(
      `select id::text from users where login_name = 'admin'`,
    );
    const hook = {
      db: env.db,
      actor: { userId: admin!.id, loginName: 'admin' },
      now: new Date('2026-12-10T07:00:00Z'),
      today: '2026-12-10',
      channel: env.db.channel,
    };
    const fixed = await env.db.transaction((tx) =>
      forceFixAfterDeadline(
        { ...hook, db: tx },
        { futuresMonth: 'CF2701', day: '2026-12-10', settlementPrice: '14800' },
      ),
    );
    expect(fixed.map((f) => [f.contractNo, f.fixedTonnage, f.pricingState])).toEqual([
      [(await contractOf(due.id)).contract_no, '300.0000', 'priced'],
    ]);
    expect(await contractOf(due.id)).toMatchObject({
      pricing_state: 'priced',
      average_fixed_price: '14866.67',
    });
    expect((await contractOf(later.id)).pricing_state).toBe('unpriced');
    const [forced] = await records('admin', contractFixing, { contractId: due.id, forced: 'true' });
    expect(forced).toMatchObject({ tonnage: '200', futuresPrice: '14800.00', forced: true });
  });

  // Issue 21, worked by hand: CF2705 settled at 14805 on Friday 20 November; the band on Monday 23 November
  // is 14805 ± 4 % = 14212.8–15397.2, on the tick 14215–15395. CF2611's last trading day was 13 November
  // (the 10th trading day of November 2026); CF2705's is 19 May 2027 (3–5 May are exchange holidays).
  // Before the fix 14201 and 1420 were fixed, a roll at 20003 → 10001 moved the basis 850 → 10852, and a
  // roll into CF2611 went through.
  describe('prices and months the exchange would accept', () => {
    const settled = (day: string, month: string, price: string) =>
      env.db.query(
        `insert into futures_prices (trade_date, futures_month, last_price, settlement_price) values ($1, $2, $3, $3)
         on conflict (trade_date, futures_month) do nothing`,
        [day, month, price],
      );
    const fixings = async (id: string) =>
      (
        await one<{ n: number }>('select count(*)::int as n from contract_fixings where contract_id = $1', [
          id,
        ])
      ).n;

    beforeAll(async () => {
      await settled('2026-11-20', 'CF2705', '14805');
      await settled('2026-11-20', 'CF2709', '14900');
    });

    it('refuses a fixing off the tick or outside the day’s band, naming the rule and what is acceptable', async () => {
      const contract = await approvedSale({ tonnage: '100' });
      const offTick = await command('sales', contract.id, 'fix', { tonnage: '10', futuresPrice: '14201' });
      expect(offTick.json).toMatchObject({
        code: 400,
        msg: `合同 ${contract.contractNo}：不在最小变动价位上：期货价格 14201 不是 5 元/吨的整数倍，可用 14200 或 14205`,
      });
      const outside = await command('sales', contract.id, 'fix', { tonnage: '10', futuresPrice: '1420' });
      expect(outside.json).toMatchObject({
        code: 400,
        msg: `合同 ${contract.contractNo}：超出涨跌停板：期货价格 1420 不在 CF2705 2026-11-23 的 14215–15395 之内（前一交易日结算价 14805 ±4%）`,
      });
      const english = await post(
        app,
        `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
        { id: contract.id, tonnage: '10', futuresPrice: '15400' },
        { token: tokens.sales, headers: { 'accept-language': 'en' } },
      );
      expect(english.json.msg).toBe(
        `Contract ${contract.contractNo}: Outside the daily limit: the futures price 15400 is not within CF2705's 14215–15395 on 2026-11-23 (previous settlement 14805 ±4%)`,
      );
      expect(await fixings(contract.id)).toBe(0);
      // The limit prices themselves are prices.
      expect(
        (await command('sales', contract.id, 'fix', { tonnage: '10', futuresPrice: '14215' })).json.code,
      ).toBe(200);
      expect(
        (await command('sales', contract.id, 'fix', { tonnage: '10', futuresPrice: '15395' })).json.code,
      ).toBe(200);
      expect(await contractOf(contract.id)).toMatchObject({
        average_fixed_price: '14805.00',
        fixed_tonnage: '20.0000',
      });
    });

    it('refuses a fixing of a month past its last trading day', async () => {
      const contract = await approvedSale({
        tonnage: '100',
        futuresMonth: 'CF2611',
        fixingDeadline: '2026-11-13',
        signDate: '2026-11-02',
      });
      const late = await command('sales', contract.id, 'fix', { tonnage: '10', futuresPrice: '15000' });
      expect(late.json).toMatchObject({
        code: 400,
        msg: `合同 ${contract.contractNo}：合约已停止交易：CF2611 的最后交易日是 2026-11-13，2026-11-23 已不交易`,
      });
      expect(await fixings(contract.id)).toBe(0);
    });

    it('rolls only into a later trading month at prices within each month’s band', async () => {
      const contract = await approvedSale({ tonnage: '100' });
      const roll = (body: Body) => command('sales', contract.id, 'roll', body);
      const wild = await roll({ newMonth: 'CF2709', oldMonthPrice: '20003', newMonthPrice: '10001' });
      expect(wild.json).toMatchObject({
        code: 400,
        msg: `合同 ${contract.contractNo} 不能移月：不在最小变动价位上：移出价 20003 不是 5 元/吨的整数倍，可用 20000 或 20005`,
      });
      const outside = await roll({ newMonth: 'CF2709', oldMonthPrice: '20000', newMonthPrice: '10000' });
      expect(outside.json.msg).toContain('移出价 20000 不在 CF2705 2026-11-23 的 14215–15395 之内');
      const newLeg = await roll({ newMonth: 'CF2709', oldMonthPrice: '14800', newMonthPrice: '10000' });
      // 14900 ± 4 % = 14304–15496 → 14305–15495.
      expect(newLeg.json.msg).toContain('移入价 10000 不在 CF2709 2026-11-23 的 14305–15495 之内');
      const expired = await roll({ newMonth: 'CF2611', oldMonthPrice: '14800', newMonthPrice: '14800' });
      expect(expired.json.msg).toContain('移入月份 CF2611 必须晚于移出月份 CF2705');
      const backwards = await roll({ newMonth: 'CF2703', oldMonthPrice: '14800', newMonthPrice: '14800' });
      expect(backwards.json.msg).toContain('移入月份 CF2703 必须晚于移出月份 CF2705');
      const unlisted = await roll({ newMonth: 'CF2801', oldMonthPrice: '14800', newMonthPrice: '14800' });
      expect(unlisted.json.msg).toContain('CF2801 在 2026-11-23 尚未挂牌交易');
      expect(await contractOf(contract.id)).toMatchObject({
        futures_month: 'CF2705',
        basis: '850.00',
        version: '1',
      });
      const good = await roll({ newMonth: 'CF709', oldMonthPrice: '14800', newMonthPrice: '14900' });
      expect(good.json.code, good.json.msg).toBe(200);
      expect(await contractOf(contract.id)).toMatchObject({
        futures_month: 'CF2709',
        basis: '750.00',
        version: '2',
      });
    });

    it('keeps a fixing deadline on or before the month’s last trading day', async () => {
      const { json } = await call(
        'sales',
        transactionContract,
        'save',
        basisSale({ fixingDeadline: '2027-05-20' }),
      );
      expect(json).toMatchObject({
        code: 400,
        msg: '点价截止日 2027-05-20 晚于 CF2705 的最后交易日 2027-05-19',
      });
      const contract = await approvedSale({ fixingDeadline: '2027-05-19' });
      const amend = await command('sales', contract.id, 'amend', {
        fixingDeadline: '2027-05-20',
        note: '延后',
      });
      expect(amend.json).toMatchObject({
        code: 400,
        msg: '点价截止日 2027-05-20 晚于 CF2705 的最后交易日 2027-05-19',
      });
      expect((await contractOf(contract.id)).fixing_deadline).toBe('2027-05-19');
    });

    it('completes a contract priced later only once every tonne is priced', async () => {
      const contract = await approvedSale({ tonnage: '20' });
      expect(
        (await command('sales', contract.id, 'fix', { tonnage: '15', futuresPrice: '14800' })).json.code,
      ).toBe(200);
      const early = await transition('sales', transactionContract, contract.id, 'complete');
      expect(early.json).toMatchObject({
        code: 400,
        msg: `合同 ${contract.contractNo} 还有 5 吨未点价，点价完成后才能结束`,
      });
      expect((await contractOf(contract.id)).status).toBe('executing');
      expect(
        (await command('sales', contract.id, 'fix', { tonnage: '5', futuresPrice: '14800' })).json.code,
      ).toBe(200);
      const done = await transition('sales', transactionContract, contract.id, 'complete');
      expect(done.json.code, done.json.msg).toBe(200);
      expect((await contractOf(contract.id)).status).toBe('completed');
    });
  });

  it('hedges a fixing in lots of the lot size of the day (setting futuresLotTonnes)', async () => {
    const contract = await approvedSale({ tonnage: '100' });
    const fix = () =>
      command('sales', contract.id, 'fix', { tonnage: '25', futuresPrice: '15000', preview: 'true' });
    // 25 t at 5 t a lot: 5 lots, no tail; were the exchange to trade 10 t lots: 2 lots and 5 t left over.
    expect((await fix()).json.data).toMatchObject({ result: { hedgeLots: 5, hedgeTail: '0.0000' } });
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('futuresLotTonnes', '10', '2026-11-23')`,
    );
    try {
      const tenTonneLots = await fix();
      expect(tenTonneLots.json.code, tenTonneLots.json.msg).toBe(200);
      expect(tenTonneLots.json.data).toMatchObject({ result: { hedgeLots: 2, hedgeTail: '5.0000' } });
    } finally {
      await env.db.query(
        `delete from system_settings where setting_key = 'futuresLotTonnes' and value = '10'`,
      );
    }
  });

  it('keeps the history of who did what', async () => {
    const contract: Row = await approvedSale();
    await command('sales', contract.id, 'fix', { tonnage: '5', futuresPrice: '15005' });
    const { json } = await call('sales', transactionContract, 'history', { id: contract.id });
    const actions = (json.data as { action: string; userName: string }[]).map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['submit', 'approve', 'fix']));
  });
});
