// The invoice-by-weight ledger on both backends (domain-money.md §2.7, §2.10 c): the §1.6 sale settled at
// 201.564 t and 3,114,163.80 and invoiced in full leaves nothing to invoice, and a further application is
// refused. A weight claim red-reverses 0.162 t of P2602 (red 02): the ledger shows invoiced = blue − red,
// 0.162 t to invoice again; exactly that is accepted, a kilo more is refused.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { invoiceApplication, invoiceWeightRecord, redForm } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { type Invoiced, invoicedSale } from './testInvoiced.ts';

const NOW = Date.parse('2026-11-25T02:00:00Z');
const BLUE = '26112500000000000301';

describe.each(BACKENDS)('the invoice-by-weight ledger on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const calls = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, transition } = calls;
  let sale: Invoiced;
  const ledger = async () => {
    const { json } = await call('finance', invoiceWeightRecord, 'detail', { id: sale.contract });
    expect(json.code, json.msg).toBe(200);
    return json.data as Row & { lines: Row[] };
  };
  const apply = (lines?: { batchNo: string; quantity: string }[]) =>
    call('sales', invoiceApplication, 'save', {
      settlementId: sale.settlementId,
      invoiceKind: '01',
      applyDate: '2026-11-26',
      ...(lines ? { lines: JSON.stringify(lines) } : {}),
    });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'finance2'])
      tokens[who] = (await login(app, who)).token;
    sale = await invoicedSale(env.db, app, calls, (who) => tokens[who]!, BLUE);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('shows the contract settled and invoiced in full: nothing to invoice, and refuses more', async () => {
    expect(await ledger()).toMatchObject({
      settledTonnes: '201.564',
      settledAmount: '3114163.80',
      invoicedTonnes: '201.564',
      invoicedAmount: '3114163.80',
      toInvoiceTonnes: '0',
      toInvoiceAmount: '0.00',
    });
    const more = await apply();
    expect(more.json.code).toBe(400);
    expect(more.json.msg).toContain('已全部开票');
    const { json } = await call('sales', invoiceWeightRecord, 'list', {});
    expect(json.code, json.msg).toBe(200);
    expect((json.data as { records: Row[] }).records.map((r) => r.contractId)).toEqual([sale.contract]);
  });

  it('counts an issued red 02 of 0.162 t on P2602 back: invoiced = blue − red, running per line', async () => {
    const base = resourcePath(redForm, 'detail').replace(/\/detail$/, '');
    const form = await saved('finance', redForm, {
      enteredBy: 'seller',
      blueInvoiceNo: BLUE,
      reason: '02',
      blueConfirmedUse: 'true',
      formDate: '2026-11-25',
      lines: JSON.stringify([{ blueLineNo: 2, quantity: '0.162' }]),
    });
    expect((await transition('finance', redForm, form.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance2', redForm, form.id, 'approve')).json.code).toBe(200);
    const run = (name: string, input: Record<string, string> = {}) =>
      post(app, `${base}/${name}`, { id: form.id, ...input }, { token: tokens.finance! });
    expect((await run('send')).json.code).toBe(200);
    // Not yet issued: a red form awaiting confirmation gives nothing back.
    expect((await ledger()).toInvoiceTonnes).toBe('0');
    expect((await run('confirm')).json.code).toBe(200);
    expect(
      (await run('issueRed', { redInvoiceNo: '26112600000000000302', redIssueDate: '2026-11-26' })).json.code,
    ).toBe(200);
    const after = await ledger();
    const red = new Decimal(String(form.amount)).negated();
    expect(after).toMatchObject({
      blueTonnes: '201.564',
      redTonnes: '0.162',
      invoicedTonnes: '201.402',
      toInvoiceTonnes: '0.162',
      redAmount: red.toFixed(2),
      invoicedAmount: new Decimal('3114163.80').minus(red).toFixed(2),
      toInvoiceAmount: red.toFixed(2),
    });
    expect(after.lines.map((l) => [l.colour, l.batchNo, l.quantity])).toEqual([
      ['blue', 'P2601', '40.112'],
      ['blue', 'P2602', '39.876'],
      ['blue', 'P2603', '40.305'],
      ['blue', 'P2604', '41.02'],
      ['blue', 'P2605', '40.251'],
      ['red', 'P2602', '-0.162'],
    ]);
    expect(after.lines.at(-1)).toMatchObject({
      runningTonnes: '201.402',
      runningAmount: after.invoicedAmount,
    });
  });

  it('invoices the 0.162 t given back, and not a kilo more', async () => {
    const over = await apply([{ batchNo: 'P2602', quantity: '0.163' }]);
    expect(over.json.code).toBe(400);
    expect(over.json.msg).toContain('可开票 0.162 吨');
    const again = await apply([{ batchNo: 'P2602', quantity: '0.162' }]);
    expect(again.json.code, again.json.msg).toBe(200);
    const row = again.json.data as Row;
    expect(row).toMatchObject({ quantity: '0.162', amount: (await ledger()).toInvoiceAmount });
    // The database says so last: the line cannot count beyond what the red gave back.
    await expect(
      env.db.query(
        `update invoice_application_lines set quantity = quantity + 0.001, amount = amount + 1, amount_excl = amount_excl + 1
          where application_id = $1`,
        [row.id],
      ),
    ).rejects.toThrow();
  });
});
