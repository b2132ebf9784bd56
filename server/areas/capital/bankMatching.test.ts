// Bank lines claimed and matched, and the day's book reconciled with the statement (domain-money.md §4.2,
// §4.3, decision 13), through HTTP as finance and the desks use them, on PGlite and PostgreSQL. The basic
// account opens at 1,000,000.00 on 2026-11-01. On 11-20 a mill pays 339,765.56 (received by finance,
// booked on no account yet) and the bank charges 28.50; the same day finance pays a ginner 300,000.00 from
// the account, which the bank debits on 11-23. Before any match the 11-20 book is 700,000.00 and the
// statement 1,339,737.06: 700,000.00 + 339,765.56 − 28.50 = 1,039,737.06 = 1,339,737.06 − 300,000.00, no
// difference. Matched, the receipt moves onto the account (1,039,765.56 in the book), the ginner's debit
// clears the payment; the 28.50 fee stays to book.
import {
  bankAccount,
  bankJournalDay,
  bankTransaction,
  outgoingPayment,
} from '../../../src/areas/capital/index.ts';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { clientPayment } from '../../../src/areas/payments/index.ts';
import { reconcile } from '../../../src/domain/index.ts';
import { useTestApp } from '../../test/app.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS } from '../../test/harness.ts';
import type { Body } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('bank lines claimed, matched and reconciled on $name', (backend) => {
  const t = useTestApp(backend, { users: ['admin', 'risk', 'trader', 'sales', 'finance', 'finance2'] });
  const { call, saved, records, transition } = t;
  let account = '';
  let mill = '';
  let ginner = '';
  let receipt = '';
  let payment = '';
  const lineId: Record<string, string> = {};

  const ok = async (result: Promise<{ json: { code: number; msg?: string } }>) => {
    const { json } = await result;
    expect(json.code, json.msg).toBe(200);
    return json;
  };
  const match = (who: string, serial: string, body: Body) =>
    t.post(who, '/api/capital/BankDetail/match', { id: lineId[serial]!, ...body });
  const claim = (serial: string, partnerId: string) =>
    call('finance', bankTransaction, 'transition', { id: lineId[serial]!, action: 'claim', partnerId });
  const day = async (date: string) =>
    (await records('finance', bankJournalDay, { accountId: account })).find((row) => row.day === date)!;
  const counts = async () =>
    (
      await t.db.query<{ matches: number; entries: number }>(
        `select (select count(*)::int from bank_matches) as matches,
                (select count(*)::int from journal_entries) as entries`,
      )
    )[0];
  const lineState = async (serial: string) =>
    (
      await t.db.query<{ status: string }>('select status from bank_transactions where id = $1', [
        lineId[serial],
      ])
    )[0]!.status;

  beforeAll(async () => {
    const [bank] = await t.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('工商银行库尔勒分行', '{bank}') returning id::text`,
    );
    account = (
      await saved('finance', bankAccount, {
        bankPartnerId: bank!.id,
        accountNo: '0408020209300123456',
        accountName: '基本户',
        kind: 'basic',
        openingBalance: '1000000',
        openingDate: '2026-11-01',
      })
    ).id;
    mill = await clientWithLimit(t.db, '无锡一棉', '5000000', 'sales');
    const sale = await approvedBasisSale(t, mill, '100');
    receipt = (
      await saved('sales', clientPayment, {
        partnerId: mill,
        contractId: sale,
        kind: 'goods',
        amount: '339765.56',
        receivedOn: '2026-11-20',
        bankReference: 'NX1120A',
      })
    ).id;
    await ok(transition('sales', clientPayment, receipt, 'submit'));
    await ok(transition('finance', clientPayment, receipt, 'approve'));
    await ok(transition('finance', clientPayment, receipt, 'receive'));
    const [supplier] = await t.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
    );
    ginner = supplier!.id;
    const purchase = await saved('admin', transactionContract, {
      side: 'purchase',
      kind: 'spot',
      partnerId: ginner,
      signDate: '2026-11-18',
      tonnage: '200',
      tolerancePercent: '5',
      unitPrice: '15000',
      deliveryFrom: '2026-11-25',
      deliveryTo: '2026-12-31',
    });
    await ok(transition('admin', transactionContract, purchase.id, 'submit'));
    await ok(transition('risk', transactionContract, purchase.id, 'approve'));
    payment = (
      await saved('trader', outgoingPayment, {
        paymentKind: 'purchase',
        payeeId: ginner,
        purpose: 'prepayment',
        contractId: purchase.id,
        amount: '300000',
        payeeBank: '农业银行库尔勒分行',
        payeeAccountNo: '6228480012345678',
        requestedPayDate: '2026-11-20',
      })
    ).id;
    await ok(transition('trader', outgoingPayment, payment, 'submit'));
    await ok(transition('finance', outgoingPayment, payment, 'approve'));
    await ok(
      call('finance', outgoingPayment, 'transition', {
        id: payment,
        action: 'pay',
        paidOn: '2026-11-20',
        bankAccountId: account,
      }),
    );
    const file = Buffer.from(
      '交易日期,流水号,收入,支出,余额,对方户名,摘要\n' +
        '2026-11-20,NX1120A,339765.56,,1339765.56,无锡一棉,货款\n' +
        '2026-11-20,NX1120B,,28.50,1339737.06,,手续费\n' +
        '2026-11-23,NX1123A,,300000.00,1039737.06,库尔勒棉业,预付款\n',
      'utf8',
    ).toString('base64');
    await ok(
      t.post('finance', '/api/capital/BankDetail/importStatement', {
        accountId: account,
        fileName: 'statement.csv',
        content: file,
      }),
    );
    for (const row of await t.db.query<{ id: string; serial: string }>(
      'select id::text, bank_serial_no as serial from bank_transactions',
    ))
      lineId[row.serial] = row.id;
  });

  it('reconciles the day before any match: every item shown, no difference', async () => {
    const row = await day('2026-11-20');
    expect(row).toMatchObject({
      opening: '1000000.00',
      paid: '300000.00',
      closing: '700000.00',
      statementBalance: '1339737.06',
      bankReceivedNotBooked: '339765.56',
      bankPaidNotBooked: '28.50',
      bookedReceivedNotInBank: '0.00',
      bookedPaidNotInBank: '300000.00',
      adjustedBook: '1039737.06',
      adjustedBank: '1039737.06',
      difference: '0.00',
    });
    // The view says what the rule says.
    const rule = reconcile(String(row.closing), String(row.statementBalance), {
      bankReceivedNotBooked: String(row.bankReceivedNotBooked),
      bankPaidNotBooked: String(row.bankPaidNotBooked),
      bookedReceivedNotInBank: String(row.bookedReceivedNotInBank),
      bookedPaidNotInBank: String(row.bookedPaidNotInBank),
    });
    expect(rule).toEqual({ adjustedBook: '1039737.06', adjustedBank: '1039737.06', difference: '0.00' });
  });

  it('refuses a match before the claim, in the wrong direction or past what remains, changing nothing', async () => {
    const before = await counts();
    const unclaimed = await match('finance', 'NX1120A', {
      targetKind: 'clientPayment',
      clientPaymentId: receipt,
    });
    expect(unclaimed.json).toMatchObject({ code: 400 });
    await ok(claim('NX1120A', mill));
    const wrongWay = await match('finance', 'NX1120A', {
      targetKind: 'outgoingPayment',
      outgoingPaymentId: payment,
    });
    expect(wrongWay.json).toMatchObject({ code: 400, msg: '流水 NX1120A 是收入，只能核销客户收款' });
    const over = await match('finance', 'NX1120A', {
      targetKind: 'clientPayment',
      clientPaymentId: receipt,
      amount: '339765.57',
    });
    expect(over.json).toMatchObject({
      code: 400,
      msg: '流水 NX1120A 未核销金额为 339765.56 元，本次最多核销 339765.56 元',
    });
    const noDocument = await match('finance', 'NX1120A', { targetKind: 'clientPayment' });
    expect(noDocument.json.code).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await lineState('NX1120A')).toBe('claimed');
  });

  it('matches a receipt in part then in full: it moves onto the account in balanced entries', async () => {
    const part = await match('sales', 'NX1120A', {
      targetKind: 'clientPayment',
      clientPaymentId: receipt,
      amount: '39765.56',
    });
    expect(part.json.code, part.json.msg).toBe(200);
    expect(await lineState('NX1120A')).toBe('partlyMatched');
    expect((await day('2026-11-20')).difference).toBe('0.00');
    expect((await day('2026-11-20')).closing).toBe('739765.56');
    const rest = await match('finance', 'NX1120A', { targetKind: 'clientPayment', clientPaymentId: receipt });
    expect(rest.json.code, rest.json.msg).toBe(200);
    expect(await lineState('NX1120A')).toBe('matched');
    const [line] = await records('finance', bankTransaction, { bankSerialNo: 'NX1120A' });
    expect(line).toMatchObject({ matchedAmount: '339765.56' });
    expect(String(line!.matchedDocuments)).toMatch(/^SK\d+ 39765\.56，SK\d+ 300000\.00$/);
    const entries = await t.db.query<{ account: string; bank: string | null; debit: string; credit: string }>(
      `select l.account, l.bank_account_id::text as bank, l.debit::text, l.credit::text
         from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.source_kind = 'bankMatch' order by l.id`,
    );
    expect(entries).toEqual([
      { account: 'bank', bank: account, debit: '39765.56', credit: '0.00' },
      { account: 'bank', bank: null, debit: '0.00', credit: '39765.56' },
      { account: 'bank', bank: account, debit: '300000.00', credit: '0.00' },
      { account: 'bank', bank: null, debit: '0.00', credit: '300000.00' },
    ]);
    expect(await day('2026-11-20')).toMatchObject({
      closing: '1039765.56',
      bankReceivedNotBooked: '0.00',
      difference: '0.00',
    });
    const again = await match('finance', 'NX1120A', {
      targetKind: 'clientPayment',
      clientPaymentId: receipt,
    });
    expect(again.json).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });
  });

  it('matches the ginner’s debit to the payment out: only the bank fee is left to book', async () => {
    await ok(claim('NX1123A', ginner));
    const matched = await match('finance', 'NX1123A', {
      targetKind: 'outgoingPayment',
      outgoingPaymentId: payment,
    });
    expect(matched.json.code, matched.json.msg).toBe(200);
    expect(await lineState('NX1123A')).toBe('matched');
    expect(await day('2026-11-23')).toMatchObject({
      closing: '1039765.56',
      statementBalance: '1039737.06',
      bankReceivedNotBooked: '0.00',
      bankPaidNotBooked: '28.50',
      bookedPaidNotInBank: '0.00',
      difference: '0.00',
    });
    // The 11-20 day still shows the payment out of the bank then: the bank debited it on 11-23.
    expect((await day('2026-11-20')).bookedPaidNotInBank).toBe('300000.00');
  });

  it('a claim undone undoes its matches, each kept with who undid it, its entries reversed', async () => {
    const refused = await call('finance', bankTransaction, 'transition', {
      id: lineId.NX1120A!,
      action: 'unclaim',
    });
    expect(refused.json.code).toBe(400);
    await ok(
      call('finance2', bankTransaction, 'transition', {
        id: lineId.NX1120A!,
        action: 'unclaim',
        comment: '认领错单位',
      }),
    );
    expect(await lineState('NX1120A')).toBe('unmatched');
    const undone = await t.db.query<{ by: string }>(
      `select u.login_name as by from bank_matches m join users u on u.id = m.undone_by
        where m.transaction_id = $1 order by m.id`,
      [lineId.NX1120A],
    );
    expect(undone).toEqual([{ by: 'finance2' }, { by: 'finance2' }]);
    expect(await day('2026-11-23')).toMatchObject({
      closing: '700000.00',
      bankReceivedNotBooked: '339765.56',
      difference: '0.00',
    });
    const [unbalanced] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from (select entry_id from journal_lines group by entry_id
         having sum(debit) <> sum(credit)) x`,
    );
    expect(unbalanced!.n).toBe(0);
  });
});
