// Pledges through HTTP as finance, risk and the warehouse use them, on PGlite and PostgreSQL, on
// domain-money.md §3.5's borrower example: four batches, 40.000 + 40.500 + 39.800 + 40.200 = 160.500 t at
// S 14,300 + B_mkt 900 + QA 0 = 15,200, CV 2,439,600.00, a loan of 1,700,000.00 at 3.45 % ACT/365. Entered by
// finance, approved by another person and drawn (bank / loans payable), the batches are pledged and can be
// neither reserved, sold, shipped nor moved; batch 2 is redeemed 20 days later for 428,971.96 + 810.93 interest,
// paid by a matching bank transaction and only then released; S falls to 12,200, the revaluation calls
// (LTV 80.85 %) and tells finance and risk; cash into the deposit meets the call; the interest is computed in
// pieces, confirmed by another and billed.
import type { FastifyInstance } from 'fastify';
import { bankAccount } from '../../../src/areas/capital/index.ts';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  pledge,
  pledgeInterest,
  pledgeRedemption,
  pledgeRelease,
  pledgeUnredeemed,
  pledgeValuation,
} from '../../../src/areas/pledges/index.ts';
import { clientReservation } from '../../../src/areas/sales/index.ts';
import { outboundAppointment } from '../../../src/areas/warehouse/index.ts';
import { clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const DAY = 86_400_000;
const BATCHES = [
  ['P1', '40'],
  ['P2', '40.5'],
  ['P3', '39.8'],
  ['P4', '40.2'],
] as const;

describe.each(BACKENDS)('pledges on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const clock = manualClock(NOW);
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let bank = '';
  let account = '';
  let warehouse = '';
  let client = '';
  let pledgeId = '';

  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;
  const batchStatus = async (batchNo: string) =>
    (await one<{ status: string }>('select status from batches where batch_no = $1', [batchNo])).status;
  const journal = (event: string) =>
    env.db.query<{ account: string; debit: string; credit: string }>(
      `select l.account, l.debit::text, l.credit::text from journal_entries e join journal_lines l on l.entry_id = e.id
        where e.source_kind = 'pledge' and e.source_id = $1 and e.event = $2 order by l.id`,
      [pledgeId, event],
    );
  const detail = async (who: string) =>
    (await call(who, pledge, 'detail', { id: pledgeId })).json.data as Body;
  const command = (who: string, path: string, body: Body) => post(app, path, body, { token: tokens[who]! });
  const price = (day: string, settlement: string) =>
    env.db.query(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price) values ($1, 'CF2701', $2, $2)`,
      [day, settlement],
    );
  const relogin = async () => {
    for (const who of Object.keys(tokens)) tokens[who] = (await login(app, who)).token;
  };
  const pledgeBody = (extra: Body = {}): Body => ({
    bankId: bank,
    principal: '1700000',
    dueDate: '2027-05-20',
    dayCount: 'ACT/365',
    interestEnds: 'firstNotLast',
    lines: JSON.stringify(BATCHES.map(([batchNo]) => ({ batchNo }))),
    ...extra,
  });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, clock));
    for (const who of ['admin', 'risk', 'sales', 'finance', 'finance2', 'warehouse', 'trader'])
      tokens[who] = (await login(app, who)).token;
    const q = env.db.query.bind(env.db);
    bank = (
      await one<{ id: string }>(
        `insert into partners (name, kinds) values ('农业银行乌鲁木齐分行', '{bank}') returning id::text`,
      )
    ).id;
    client = (
      await one<{ id: string }>(
        `insert into partners (name, kinds) values ('无锡一棉', '{client}') returning id::text`,
      )
    ).id;
    warehouse = (
      await one<{ id: string }>(
        `insert into warehouses (code, name, kind) values ('KRL', '库尔勒库', 'delivery') returning id::text`,
      )
    ).id;
    // 31/28/B1/S3/U3/P2: a quality premium of 0 on the seeded table.
    for (const [batchNo, tonnes] of BATCHES)
      await q(
        `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, colour_grade,
            length_grade, micronaire_grade, strength_grade, uniformity_grade, ginning_grade)
         values ($1, 'stock', '2025/26', $2, $3, '31', '28', 'B1', 'S3', 'U3', 'P2')`,
        [batchNo, warehouse, tonnes],
      );
    await price('2026-11-20', '14300');
    await q(
      `with sheet as (
         insert into sales_basis_sheets (sheet_no, effective_from, status, published_by, published_at)
         values ('JC1', '2026-11-01', 'active', (select min(id) from users), '2026-11-01T02:00:00Z') returning id)
       insert into sales_basis_lines (sheet_id, sort, futures_month, basis) select id, 1, 'CF2701', 900 from sheet`,
    );
    account = (
      await saved('finance', bankAccount, {
        bankPartnerId: bank,
        branch: '营业部',
        accountNo: '6222020200112233445',
        accountName: '基本户',
        kind: 'basic',
        openingBalance: '5000000',
        openingDate: '2026-11-01',
      })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('refuses bad input in words and writes nothing', async () => {
    const before = await env.db.query('select id from pledges');
    const lines = await call('finance', pledge, 'save', pledgeBody({ advancePercent: '90' }));
    expect(lines.json).toMatchObject({ code: 400, msg: expect.stringContaining('质押率与预警线') });
    const stranger = await call(
      'finance',
      pledge,
      'save',
      pledgeBody({ lines: JSON.stringify([{ batchNo: 'NOPE' }]) }),
    );
    expect(stranger.json).toMatchObject({ code: 400, msg: '第1行批号：NOPE 不是已登记的批号' });
    const bankless = await call('finance', pledge, 'save', pledgeBody({ bankId: client }));
    expect(bankless.json).toMatchObject({ code: 400, msg: '质权银行：所选往来单位不是银行，请重新选择' });
    expect((await call('finance', pledge, 'save', pledgeBody({ principal: '-1' }))).json.code).toBe(400);
    expect(await env.db.query('select id from pledges')).toEqual(before);
    expect((await call('sales', pledge, 'save', pledgeBody())).json.code).toBe(403);
  });

  it('takes the terms from the settings, checks the advance at submission, and needs a second person to approve', async () => {
    const over = await saved('finance', pledge, pledgeBody({ principal: '1707720.01' }));
    expect(over).toMatchObject({ advancePercent: '70', callPercent: '80', valuation: 'lowerOfCostOrMarket' });
    expect((await transition('finance', pledge, over.id, 'submit')).json).toMatchObject({
      code: 400,
      msg: '放款金额 1707720.01 超过质押物价值 2439600.00 × 质押率 70% = 1707720.00',
    });
    await call('finance', pledge, 'delete', { ids: [over.id] });
    pledgeId = (await saved('finance', pledge, pledgeBody())).id;
    expect((await transition('finance', pledge, pledgeId, 'submit')).json.code).toBe(200);
    expect((await transition('finance', pledge, pledgeId, 'approve')).json).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^不能审批自己提交的/),
    });
    expect((await transition('finance2', pledge, pledgeId, 'approve')).json.code).toBe(200);
  });

  it('draws the loan: the batches pledged at 15,200 and the loan posted bank / loans payable', async () => {
    const missing = await call('finance', pledge, 'transition', { id: pledgeId, action: 'draw' });
    expect(missing.json.code).toBe(400);
    const drawn = await call('finance', pledge, 'transition', {
      id: pledgeId,
      action: 'draw',
      loanNo: 'JK-2026-118',
      drawDate: '2026-11-23',
      bankAccountId: account,
    });
    expect(drawn.json.code, drawn.json.msg).toBe(200);
    for (const [batchNo] of BATCHES) expect(await batchStatus(batchNo)).toBe('pledged');
    expect(await journal('draw')).toEqual([
      { account: 'bank', debit: '1700000.00', credit: '0.00' },
      { account: 'loansPayable', debit: '0.00', credit: '1700000.00' },
    ]);
    const lines = (await detail('risk')).lines as unknown as Body[];
    expect(lines.map((line) => [line.batchNo, line.priceAtPledge, line.valueAtPledge])).toEqual([
      ['P1', '15200.00', '608000.00'],
      ['P2', '15200.00', '615600.00'],
      ['P3', '15200.00', '604960.00'],
      ['P4', '15200.00', '611040.00'],
    ]);
    expect(await detail('risk')).toMatchObject({
      status: 'pledged',
      outstanding: '1700000.00',
      deposit: '0.00',
    });
  });

  it('keeps a pledged batch from being reserved, sold, shipped or moved', async () => {
    const buyer = await clientWithLimit(env.db, '常州棉纺', '60000000');
    const sale = await saved('admin', transactionContract, {
      side: 'sale',
      kind: 'spot',
      partnerId: buyer,
      signDate: '2026-11-23',
      tonnage: '40',
      unitPrice: '16000',
      taxRate: '9',
      lines: JSON.stringify([{ batchNo: 'P1', conditionedWeight: '40' }]),
    });
    expect((await transition('admin', transactionContract, sale.id, 'submit')).json.code).toBe(200);
    expect((await transition('risk', transactionContract, sale.id, 'approve')).json).toMatchObject({
      code: 400,
      msg: expect.stringContaining('批号 P1 当前状态为「已质押」'),
    });
    const held = await saved('admin', clientReservation, {
      reservationNo: 'YL-1',
      clientId: client,
      expiresOn: '2026-11-30',
      lines: JSON.stringify([{ batchNo: 'P1' }]),
    });
    expect((await transition('admin', clientReservation, held.id, 'reserve')).json).toMatchObject({
      code: 400,
      msg: expect.stringContaining('批号 P1 当前状态为「已质押」'),
    });
    const shipped = await call('warehouse', outboundAppointment, 'save', {
      appointmentNo: 'YY-1',
      batchNo: 'P1',
      warehouseId: warehouse,
      partnerId: client,
      plannedDate: '2026-11-25',
      vehicleNo: '新A12345',
      driverName: '马师傅',
      driverPhone: '13912345678',
      conditionedWeight: '40',
    });
    expect(shipped.json).toMatchObject({
      code: 400,
      data: { fields: { batchNo: '批号：批号 P1 已质押，须赎货解押后才能预约出库' } },
    });
    await expect(env.db.query(`update batches set status = 'stock' where batch_no = 'P1'`)).rejects.toThrow(
      /pledged/,
    );
    expect(await batchStatus('P1')).toBe('pledged');
  });

  it('revalues daily: LTV 69.68 %, normal', async () => {
    const run = await command('risk', '/api/pur/RedeemEval/revalue', {});
    expect(run.json.code, run.json.msg).toBe(200);
    expect(await records('risk', pledgeValuation)).toMatchObject([
      {
        valuedOn: '2026-11-23',
        futuresMonth: 'CF2701',
        settlement: '14300.00',
        collateralValue: '2439600.00',
        ltvPercent: '69.68',
        riskStatus: 'normal',
        cashTopUp: '0.00',
      },
    ]);
    expect((await command('sales', '/api/pur/RedeemEval/revalue', {})).json.code).toBe(403);
  });

  it('redeems batch 2 twenty days on for 428,971.96 + 810.93, paid by a matching bank payment, then releases it', async () => {
    clock.advance(20 * DAY);
    await relogin();
    const redemption = await saved('finance', pledgeRedemption, {
      pledgeId,
      lines: JSON.stringify([{ batchNo: 'P2' }]),
    });
    expect(redemption).toMatchObject({
      collateralValue: '2439600.00',
      redeemedValue: '615600.00',
      proRata: '428971.96',
      keepLtv: '423200.00',
      principalDue: '428971.96',
      interestFrom: '2026-11-23',
      interestDue: '810.93',
      totalDue: '429782.89',
    });
    const strange = await call('finance', pledgeRedemption, 'save', {
      pledgeId,
      lines: JSON.stringify([{ batchNo: 'P2' }]),
    });
    expect(strange.json).toMatchObject({ code: 400, msg: expect.stringContaining('批号 P2 已在赎货单') });
    expect((await transition('finance', pledgeRedemption, redemption.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance', pledgeRedemption, redemption.id, 'approve')).json.code).toBe(400);
    expect((await transition('finance2', pledgeRedemption, redemption.id, 'approve')).json.code).toBe(200);
    // Not released before it is paid.
    expect((await transition('warehouse', pledgeRedemption, redemption.id, 'release')).json.code).toBe(400);
    const [wrong, right] = await env.db.query<{ id: string }>(
      `insert into bank_transactions (account_id, bank_serial_no, value_date, direction, amount, created_at)
       values ($1, 'SH001', '2026-12-13', 'out', 429782.00, '2026-12-13T02:00:00Z'), ($1, 'SH002', '2026-12-13', 'out', 429782.89, '2026-12-13T02:00:00Z')
       returning id::text`,
      [account],
    );
    const pay = (bankTransactionId: string) =>
      call('finance', pledgeRedemption, 'transition', {
        id: redemption.id,
        action: 'pay',
        bankTransactionId,
      });
    expect((await pay(wrong!.id)).json).toMatchObject({
      code: 400,
      msg: '流水 SH001 金额 429782.00 元与应付赎货款 429782.89 元不符',
    });
    const paid = await pay(right!.id);
    expect(paid.json.code, paid.json.msg).toBe(200);
    expect(await journal(`redemption:${redemption.id}`)).toEqual([
      { account: 'loansPayable', debit: '428971.96', credit: '0.00' },
      { account: 'interestExpense', debit: '810.93', credit: '0.00' },
      { account: 'bank', debit: '0.00', credit: '429782.89' },
    ]);
    expect(await batchStatus('P2')).toBe('pledged');
    const released = await transition('warehouse', pledgeRedemption, redemption.id, 'release');
    expect(released.json.code, released.json.msg).toBe(200);
    expect(await batchStatus('P2')).toBe('stock');
    expect(await detail('finance')).toMatchObject({ status: 'partlyRedeemed', outstanding: '1271028.04' });
    expect((await records('warehouse', pledgeRelease)).map((r) => [r.batchNo, r.releasedOn])).toEqual([
      ['P2', '2026-12-13'],
    ]);
    const unredeemed = await records('finance', pledgeUnredeemed, { batchNo: 'P2' });
    expect(unredeemed).toMatchObject([{ redeemedTonnes: '40.5', unredeemedTonnes: '0' }]);
  });

  it('calls at S 12,200 (LTV 80.85 %), tells finance and risk once, and is met by cash into the deposit', async () => {
    clock.advance(DAY);
    await relogin();
    await price('2026-12-14', '12200');
    const run = await command('risk', '/api/pur/RedeemEval/revalue', {});
    expect(run.json.code, run.json.msg).toBe(200);
    // The rest: 120.000 t × 13,100 = 1,572,000.00; cash 1,271,028.04 − 0.70 × 1,572,000.00 = 170,628.04.
    expect(await detail('finance')).toMatchObject({
      collateralValue: '1572000.00',
      ltvPercent: '80.85',
      riskStatus: 'called',
      callCashRequired: '170628.04',
      callDeadline: '2026-12-16',
    });
    const told = await env.db.query<{ login: string }>(
      `select u.login_name as login from messages m join users u on u.id = m.user_id
        where m.message like '质押追加通知%' order by 1`,
    );
    expect(told.map((row) => row.login)).toEqual(expect.arrayContaining(['finance', 'finance2', 'risk']));
    expect(told.map((row) => row.login)).not.toContain('sales');
    await command('risk', '/api/pur/RedeemEval/revalue', {});
    expect((await one<{ n: number }>('select count(*)::int as n from pledge_calls')).n).toBe(1);
    const meet = (amount: string) =>
      command('finance', '/api/pur/ResourcePledge/meetCall', {
        id: pledgeId,
        amount,
        bankAccountId: account,
        paidOn: '2026-12-14',
      });
    expect((await meet('170628.03')).json).toMatchObject({ code: 400, msg: expect.stringContaining('不足') });
    const met = await meet('170628.04');
    expect(met.json.code, met.json.msg).toBe(200);
    expect(
      await journal(`deposit:${(await one<{ id: string }>('select id::text from pledge_calls')).id}`),
    ).toEqual([
      { account: 'deposits', debit: '170628.04', credit: '0.00' },
      { account: 'bank', debit: '0.00', credit: '170628.04' },
    ]);
    // The deposit does not reduce the loan: (1,271,028.04 − 170,628.04) / 1,572,000.00 = 70.00 %.
    expect(await detail('finance')).toMatchObject({
      outstanding: '1271028.04',
      deposit: '170628.04',
      ltvPercent: '70',
      riskStatus: 'normal',
      openCallNo: null,
    });
  });

  it('computes the interest in pieces, leaving out what the redemption charged; another person confirms; billed', async () => {
    const computed = await command('finance', '/api/pur/SurchargeInterest/computeInterest', {
      pledgeId,
      through: '2026-12-14',
    });
    expect(computed.json.code, computed.json.msg).toBe(200);
    // 1,271,028.04 from 23 Nov to 13 Dec (21 days, the last day not counted): × 3.45 % × 21 / 365 = 2,522.90.
    const [row] = await records('finance', pledgeInterest);
    expect(row).toMatchObject({
      periodFrom: '2026-11-23',
      periodTo: '2026-12-14',
      amount: '2522.90',
      status: 'computed',
    });
    expect((await transition('finance', pledgeInterest, row!.id, 'confirmInterest')).json.code).toBe(400);
    expect((await transition('finance2', pledgeInterest, row!.id, 'confirmInterest')).json.code).toBe(200);
    const billed = await call('finance', pledgeInterest, 'transition', {
      id: row!.id,
      action: 'bill',
      bankAccountId: account,
      billedOn: '2026-12-14',
    });
    expect(billed.json.code, billed.json.msg).toBe(200);
    expect(await journal(`interest:${row!.id}`)).toEqual([
      { account: 'interestExpense', debit: '2522.90', credit: '0.00' },
      { account: 'bank', debit: '0.00', credit: '2522.90' },
    ]);
    const again = await command('finance', '/api/pur/SurchargeInterest/computeInterest', {
      pledgeId,
      through: '2026-12-14',
    });
    expect(again.json).toMatchObject({ code: 400, msg: expect.stringContaining('利息已计至 2026-12-14') });
  });

  it('keeps the journal balanced and the loan a sum of its lines', async () => {
    const unbalanced = await env.db.query(
      `select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)`,
    );
    expect(unbalanced).toEqual([]);
  });
});
