// Clients' payments and credit through HTTP as sales, finance and risk use them. A client with a credit limit
// of 2,000,000 buys 100 t basis 850 over CF2705, settled at 15,500 (a tonne unpriced is worth 16,350); it
// fixes 60 t at 16,000 (unit price 16,850), so m0 × 40 t = 32,000 and (16,000 − 15,500) × 60 t = 30,000 make
// its margin requirement 62,000, all of it short (no margin posted), 40 t × 16,350 = 654,000 are unpriced and
// the 60 fixed tonnes not yet delivered commit 60 × 16,850 = 1,011,000 (issue 21): headroom 2,000,000 −
// 1,011,000 − 654,000 − 62,000 = 273,000. A goods payment of 505,500 pays for 30 t once received: the
// requirement falls to 47,000 and the money in hand covers 505,500 of the commitment, so the headroom rises
// by 520,500 to 793,500; reversed, both come back.
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { clientMarginBalance } from '../../../src/areas/margin/index.ts';
import { CLIENT_CREDIT_PATH } from '../../../src/areas/payments/api.ts';
import { clientPayment } from '../../../src/areas/payments/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { outboundAppointment } from '../../../src/areas/warehouse/services.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { useTestApp } from '../../test/app.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS } from '../../test/harness.ts';
import type { Body, Row } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('client payments and credit on $name', (backend) => {
  // On TEST_NOW, Monday 23 November 2026, 16:00 in Beijing.
  const t = useTestApp(backend, { users: ['admin', 'trader', 'risk', 'sales', 'finance', 'warehouse'] });
  const { call, saved, records, transition } = t;
  let served = '';
  let other = '';
  let contract = '';
  let otherContract = '';

  const credit = (who: string, partnerId: string) => t.post(who, CLIENT_CREDIT_PATH, { partnerId });
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
    (await t.db.query<{ n: number }>('select count(*)::int as n from client_payments'))[0]!.n;

  beforeAll(async () => {
    const client = (name: string) => clientWithLimit(t.db, name, '2000000');
    served = await clientWithLimit(t.db, '无锡一棉', '2000000', 'sales');
    other = await client('魏桥纺织');
    contract = await approvedBasisSale(t, served, '100');
    otherContract = await approvedBasisSale(t, other, '10');
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '15510',
      settlementPrice: '15500',
    });
    const fix = await t.post(
      'admin',
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: contract, tonnage: '60', futuresPrice: '16000' },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
  });

  it('shows the headroom: limit − receivables − commitments − unpriced exposure − margin shortfall', async () => {
    const [fixed] = await t.db.query<{ price: string }>(
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
      commitments: '1011000.00',
      unpricedExposure: '654000.00',
      reservations: '0.00',
      marginShortfall: '62000.00',
      headroom: '273000.00',
    });
  });

  it('a salesperson reads only their own clients’ credit; a malformed client is refused in words', async () => {
    // Another's client answers exactly as one that does not exist: the call does not say which exist.
    expect((await credit('sales', other)).json).toEqual((await credit('sales', '999999')).json);
    expect((await credit('sales', other)).json).toMatchObject({ code: 400, msg: '客户不存在' });
    expect((await credit('risk', other)).json.code).toBe(200);
    // The warehouse books releases of goods, it does not decide credit: it reads nobody's.
    expect((await credit('warehouse', served)).json.code).toBe(403);
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
    // The salesperson neither approves their own (the desk's approval queue, ClientPayCheck, is four-eyed)
    // nor confirms receipt; finance does.
    expect((await transition('sales', clientPayment, id, 'approve')).json.code).toBe(400);
    expect((await transition('sales', clientPayment, id, 'approve')).json.msg).toBe(
      '不能审批自己提交的客户付款申请，请由其他审批人处理',
    );
    expect((await transition('finance', clientPayment, id, 'approve')).json.code).toBe(200);
    expect(await requirementOf(served)).toBe('62000.00');
    expect((await transition('finance', clientPayment, id, 'receive')).json.code).toBe(200);
    // 30 t paid for: (16,000 − 15,500) × 30 unpaid t + 32,000 = 47,000.
    expect(await requirementOf(served)).toBe('47000.00');
    expect((await credit('finance', served)).json.data).toMatchObject({
      commitments: '505500.00',
      marginShortfall: '47000.00',
      headroom: '793500.00',
    });
    const history = await t.db.query<{ action: string; login: string }>(
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
    expect(own.json.msg).toBe('不能审批自己提交的客户付款申请，请由其他审批人处理');
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
    const [routed] = await t.db.query<{ level: string; reasons: string }>(
      'select approval_level as level, approval_reasons as reasons from transaction_contracts where id = $1',
      [spot.id],
    );
    expect(routed).toEqual({
      level: 'risk',
      reasons: '合同金额 1600000.00 元超过客户剩余授信 273000.00 元',
    });
  });

  // Issue 21: three spot sales of 100 t at 16,000 (1,600,000 each) under a limit of 2,000,000. The first is
  // the desk's (2,000,000 ≥ 1,600,000) and, approved, commits its whole value: 400,000 are left, so the next
  // two go to risk, each saying so. Before, the headroom read 2,000,000 after each and the desk approved all.
  it('counts an approved spot sale not yet delivered as a commitment, sending the next ones to risk', async () => {
    const mill = await clientWithLimit(t.db, '常州纺织', '2000000', 'sales');
    const spotSale = async () => {
      const spot = await saved('admin', transactionContract, {
        side: 'sale',
        kind: 'spot',
        partnerId: mill,
        signDate: '2026-11-23',
        tonnage: '100',
        tolerancePercent: '5',
        unitPrice: '16000',
      });
      expect((await transition('admin', transactionContract, spot.id, 'submit')).json.code).toBe(200);
      return spot.id;
    };
    const routeOf = async (id: string) =>
      (
        await t.db.query<{ level: string; reasons: string | null }>(
          'select approval_level as level, approval_reasons as reasons from transaction_contracts where id = $1',
          [id],
        )
      )[0];
    const first = await spotSale();
    expect(await routeOf(first)).toEqual({ level: 'desk', reasons: null });
    const desk = await transition('sales', transactionContract, first, 'approve');
    expect(desk.json.code, desk.json.msg).toBe(200);
    expect((await credit('risk', mill)).json.data).toMatchObject({
      commitments: '1600000.00',
      headroom: '400000.00',
    });
    expect(await routeOf(await spotSale())).toEqual({
      level: 'risk',
      reasons: '合同金额 1600000.00 元超过客户剩余授信 400000.00 元',
    });
    // The second, submitted, counts too: 400,000 − 1,600,000 leaves the client 1,200,000 over its limit.
    expect(await routeOf(await spotSale())).toEqual({
      level: 'risk',
      reasons: '合同金额 1600000.00 元，客户已超出授信额度 1200000.00 元',
    });
    // The desk cannot approve what risk must.
    const refused = await transition('sales', transactionContract, await spotSale(), 'approve');
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toMatch(/需风控审批/);
  });

  // Issue 21: goods money on a 20 t spot sale at 15,800 with 5 % tolerance is capped at 21 × 15,800 =
  // 331,800.00; a payment of 9,999,999,999.99 was saved before.
  it('refuses goods money beyond the contract value plus tolerance, saying how much is left', async () => {
    const mill = await clientWithLimit(t.db, '江阴纺织', '5000000');
    const spot = await saved('admin', transactionContract, {
      side: 'sale',
      kind: 'spot',
      partnerId: mill,
      signDate: '2026-11-23',
      tonnage: '20',
      tolerancePercent: '5',
      unitPrice: '15800',
    });
    expect((await transition('admin', transactionContract, spot.id, 'submit')).json.code).toBe(200);
    expect((await transition('risk', transactionContract, spot.id, 'approve')).json.code).toBe(200);
    const pay = (amount: string) =>
      call('finance', clientPayment, 'save', {
        partnerId: mill,
        contractId: spot.id,
        kind: 'goods',
        receivedOn: '2026-11-23',
        amount,
      });
    const before = await paymentCount();
    const huge = await pay('9999999999.99');
    expect(huge.json.code).toBe(400);
    expect(huge.json.msg).toMatch(/货款上限为 331800.00 元.*本笔最多 331800.00 元/);
    expect(await paymentCount()).toBe(before);
    expect((await pay('300000')).json.code).toBe(200);
    const second = await pay('31800.01');
    expect(second.json.code).toBe(400);
    expect(second.json.msg).toMatch(/已收及在途 300000.00 元，本笔最多 31800.00 元/);
    expect((await pay('31800')).json.code).toBe(200);
  });

  // Issue 21: a client with a limit of 500,000 buys batches CR0001 and CR0002 (77 t) at 16,000: 1,232,000,
  // approved by risk, 732,000 over its limit. The warehouse may not let a batch go out to it (38.5 t out:
  // 616,000 owed and 616,000 committed); risk may. Once the client pays 1,232,000 it is within its limit
  // again and the desk releases the next batch.
  it('refuses at the desk goods out to a client past its limit, with the figures; risk may release them', async () => {
    const mill = await clientWithLimit(t.db, '南通纺织', '500000');
    const [warehouse] = await t.db.query<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('NT1', '南通一号库', 'delivery') returning id::text`,
    );
    for (const batchNo of ['CR0001', 'CR0002'])
      await t.db.query(
        `insert into batches (batch_no, warehouse_id, status, conditioned_weight, crop_year)
         values ($1, $2, 'stock', '38.5', '2025/26')`,
        [batchNo, warehouse!.id],
      );
    const sale = await saved('admin', transactionContract, {
      side: 'sale',
      kind: 'spot',
      partnerId: mill,
      signDate: '2026-11-23',
      tonnage: '77',
      tolerancePercent: '5',
      unitPrice: '16000',
      lines: JSON.stringify([
        { batchNo: 'CR0001', conditionedWeight: '38.5' },
        { batchNo: 'CR0002', conditionedWeight: '38.5' },
      ]),
    });
    expect((await transition('admin', transactionContract, sale.id, 'submit')).json.code).toBe(200);
    expect((await transition('risk', transactionContract, sale.id, 'approve')).json.code).toBe(200);
    const book = (batchNo: string) =>
      saved('admin', outboundAppointment, {
        appointmentNo: `YY-${batchNo}`,
        batchNo,
        warehouseId: warehouse!.id,
        partnerId: mill,
        plannedDate: '2026-11-25',
        vehicleNo: '苏F12345',
        driverName: '陆师傅',
        driverPhone: '13912345678',
        conditionedWeight: '38.5',
      });
    const first = await book('CR0001');
    const refused = await transition('warehouse', outboundAppointment, first.id, 'finishOutbound');
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toBe(
      '客户 南通纺织 授信额度 500000.00 元，应收 616000.00 元、已点价未交货 616000.00 元、未点价敞口 0.00 元、' +
        '预留货物 0.00 元、保证金缺口 0.00 元，出库批号 CR0001（预约 YY-CR0001）后将超出授信 732000.00 元：' +
        '业务不能办理，须由风控审批办理',
    );
    const [kept] = await t.db.query<{ status: string }>(
      `select status from batches where batch_no = 'CR0001'`,
    );
    expect(kept!.status).toBe('sold');
    const byRisk = await transition('risk', outboundAppointment, first.id, 'finishOutbound');
    expect(byRisk.json.code, byRisk.json.msg).toBe(200);
    const paid = await saved('finance', clientPayment, {
      partnerId: mill,
      contractId: sale.id,
      kind: 'goods',
      receivedOn: '2026-11-23',
      amount: '1232000',
    });
    expect((await transition('finance', clientPayment, paid.id, 'submit')).json.code).toBe(200);
    expect((await transition('admin', clientPayment, paid.id, 'approve')).json.code).toBe(200);
    expect((await transition('finance', clientPayment, paid.id, 'receive')).json.code).toBe(200);
    const second = await book('CR0002');
    const released = await transition('warehouse', outboundAppointment, second.id, 'finishOutbound');
    expect(released.json.code, released.json.msg).toBe(200);
  });
});
