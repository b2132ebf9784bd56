// Cost invoices matched to fee records, through HTTP as finance uses them, on PGlite and PostgreSQL. The
// package of §7.5 — A 42.150 t, B 41.700 t, C 42.600 t — is stored at 库尔勒库 1–30 November at 0.65 a
// tonne-day: estimates 821.93, 813.15 and 830.70 (2,465.78). The warehouse bills 2,276.10 (6 %, special):
// excl. 2,147.26, VAT 128.84. Matched to the package, the bill is spread by tonne-days (0.60 a tonne-day:
// 758.70, 750.60, 766.80), which become the fees' actual cost that batch cost reads; the deductible VAT
// leaves the cost for input VAT awaiting deduction, then is deducted in 2026-11. The bill is paid through a
// payment out capped by it.

import {
  bankAccount,
  batchStorageFee,
  otherInvoice,
  outgoingPayment,
  packageStorageFee,
} from '../../../src/areas/capital/index.ts';
import { BATCH_COST_DETAIL_PATH, type BatchCostDetail } from '../../../src/areas/costing/api.ts';
import { useTestApp } from '../../test/app.ts';
import { BACKENDS } from '../../test/harness.ts';
import type { Body, Row } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('cost invoices turn estimates into actuals on $name', (backend) => {
  const t = useTestApp(backend, { users: ['admin', 'trader', 'finance', 'finance2', 'warehouse'] });
  const { call, records, transition } = t;
  let operator = '';
  let packageId = '';
  let invoice = '';
  const fees: Record<string, string> = {};

  const register = (who: string, body: Body) =>
    call(who, otherInvoice, 'save', {
      invoiceNo: '25651234',
      sellerId: operator,
      invoiceKind: '01',
      costKind: 'storage',
      issueDate: '2026-11-23',
      amount: '2276.10',
      taxRate: '6',
      ...body,
    });
  const counts = async () =>
    (
      await t.db.query<{ invoices: number; entries: number; actuals: number }>(
        `select (select count(*)::int from other_invoices) as invoices,
                (select count(*)::int from journal_entries) as entries,
                (select count(*)::int from warehouse_fees where actual_amount is not null) as actuals`,
      )
    )[0];
  const entryOf = (event: string) =>
    t.db.query<{ account: string; debit: string; credit: string }>(
      `select l.account, l.debit::text, l.credit::text from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.source_kind = 'otherInvoice' and e.source_id = $1 and e.event = $2 order by l.id`,
      [invoice, event],
    );

  beforeAll(async () => {
    const q = t.db.query.bind(t.db);
    const [warehouse] = await q<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('KL', '库尔勒库', 'delivery') returning id::text`,
    );
    const [partner] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉麻仓储', '{warehouse,supplier}') returning id::text`,
    );
    operator = partner!.id;
    await q(
      `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, owner_kind)
       values ('A2611', 'stock', '2026/27', $1, 42.150, 'own'), ('B2611', 'stock', '2026/27', $1, 41.700, 'own'),
              ('C2611', 'stock', '2026/27', $1, 42.600, 'own')`,
      [warehouse!.id],
    );
    await q(
      `with c as (
         insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, unit_price, tax_rate, status)
         values ('CG2611', 'purchase', 'spot', $1, '2026-11-01', 130, 15000, 9, 'completed') returning id)
       insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight)
       select id, b, w from c, (values ('A2611', 42.150), ('B2611', 41.700), ('C2611', 42.600)) v(b, w)`,
      [operator],
    );
    for (const row of await q<{ id: string; no: string }>(
      `insert into warehouse_fees (fee_no, kind, warehouse_id, batch_no, period_from, period_to, basis, rate,
          tonnage, amount, tax_rate, payee_id, status)
       select 'CC-' || b, 'storage', $1::bigint, b, '2026-11-01'::date, '2026-11-30'::date, 'perTonneDay', 0.65, w,
              round(w * 30 * 0.65, 2), 6, $2::bigint, 'confirmed'
         from (values ('A2611', 42.150), ('B2611', 41.700), ('C2611', 42.600)) v(b, w)
       union all
       select 'BX-A2611', 'insurance', $1::bigint, 'A2611', '2026-11-01'::date, null, 'lumpSum', 100, null, 100, 6,
              $2::bigint, 'confirmed'
       returning id::text, fee_no as no`,
      [warehouse!.id, operator],
    ))
      fees[row.no] = row.id;
    const [pkg] = await q<{ id: string }>(
      `insert into resource_packages (package_no, name, price_kind, unit_price, valid_until, batch_count, tonnes)
       values ('ZYB2611', '库尔勒三批', 'fixed', 15480, '2026-12-31', 3, 126.450) returning id::text`,
    );
    packageId = pkg!.id;
    await q(
      `insert into resource_package_lines (package_id, batch_no, sort)
       values ($1, 'A2611', 1), ($1, 'B2611', 2), ($1, 'C2611', 3)`,
      [packageId],
    );
  });

  it('registers the bill with its VAT split and deductibility; bad input is refused, nothing written', async () => {
    const before = await counts();
    const future = await register('finance', { issueDate: '2026-11-24', lines: JSON.stringify([]) });
    expect(future.json).toMatchObject({ code: 400, msg: '开票日期不能晚于今天（2026-11-23）' });
    const neither = await register('finance', { lines: JSON.stringify([{ amount: '2276.10' }]) });
    expect(neither.json).toMatchObject({ code: 400, msg: '第 1 行须且只能选择一项费用或一个资源包' });
    const badNo = await register('finance', { invoiceNo: 'A1', lines: JSON.stringify([]) });
    expect(badNo.json.code).toBe(400);
    expect(await counts()).toEqual(before);
    const saved = await register('finance', { lines: JSON.stringify([{ packageId, amount: '2276.10' }]) });
    expect(saved.json.code, saved.json.msg).toBe(200);
    invoice = (saved.json.data as Row).id;
    const [row] = await records('finance', otherInvoice, { invoiceNo: '25651234' });
    expect(row).toMatchObject({
      amountExcl: '2147.26',
      vat: '128.84',
      deductible: true,
      status: 'registered',
    });
    const twin = await register('finance', { lines: JSON.stringify([]) });
    expect(twin.json).toMatchObject({ code: 400, msg: '该记录与已有记录重复' });
  });

  it('matched to the package, the bill spreads by tonne-days into the fees’ actual cost, posted in balance', async () => {
    expect((await transition('finance', otherInvoice, invoice, 'match')).json.code).toBe(400);
    expect((await transition('finance', otherInvoice, invoice, 'verify')).json.code).toBe(200);
    const matched = await transition('finance2', otherInvoice, invoice, 'match');
    expect(matched.json.code, matched.json.msg).toBe(200);
    const batches = await records('finance', batchStorageFee, {});
    expect(
      batches
        .map((r) => [r.batchNo, r.tonneDays, r.estimated, r.actual, r.difference, r.costState, r.invoiceNo])
        .sort(),
    ).toEqual([
      ['A2611', '1264.5', '821.93', '758.70', '-63.23', 'actual', '25651234'],
      ['B2611', '1251', '813.15', '750.60', '-62.55', 'actual', '25651234'],
      ['C2611', '1278', '830.70', '766.80', '-63.90', 'actual', '25651234'],
    ]);
    const [pkg] = await records('finance', packageStorageFee, {});
    expect(pkg).toMatchObject({
      packageNo: 'ZYB2611',
      estimated: '2465.78',
      actual: '2276.10',
      difference: '-189.68',
      costState: 'actual',
    });
    expect(await entryOf('matched')).toEqual([
      { account: 'inputVatAwaiting', debit: '128.84', credit: '0.00' },
      { account: 'fees', debit: '0.00', credit: '128.84' },
    ]);
    // Batch cost reads the actual beside the estimate: 758.70 at 6 % is 715.75 excl.
    const { json } = await t.post('finance', BATCH_COST_DETAIL_PATH, { batchNo: 'A2611' });
    expect(json.code, json.msg).toBe(200);
    const storage = (json.data as BatchCostDetail).lines.find((line) => line.component === 'storage');
    expect(storage).toMatchObject({
      estimatedIncluded: '821.93',
      actualIncluded: '758.70',
      actualExcluded: '715.75',
    });
  });

  it('refuses a match whose lines do not sum to the invoice, or a fee matched already, changing nothing', async () => {
    const other = await register('finance', {
      invoiceNo: '25651235',
      costKind: 'insurance',
      amount: '100.00',
      lines: JSON.stringify([{ feeId: fees['BX-A2611'], amount: '90.00' }]),
    });
    const id = (other.json.data as Row).id;
    expect((await transition('finance', otherInvoice, id, 'verify')).json.code).toBe(200);
    const before = await counts();
    const short = await transition('finance', otherInvoice, id, 'match');
    expect(short.json).toMatchObject({
      code: 400,
      msg: '发票 25651235 金额 100.00 元，对应费用合计 90.00 元，不一致',
    });
    const again = await register('finance', {
      invoiceNo: '25651236',
      lines: JSON.stringify([{ feeId: fees['CC-A2611'], amount: '2276.10' }]),
    });
    const twiceId = (again.json.data as Row).id;
    expect((await transition('finance', otherInvoice, twiceId, 'verify')).json.code).toBe(200);
    const twice = await transition('finance', otherInvoice, twiceId, 'match');
    expect(twice.json).toMatchObject({ code: 400, msg: '费用 CC-A2611 已核对发票 25651234' });
    const counted = await counts();
    expect({ entries: counted!.entries, actuals: counted!.actuals }).toEqual({
      entries: before!.entries,
      actuals: before!.actuals,
    });
  });

  it('is deducted in its period, input VAT awaiting becoming input VAT', async () => {
    const none = await call('finance', otherInvoice, 'transition', { id: invoice, action: 'deduct' });
    expect(none.json.code).toBe(400);
    const later = await call('finance', otherInvoice, 'transition', {
      id: invoice,
      action: 'deduct',
      deductionPeriod: '2026-12',
    });
    expect(later.json).toMatchObject({ code: 400, msg: '抵扣所属期 2026-12 晚于本月' });
    const deducted = await call('finance', otherInvoice, 'transition', {
      id: invoice,
      action: 'deduct',
      deductionPeriod: '2026-11',
    });
    expect(deducted.json.code, deducted.json.msg).toBe(200);
    expect(await entryOf('deducted')).toEqual([
      { account: 'inputVat', debit: '128.84', credit: '0.00' },
      { account: 'inputVatAwaiting', debit: '0.00', credit: '128.84' },
    ]);
  });

  it('the package’s storage bill is paid through a payment out capped by it', async () => {
    const [bank] = await t.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('建设银行库尔勒分行', '{bank}') returning id::text`,
    );
    const account = (
      await t.saved('finance', bankAccount, {
        bankPartnerId: bank!.id,
        accountNo: '65001234567890',
        accountName: '一般户',
        kind: 'general',
        openingBalance: '100000',
        openingDate: '2026-11-01',
      })
    ).id;
    const apply = (amount: string) =>
      call('finance', outgoingPayment, 'save', {
        paymentKind: 'other',
        payeeId: operator,
        purpose: 'storage',
        otherInvoiceId: invoice,
        amount,
        payeeBank: '农业银行库尔勒分行',
        payeeAccountNo: '6228480099990000',
        requestedPayDate: '2026-11-23',
      });
    const over = await apply('2276.11');
    expect(over.json).toMatchObject({
      code: 400,
      msg: '发票 25651234 的付款上限为 2276.10 元，已付及在途 0.00 元，本笔最多 2276.10 元',
    });
    const ok = await apply('2276.10');
    expect(ok.json.code, ok.json.msg).toBe(200);
    const id = (ok.json.data as Row).id;
    expect((await transition('finance', outgoingPayment, id, 'submit')).json.code).toBe(200);
    expect((await transition('finance2', outgoingPayment, id, 'approve')).json.code).toBe(200);
    const paid = await call('finance2', outgoingPayment, 'transition', {
      id,
      action: 'pay',
      paidOn: '2026-11-23',
      bankAccountId: account,
    });
    expect(paid.json.code, paid.json.msg).toBe(200);
    const lines = await t.db.query<{ account: string; debit: string; credit: string }>(
      `select l.account, l.debit::text, l.credit::text from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.source_kind = 'outgoingPayment' and e.source_id = $1 order by l.id`,
      [id],
    );
    expect(lines).toEqual([
      { account: 'fees', debit: '2276.10', credit: '0.00' },
      { account: 'bank', debit: '0.00', credit: '2276.10' },
    ]);
  });
});
