// Settlements on both backends (domain-money.md §1.6 at basis 850): a basis sale of 200 t ±5 % fixed 100 t @
// 14,500 then 100 t @ 14,700 delivers five batches of 201.564 t. Settled, its lines consume the fixings first in,
// first out and the last 1.564 t are tolerance tonnes at F̄ = 14,600: V = 2,942,834.40 + 201.564 × 850 =
// 3,114,163.80. A batch is settled once, only when delivered; the settlement is approved by someone other
// than its submitter, confirmed with the mill's signature and never changed after; a claim is an adjustment.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { invoiceApplication, settlement } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');
const WEIGHTS = { P2601: '40.112', P2602: '39.876', P2603: '40.305', P2604: '41.020', P2605: '40.251' };

describe.each(BACKENDS)('settlements on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, transition } = resource;
  let client = '';
  let contract = '';
  const base = resourcePath(settlement, 'detail').replace(/\/detail$/, '');
  const command = (who: string, id: string, name: string, input: Record<string, string>) =>
    post(app, `${base}/${name}`, { id, ...input }, { token: tokens[who]! });
  const count = async () =>
    Number((await env.db.query<{ n: string }>('select count(*)::text as n from settlements'))[0]!.n);
  const detail = async (id: string) => {
    const { json } = await call('finance', settlement, 'detail', { id });
    expect(json.code, json.msg).toBe(200);
    return json.data as Row & { lines: Row[] };
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance'])
      tokens[who] = (await login(app, who)).token;
    client = await clientWithLimit(env.db, '无锡一棉', '50000000', 'sales');
    contract = await approvedBasisSale(resource, client, '200');
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '14610',
      settlementPrice: '14600',
    });
    const fixPath = `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`;
    for (const price of ['14500', '14700']) {
      const fix = await post(
        app,
        fixPath,
        { id: contract, tonnage: '100', futuresPrice: price },
        { token: tokens.admin! },
      );
      expect(fix.json.code, fix.json.msg).toBe(200);
    }
    const batches = Object.entries(WEIGHTS);
    for (const [sort, [batchNo, weight]] of batches.entries()) {
      await env.db.query(
        `insert into batches (batch_no, status, conditioned_weight, crop_year) values ($1, 'out', $2, '2025/26')`,
        [batchNo, weight],
      );
      await env.db.query(
        'insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, sort) values ($1, $2, $3, $4)',
        [contract, batchNo, weight, sort],
      );
    }
    // A batch of the contract still in the warehouse: not delivered.
    await env.db.query(
      `insert into batches (batch_no, status, conditioned_weight, crop_year) values ('P2699', 'stock', 40, '2025/26')`,
    );
    await env.db.query(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, sort) values ($1, 'P2699', 40, 9)`,
      [contract],
    );
    // The mill paid 2,800,000.00 on the contract.
    await env.db.query(
      `insert into client_payments (partner_id, contract_id, kind, amount, received_on, status, created_at)
       values ($1, $2, 'goods', 2800000, '2026-11-20', 'paid', '2026-11-20T08:00:00Z')`,
      [client, contract],
    );
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  let first: Row;

  it("settles the contract's delivered batches: fixings first in, first out, the tolerance tonnes at F̄", async () => {
    first = await saved('sales', settlement, {
      side: 'sale',
      contractId: contract,
      settleDate: '2026-11-23',
    });
    expect(first).toMatchObject({
      status: 'draft',
      partnerId: client,
      tonnage: '201.564',
      goodsAmount: '3114163.80',
      totalAmount: '3114163.80',
      paidAmount: '2800000.00',
      balance: '314163.80',
    });
    expect(String(first.settlementNo)).toMatch(/^JS20261123\d{5}$/);
    const { lines } = await detail(first.id);
    expect(lines.map((l) => l.batchNo)).toEqual(Object.keys(WEIGHTS));
    expect(lines[0]).toMatchObject({
      weight: '40.112',
      unitPrice: '15350.00',
      amount: '615719.20',
      pricedBy: 'fixing',
    });
    expect(lines[4]).toMatchObject({ pricedBy: 'tolerance' });
    const [uses] = await env.db.query<{ fixings: string; tolerance: string }>(
      `select sum(u.tonnage) filter (where u.source = 'fixing')::text as fixings,
              sum(u.tonnage) filter (where u.source = 'tolerance')::text as tolerance
         from settlement_line_fixings u join settlement_lines l on l.id = u.line_id where l.settlement_id = $1`,
      [first.id],
    );
    expect([Number(uses!.fixings), Number(uses!.tolerance)]).toEqual([200, 1.564]);
  });

  it('adds charges as lines: 1,065.40 interest and 201.26 storage; the VAT split per line sums', async () => {
    const lines = [
      ...Object.keys(WEIGHTS).map((batchNo) => ({ lineKind: 'goods', batchNo })),
      { lineKind: 'latePaymentInterest', amount: '1065.40', remark: 'P2604 逾期 12 天' },
      { lineKind: 'lateLiftingStorage', amount: '201.26', remark: 'P2605 超期 10 天' },
    ];
    const again = await saved('sales', settlement, {
      id: first.id,
      side: 'sale',
      contractId: contract,
      settleDate: '2026-11-23',
      lines: JSON.stringify(lines),
    });
    expect(again).toMatchObject({
      chargesAmount: '1266.66',
      totalAmount: '3115430.46',
      balance: '315430.46',
    });
    const { lines: stored } = await detail(first.id);
    expect(stored.at(-2)).toMatchObject({
      lineKind: 'latePaymentInterest',
      amountExcl: '977.43',
      vat: '87.97',
    });
    const [sums] = await env.db.query<{ excl: string; vat: string; total: string }>(
      `select sum(l.amount_excl)::text as excl, sum(l.vat)::text as vat, s.amount_excl::text || '/' || s.vat::text as total
         from settlement_lines l join settlements s on s.id = l.settlement_id where s.id = $1 group by s.id`,
      [first.id],
    );
    expect(sums!.total).toBe(`${sums!.excl}/${sums!.vat}`);
  });

  it('refuses a batch settled already, one not delivered and one of another contract, changing nothing', async () => {
    const before = await count();
    const named = (batchNo: string) =>
      call('sales', settlement, 'save', {
        side: 'sale',
        contractId: contract,
        settleDate: '2026-11-23',
        lines: JSON.stringify([{ lineKind: 'goods', batchNo }]),
      });
    const twice = await named('P2601');
    expect(twice.json.code).toBe(400);
    expect(twice.json.msg).toContain(`已在结算单 ${String(first.settlementNo)} 中结算`);
    const undelivered = await named('P2699');
    expect(undelivered.json.code).toBe(400);
    expect(undelivered.json.msg).toContain('不是合同');
    const purchase = await call('sales', settlement, 'save', {
      side: 'purchase',
      contractId: contract,
      settleDate: '2026-11-23',
    });
    expect(purchase.json.code).not.toBe(200);
    expect(await count()).toBe(before);
  });

  it('is approved only by someone other than its submitter, then never edited', async () => {
    expect((await transition('admin', settlement, first.id, 'submit')).json.code).toBe(200);
    const own = await transition('admin', settlement, first.id, 'approve');
    expect(own.json.code).toBe(400);
    expect(own.json.msg).toContain('不能');
    expect((await transition('trader', settlement, first.id, 'approve')).json.code).toBe(403);
    const approved = await transition('finance', settlement, first.id, 'approve');
    expect(approved.json.code, approved.json.msg).toBe(200);
    const edit = await call('sales', settlement, 'save', {
      id: first.id,
      side: 'sale',
      contractId: contract,
      settleDate: '2026-11-24',
    });
    expect(edit.json.code).toBe(400);
    expect((await detail(first.id)).settleDate).toBe('2026-11-23');
  });

  it("is confirmed with the mill's signature and frozen: the database refuses a change, void is refused", async () => {
    const missing = await command('finance', first.id, 'confirm', { confirmedOn: '2026-11-24' });
    expect(missing.json.code).toBe(400);
    const done = await command('finance', first.id, 'confirm', {
      confirmedByParty: '无锡一棉 周经理',
      confirmedOn: '2026-11-24',
    });
    expect(done.json.code, done.json.msg).toBe(200);
    expect(await detail(first.id)).toMatchObject({
      status: 'confirmed',
      confirmedByParty: '无锡一棉 周经理',
      balance: '315430.46',
    });
    await expect(
      env.db.query('update settlements set total_amount = 0, balance = -2800000 where id = $1', [first.id]),
    ).rejects.toThrow();
    await expect(
      env.db.query('delete from settlement_lines where settlement_id = $1', [first.id]),
    ).rejects.toThrow();
    expect((await transition('sales', settlement, first.id, 'void', '作废')).json.code).toBe(400);
  });

  it('takes a quality claim after confirmation as an adjustment settlement referencing it', async () => {
    const made = await command('sales', first.id, 'adjust', {
      lineKind: 'qualityClaim',
      batchNo: 'P2601',
      amount: '-12033.60',
      settleDate: '2026-11-25',
      remark: 'P2601 复检长度 27，升贴水 0 → −300',
    });
    expect(made.json.code, made.json.msg).toBe(200);
    const { id } = (made.json.data as { result: { id: string } }).result;
    expect(await detail(id)).toMatchObject({
      kind: 'adjustment',
      adjustsId: first.id,
      status: 'draft',
      claimsAmount: '-12033.60',
      totalAmount: '-12033.60',
      paidAmount: '0.00',
    });
    expect(await detail(first.id)).toMatchObject({ totalAmount: '3115430.46' });
  });

  it('invoices the confirmed settlement once: all that is left, then nothing; split by the maximum, each with its number', async () => {
    const applied = await saved('sales', invoiceApplication, {
      settlementId: first.id,
      invoiceKind: '01',
      applyDate: '2026-11-25',
    });
    expect(applied).toMatchObject({ quantity: '201.564', amount: '3115430.46', partnerId: client });
    expect(new Decimal(String(applied.amountExcl)).plus(String(applied.vat)).toFixed(2)).toBe('3115430.46');
    const again = await call('sales', invoiceApplication, 'save', {
      settlementId: first.id,
      invoiceKind: '01',
      applyDate: '2026-11-25',
    });
    expect(again.json.code).toBe(400);
    expect(again.json.msg).toContain('已全部开票');
    const draft = (
      await env.db.query<{ id: string }>("select id::text from settlements where kind = 'adjustment'")
    )[0]!;
    const unconfirmed = await call('sales', invoiceApplication, 'save', {
      settlementId: draft.id,
      invoiceKind: '01',
      applyDate: '2026-11-25',
    });
    expect(unconfirmed.json.code).toBe(400);
    expect((await transition('sales', invoiceApplication, applied.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance', invoiceApplication, applied.id, 'approve')).json.code).toBe(200);
    await env.db.query(
      "insert into system_settings (setting_key, value, effective_from) values ('invoiceMaxAmount', '1800000', '2026-11-01')",
    );
    const issuePath = `${resourcePath(invoiceApplication, 'detail').replace(/\/detail$/, '')}/issue`;
    const one = await post(
      app,
      issuePath,
      { id: applied.id, invoiceNos: '26112500000000000001', issueDate: '2026-11-25' },
      { token: tokens.finance! },
    );
    expect(one.json.code).toBe(400);
    expect(one.json.msg).toContain('请录入 2 个发票号码');
    const two = await post(
      app,
      issuePath,
      { id: applied.id, invoiceNos: '26112500000000000001, 26112500000000000002', issueDate: '2026-11-25' },
      { token: tokens.finance! },
    );
    expect(two.json.code, two.json.msg).toBe(200);
    const invoices = await env.db.query<{ no: string; excl: string; amount: string }>(
      'select invoice_no as no, amount_excl::text as excl, amount::text from issued_invoices order by id',
    );
    expect(invoices.map((i) => i.no)).toEqual(['26112500000000000001', '26112500000000000002']);
    for (const invoice of invoices) expect(new Decimal(invoice.excl).lessThanOrEqualTo(1800000)).toBe(true);
    expect(invoices.reduce((sum, i) => sum.plus(i.amount), new Decimal(0)).toFixed(2)).toBe('3115430.46');
    expect((await call('finance', invoiceApplication, 'detail', { id: applied.id })).json.data).toMatchObject(
      {
        status: 'issued',
        invoiceCount: 2,
      },
    );
  });

  it('a voided settlement frees its batches for another', async () => {
    const contract2 = await approvedBasisSale(resource, client, '40');
    await env.db.query(
      `insert into batches (batch_no, status, conditioned_weight, crop_year) values ('Q1', 'out', 40, '2025/26')`,
    );
    await env.db.query(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight) values ($1, 'Q1', 40)`,
      [contract2],
    );
    const unpriced = await call('sales', settlement, 'save', {
      side: 'sale',
      contractId: contract2,
      settleDate: '2026-11-23',
    });
    expect(unpriced.json.code).toBe(400);
    expect(unpriced.json.msg).toContain('未点价');
    const fixPath = `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`;
    await post(
      app,
      fixPath,
      { id: contract2, tonnage: '40', futuresPrice: '14600' },
      { token: tokens.admin! },
    );
    const one = await saved('sales', settlement, {
      side: 'sale',
      contractId: contract2,
      settleDate: '2026-11-23',
    });
    expect((await transition('sales', settlement, one.id, 'void', '重开')).json.code).toBe(200);
    const two = await saved('sales', settlement, {
      side: 'sale',
      contractId: contract2,
      settleDate: '2026-11-23',
    });
    expect(two).toMatchObject({ goodsAmount: '618000.00', balance: '618000.00' });
    expect(Number(two.tonnage)).toBe(40);
  });
});
