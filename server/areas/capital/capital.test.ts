// Capital through HTTP as finance and the desks use it, on PGlite and PostgreSQL. A ginner's spot purchase
// of 200 t at 15,000 (tolerance 5 %) is worth 210 t × 15,000 = 3,150,000.00 at most; prepayments stay within
// 90 % of it, 2,835,000.00. Payments are checked by another person than the submitter and, from 500,000.00
// per payee and day, approved finally by a third; paying posts bank / advance in the journal. The journal
// refuses an entry that does not balance, is never changed, and locks a closed month; client payments and
// margin movements post into it as they happen, and the book's views reconcile with their own tables.
import type { FastifyInstance } from 'fastify';
import {
  bankAccount,
  bankJournalDay,
  bankTransaction,
  outgoingPayment,
  partnerAccount,
  partnerAccountLine,
} from '../../../src/areas/capital/index.ts';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { clientMarginMovement } from '../../../src/areas/margin/index.ts';
import { clientPayment } from '../../../src/areas/payments/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('capital on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, transition } = resource;
  let supplier = '';
  let contract = '';
  let account = '';

  const apply = (who: string, body: Body) =>
    call(who, outgoingPayment, 'save', {
      paymentKind: 'purchase',
      payeeId: supplier,
      purpose: 'prepayment',
      contractId: contract,
      payeeBank: '农业银行库尔勒分行',
      payeeAccountNo: '6228480012345678',
      requestedPayDate: '2026-11-23',
      ...body,
    });
  const step = async (who: string, id: string, action: string, extra: Body = {}) =>
    (await call(who, outgoingPayment, 'transition', { id, action, ...extra })).json;
  const statusOf = async (id: string) =>
    (await env.db.query<{ status: string }>('select status from outgoing_payments where id = $1', [id]))[0]!
      .status;
  const journal = (kind: string, id: string) =>
    env.db.query<{ event: string; account: string; debit: string; credit: string; partner: string | null }>(
      `select e.event, l.account, l.debit::text, l.credit::text, l.partner_id::text as partner
         from journal_entries e join journal_lines l on l.entry_id = e.id
        where e.source_kind = $1 and e.source_id = $2 order by e.id, l.id`,
      [kind, id],
    );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'finance2', 'warehouse'])
      tokens[who] = (await login(app, who)).token;
    const [ginner] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
    );
    supplier = ginner!.id;
    const [bank] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('农业银行乌鲁木齐分行', '{bank}') returning id::text`,
    );
    const purchase = await saved('admin', transactionContract, {
      side: 'purchase',
      kind: 'spot',
      partnerId: supplier,
      signDate: '2026-11-20',
      tonnage: '200',
      tolerancePercent: '5',
      unitPrice: '15000',
      deliveryFrom: '2026-11-25',
      deliveryTo: '2026-12-31',
    });
    contract = purchase.id;
    expect((await transition('admin', transactionContract, contract, 'submit')).json.code).toBe(200);
    const approved = await transition('risk', transactionContract, contract, 'approve');
    expect(approved.json.code, approved.json.msg).toBe(200);
    account = (
      await saved('finance', bankAccount, {
        bankPartnerId: bank!.id,
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

  it('refuses a prepayment past 90 % of the contract value in words, writing nothing', async () => {
    const before = await env.db.query('select id from outgoing_payments');
    const over = await apply('trader', { amount: '2835000.01' });
    expect(over.json).toMatchObject({
      code: 400,
      msg: `合同 ${await contractNo()} 的预付款 的付款上限为 2835000.00 元，已付及在途 0.00 元，本笔最多 2835000.00 元`,
    });
    expect(await env.db.query('select id from outgoing_payments')).toEqual(before);
    const missing = await apply('trader', { amount: '100', contractId: '' });
    expect(missing.json.code).toBe(400);
  });

  async function contractNo() {
    return (
      await env.db.query<{ no: string }>(
        'select contract_no as no from transaction_contracts where id = $1',
        [contract],
      )
    )[0]!.no;
  }

  it('a payment under the line: checked by another, approved without the final step, paid and posted', async () => {
    const payment = (await apply('trader', { amount: '300000' })).json.data as { id: string };
    expect((await step('trader', payment.id, 'submit')).code).toBe(200);
    expect(await step('trader', payment.id, 'approve')).toMatchObject({ code: 403 });
    const own = await step('finance', payment.id, 'approve');
    expect(own.code).toBe(200);
    expect(await statusOf(payment.id)).toBe('approved');
    const paid = await step('finance', payment.id, 'pay', { paidOn: '2026-11-23', bankAccountId: account });
    expect(paid.code, paid.msg).toBe(200);
    expect(await journal('outgoingPayment', payment.id)).toEqual([
      { event: 'paid', account: 'advancesPaid', debit: '300000.00', credit: '0.00', partner: supplier },
      { event: 'paid', account: 'bank', debit: '0.00', credit: '300000.00', partner: null },
    ]);
    const [book] = (await resource.records('finance', bankAccount)).filter((row) => row.id === account);
    expect(book!.bookBalance).toBe('4700000.00');
  });

  it('from 500,000.00 a day: checked, then approved finally by neither the submitter nor the checker', async () => {
    const payment = (await apply('finance', { amount: '500000' })).json.data as { id: string };
    expect((await step('finance', payment.id, 'submit')).code).toBe(200);
    expect(await step('finance', payment.id, 'approve')).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^不能审批自己提交的/),
    });
    expect((await step('finance2', payment.id, 'approve')).code).toBe(200);
    expect(await statusOf(payment.id)).toBe('checked');
    const again = await step('finance2', payment.id, 'approve');
    expect(again).toMatchObject({ code: 400, msg: expect.stringMatching(/^不能审批自己已审核过的/) });
    expect(await step('finance', payment.id, 'approve')).toMatchObject({ code: 400 });
    const listed = (await resource.records('finance2', outgoingPayment)).find((row) => row.id === payment.id);
    expect((listed!.allowed as { transitions: string[] }).transitions).not.toContain('approve');
    expect((await step('admin', payment.id, 'approve')).code).toBe(200);
    expect(await statusOf(payment.id)).toBe('approved');
    const [who] = await env.db.query<{ s: string; c: string; a: string }>(
      `select u1.login_name as s, u2.login_name as c, u3.login_name as a from outgoing_payments p
         join users u1 on u1.id = p.submitted_by join users u2 on u2.id = p.checked_by
         join users u3 on u3.id = p.approved_by where p.id = $1`,
      [payment.id],
    );
    expect(who).toEqual({ s: 'finance', c: 'finance2', a: 'admin' });
  });

  it('splitting does not avoid the final approval: the payee’s day is summed', async () => {
    const first = (await apply('trader', { amount: '100000', requestedPayDate: '2026-11-24' })).json.data as {
      id: string;
    };
    const second = (await apply('trader', { amount: '400000', requestedPayDate: '2026-11-24' })).json
      .data as {
      id: string;
    };
    expect((await step('trader', first.id, 'submit')).code).toBe(200);
    expect((await step('trader', second.id, 'submit')).code).toBe(200);
    expect((await step('finance', first.id, 'approve')).code).toBe(200);
    expect((await step('finance', second.id, 'approve')).code).toBe(200);
    expect(await statusOf(first.id)).toBe('approved');
    expect(await statusOf(second.id)).toBe('checked');
  });

  it('a cap counts every payment in flight: the next one may take only what is left', async () => {
    // 300,000 + 500,000 + 100,000 + 400,000 = 1,300,000 prepaid or in flight of 2,835,000.
    const over = await apply('trader', { amount: '1535000.01' });
    expect(over.json.msg).toMatch(/本笔最多 1535000.00 元$/);
    expect((await apply('trader', { amount: '1535000' })).json.code).toBe(200);
  });

  it('a bank return reverses the posting, and frees the cap', async () => {
    const [paid] = await env.db.query<{ id: string }>(
      `select id::text from outgoing_payments where status = 'paid' order by id limit 1`,
    );
    expect(await step('finance', paid!.id, 'bankReturn')).toMatchObject({ code: 400 });
    expect((await step('finance', paid!.id, 'bankReturn', { comment: '账号有误' })).code).toBe(200);
    const lines = await journal('outgoingPayment', paid!.id);
    expect(lines.map((line) => [line.event, line.account, line.debit, line.credit])).toEqual([
      ['paid', 'advancesPaid', '300000.00', '0.00'],
      ['paid', 'bank', '0.00', '300000.00'],
      ['returned', 'advancesPaid', '0.00', '300000.00'],
      ['returned', 'bank', '300000.00', '0.00'],
    ]);
    expect((await apply('trader', { amount: '300000' })).json.code).toBe(200);
  });

  it('the database refuses an entry that does not balance, an edit of the book, and a closed month', async () => {
    const unbalanced = env.db.transaction(async (tx) => {
      const [entry] = await tx.query<{ id: string }>(
        `insert into journal_entries (posted_on, source_kind, source_id, event, created_at)
         values ('2026-11-23', 'test', '1', 'unbalanced', '2026-11-23T10:00:00+08:00') returning id::text`,
      );
      await tx.query(`insert into journal_lines (entry_id, account, debit) values ($1, 'bank', 100)`, [
        entry!.id,
      ]);
      await tx.query(`insert into journal_lines (entry_id, account, credit) values ($1, 'fees', 99.99)`, [
        entry!.id,
      ]);
    });
    await expect(unbalanced).rejects.toThrow(/does not balance/);
    expect(await env.db.query(`select id from journal_entries where source_kind = 'test'`)).toEqual([]);
    await expect(
      env.db.query(
        `update journal_lines set debit = debit + 1 where id = (select min(id) from journal_lines)`,
      ),
    ).rejects.toThrow(/never changed/);
    await env.db.query(
      `insert into journal_periods (month, closed_at) values ('2026-10-01', '2026-11-02T09:00:00+08:00')`,
    );
    const late = await apply('trader', { amount: '1000', purpose: 'goods', requestedPayDate: '2026-11-25' });
    const id = (late.json.data as { id: string }).id;
    expect((await step('trader', id, 'submit')).code).toBe(200);
    expect((await step('finance', id, 'approve')).code).toBe(200);
    const closed = await step('finance', id, 'pay', { paidOn: '2026-10-31', bankAccountId: account });
    expect(closed).toMatchObject({
      code: 400,
      msg: '2026-10 已结账，不能再记账；更正请在未结账的月份做冲销',
    });
    expect(await statusOf(id)).toBe('approved');
  });

  it('client payments and margin post as they happen and reconcile with their own tables', async () => {
    const client = await clientWithLimit(env.db, '无锡一棉', '9000000', 'sales');
    const sale = await approvedBasisSale(resource, client, '100');
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '15510',
      settlementPrice: '15500',
    });
    const received = await saved('sales', clientPayment, {
      partnerId: client,
      contractId: sale,
      kind: 'goods',
      amount: '200000',
      receivedOn: '2026-11-23',
    });
    expect((await transition('sales', clientPayment, received.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance', clientPayment, received.id, 'approve')).json.code).toBe(200);
    expect((await transition('finance', clientPayment, received.id, 'receive')).json.code).toBe(200);
    expect(await journal('clientPayment', received.id)).toEqual([
      { event: 'received', account: 'bank', debit: '200000.00', credit: '0.00', partner: null },
      { event: 'received', account: 'receivables', debit: '0.00', credit: '200000.00', partner: client },
    ]);
    expect((await transition('finance', clientPayment, received.id, 'reverse', '退票')).json.code).toBe(200);
    expect((await journal('clientPayment', received.id)).map((line) => line.event)).toEqual([
      'received',
      'received',
      'reversed',
      'reversed',
    ]);
    const deposit = await call('finance', clientMarginMovement, 'save', {
      occurredOn: '2026-11-23',
      partnerId: client,
      kind: 'deposit',
      amount: '150000',
    });
    expect(deposit.json.code, deposit.json.msg).toBe(200);
    // Every client's margin held in the book is its margin balance; every contract's receipts its payments.
    const margin = await env.db.query<{ partner: string; book: string; ledger: string }>(
      `select b.partner_id::text as partner, (-coalesce(j.balance, 0))::numeric(16, 2)::text as book,
              b.balance::numeric(16, 2)::text as ledger
         from client_margin_balances b
         left join (select partner_id, sum(balance) as balance from journal_balances
                     where account = 'clientMarginHeld' group by partner_id) j on j.partner_id = b.partner_id`,
    );
    expect(margin.length).toBeGreaterThan(0);
    for (const row of margin) expect(row.book, row.partner).toBe(row.ledger);
    const receipts = await env.db.query<{ partner: string; book: string; paid: string }>(
      `select p.partner_id::text as partner,
              coalesce((select -sum(balance) from journal_balances j
                         where j.account = 'receivables' and j.partner_id = p.partner_id), 0)::numeric(16, 2)::text as book,
              sum(p.amount) filter (where p.status in ('paid', 'reconciled'))::numeric(16, 2)::text as paid
         from client_payments p group by p.partner_id`,
    );
    for (const row of receipts) expect(row.book, row.partner).toBe(row.paid ?? '0.00');
    const [totals] = await env.db.query<{ debit: string; credit: string }>(
      'select sum(debit)::text as debit, sum(credit)::text as credit from journal_lines',
    );
    expect(totals!.debit).toBe(totals!.credit);
  });

  it('imports a statement file once: the same file again adds nothing; a bad file adds nothing at all', async () => {
    const csv = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const file = csv(
      '交易日期,流水号,收入,支出,余额,对方户名,对方账号,摘要\n' +
        '2026-11-20,NX0001,339765.56,,5339765.56,无锡一棉,6222000011112222,货款\n' +
        '2026-11-20,NX0002,,28.50,5339737.06,,,手续费\n',
    );
    const importing = (content: string, extra: Body = {}) =>
      post(
        app,
        '/api/capital/BankDetail/importStatement',
        { accountId: account, fileName: 'statement.csv', content, ...extra },
        { token: tokens.finance! },
      );
    const preview = await importing(file, { preview: 'true' });
    expect(preview.json.code, preview.json.msg).toBe(200);
    expect(await env.db.query('select id from bank_transactions')).toEqual([]);
    const first = await importing(file);
    expect(first.json).toMatchObject({
      code: 200,
      data: { result: { read: 2, added: 2, alreadyImported: 0 } },
    });
    const again = await importing(file);
    expect(again.json).toMatchObject({
      code: 200,
      data: { result: { read: 2, added: 0, alreadyImported: 2 } },
    });
    const bad = await importing(
      csv('交易日期,流水号,收入,支出\n2026-11-21,NX0003,10,\n2026-11-21,NX0004,,\n'),
    );
    expect(bad.json).toMatchObject({
      code: 400,
      msg: '文件中有 1 行数据有误，未导入任何数据：第 3 行 收入和支出须且只能填一项',
    });
    const rows = await resource.records('finance', bankTransaction);
    expect(rows.map((row) => [row.bankSerialNo, row.direction, row.amount, row.status])).toEqual([
      ['NX0001', 'in', '339765.56', 'unmatched'],
      ['NX0002', 'out', '28.50', 'unmatched'],
    ]);
    expect(
      (
        await importing(file, {}).then(() =>
          post(
            app,
            '/api/capital/BankDetail/importStatement',
            { accountId: account, content: file },
            { token: tokens.sales! },
          ),
        )
      ).json.code,
    ).toBe(403);
  });

  it('a receipt is claimed by the client who sent it; a claim names its partner', async () => {
    const [line] = await env.db.query<{ id: string }>(
      `select id::text from bank_transactions where bank_serial_no = 'NX0001'`,
    );
    const client = await clientWithLimit(env.db, '江苏大生', '1000000', 'sales');
    expect((await step_('sales', line!.id, 'claim', {})).code).toBe(400);
    const claimed = await step_('sales', line!.id, 'claim', { partnerId: client });
    expect(claimed.code, claimed.msg).toBe(200);
    const [row] = await env.db.query<{ status: string; partner: string; by: string }>(
      `select t.status, t.partner_id::text as partner, u.login_name as by from bank_transactions t
         join users u on u.id = t.claimed_by where t.id = $1`,
      [line!.id],
    );
    expect(row).toEqual({ status: 'claimed', partner: client, by: 'sales' });
  });

  const step_ = async (who: string, id: string, action: string, extra: Body) =>
    (await call(who, bankTransaction, 'transition', { id, action, ...extra })).json;

  it('the partner account, its movements and the bank journal are views of the book', async () => {
    const accounts = await resource.records('finance', partnerAccount, { partnerId: supplier });
    expect(accounts.map((row) => [row.balance, row.movements])).toEqual([['0.00', 2]]);
    const lines = await resource.records('finance', partnerAccountLine, { partnerId: supplier });
    expect(lines.map((row) => [row.amount, row.runningBalance]).sort()).toEqual([
      ['-300000.00', '0.00'],
      ['300000.00', '300000.00'],
    ]);
    const days = await resource.records('finance', bankJournalDay, { accountId: account });
    // The days the book or the statement moves (the statement imported above is of 11-20).
    expect(days.map((row) => [row.day, row.opening, row.received, row.paid, row.closing])).toEqual([
      ['2026-11-23', '5000000.00', '300000.00', '300000.00', '5000000.00'],
      ['2026-11-20', '5000000.00', '0.00', '0.00', '5000000.00'],
    ]);
    expect((await call('warehouse', partnerAccount, 'list')).json.code).toBe(403);
  });
});
