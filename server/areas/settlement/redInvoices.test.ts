// Red-letter forms and red invoices on both backends (domain-money.md §2.6, §2.10 b): the §1.6 sale invoiced in
// full (P2601 line: 40.112 t, 615,719.20 incl.). The quality claim of −12,033.60 is a red 04 on that line:
// −11,040.00 excl., −993.60 VAT. Refused with a 400 and nothing written: a partial red before the buyer
// confirmed the blue's use, a red beyond what is left of a blue line, a second open form on one blue, a full
// red after a partial one, the author approving their own form, a confirmation past the 72 h clock.
import type { FastifyInstance } from 'fastify';
import { redForm } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import {
  BACKENDS,
  login,
  type ManualClock,
  manualClock,
  openTestDb,
  post,
  startApp,
} from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { type Invoiced, invoicedSale } from './testInvoiced.ts';

const NOW = Date.parse('2026-11-25T02:00:00Z');
const BLUE = '26112500000000000101';
const HOUR = 3_600_000;

describe.each(BACKENDS)('red invoices on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let clock: ManualClock;
  const tokens: Record<string, string> = {};
  const calls = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, transition } = calls;
  let sale: Invoiced;
  const base = resourcePath(redForm, 'detail').replace(/\/detail$/, '');
  const command = (who: string, id: string, name: string, input: Record<string, string> = {}) =>
    post(app, `${base}/${name}`, { id, ...input }, { token: tokens[who]! });
  const relogin = async () => {
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'finance2'])
      tokens[who] = (await login(app, who)).token;
  };
  const forms = async () =>
    Number((await env.db.query<{ n: string }>('select count(*)::text as n from red_forms'))[0]!.n);
  const detail = async (id: string) => {
    const { json } = await call('finance', redForm, 'detail', { id });
    expect(json.code, json.msg).toBe(200);
    return json.data as Row & { lines: Row[] };
  };
  const form = (body: Record<string, string>) =>
    call('finance', redForm, 'save', {
      enteredBy: 'seller',
      blueInvoiceNo: BLUE,
      formDate: '2026-11-25',
      ...body,
    });
  const blueStatus = async () =>
    (
      await env.db.query<{ status: string }>('select status from issued_invoices where invoice_no = $1', [
        BLUE,
      ])
    )[0]!.status;

  beforeAll(async () => {
    env = await openTestDb(backend);
    clock = manualClock(NOW);
    ({ app } = await startApp(env.db, clock));
    await relogin();
    sale = await invoicedSale(env.db, app, calls, (who) => tokens[who]!, BLUE);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  let first: Row;

  it('refuses a partial red before the buyer confirmed the use, and an unknown blue, writing nothing', async () => {
    const partial = await form({
      reason: '04',
      blueConfirmedUse: 'false',
      lines: JSON.stringify([{ blueLineNo: 1, amount: '12033.60' }]),
    });
    expect(partial.json.code).toBe(400);
    expect(partial.json.msg).toContain('只能全额红冲');
    const unknown = await form({ reason: '01', blueInvoiceNo: '26112500000000000999' });
    expect(unknown.json.code).toBe(400);
    expect(unknown.json.msg).toContain('未登记');
    expect(await forms()).toBe(0);
  });

  it('takes the quality claim as a red 04 on the P2601 line: −12,033.60 = −11,040.00 − 993.60', async () => {
    first = await saved('finance', redForm, {
      enteredBy: 'seller',
      blueInvoiceNo: BLUE,
      reason: '04',
      blueConfirmedUse: 'true',
      formDate: '2026-11-25',
      lines: JSON.stringify([{ blueLineNo: 1, amount: '12033.60' }]),
    });
    expect(first).toMatchObject({
      status: 'draft',
      partnerId: sale.client,
      direction: 'out',
      amount: '-12033.60',
      amountExcl: '-11040.00',
      vat: '-993.60',
    });
    expect(String(first.formNo)).toMatch(/^HZ20261125\d{5}$/);
    const { lines } = await detail(first.id);
    expect(lines).toEqual([
      expect.objectContaining({ blueLineNo: 1, batchNo: 'P2601', amount: '-12033.60', vat: '-993.60' }),
    ]);
    const second = await form({ reason: '01', blueConfirmedUse: 'true' });
    expect(second.json.code).toBe(400);
    expect(second.json.msg).toContain('同时只能有一张确认单');
  });

  it('is approved by another person of finance, sent as 02 and refused once the 72 h have passed', async () => {
    expect((await transition('finance', redForm, first.id, 'submit')).json.code).toBe(200);
    const own = await transition('finance', redForm, first.id, 'approve');
    expect(own.json.code).toBe(400);
    expect((await transition('finance2', redForm, first.id, 'approve')).json.code).toBe(200);
    const sent = await command('finance', first.id, 'send');
    expect(sent.json.code, sent.json.msg).toBe(200);
    expect(await detail(first.id)).toMatchObject({
      status: 'pending',
      bureauState: '02',
      sentAt: '2026-11-25 10:00:00',
      deadline: '2026-11-28 10:00:00',
    });
    const early = await command('finance', first.id, 'expire');
    expect(early.json.code).toBe(400);
    expect(early.json.msg).toContain('期限未到');
    clock.advance(72 * HOUR);
    await relogin();
    const late = await command('finance', first.id, 'confirm');
    expect(late.json.code).toBe(400);
    expect(late.json.msg).toContain('72 小时');
    expect((await detail(first.id)).status).toBe('pending');
    const expired = await command('finance', first.id, 'expire');
    expect(expired.json.code, expired.json.msg).toBe(200);
    expect(await detail(first.id)).toMatchObject({ status: 'void', bureauState: '07' });
    expect(await blueStatus()).toBe('issued');
  });

  let second: Row;

  it('raised by the mill (03) and confirmed by the house within the clock, then issued under its number', async () => {
    second = await saved('finance', redForm, {
      enteredBy: 'buyer',
      blueInvoiceNo: BLUE,
      reason: '04',
      blueConfirmedUse: 'true',
      formDate: '2026-11-28',
      lines: JSON.stringify([{ blueLineNo: 1, amount: '12033.60' }]),
    });
    expect((await transition('finance', redForm, second.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance2', redForm, second.id, 'approve')).json.code).toBe(200);
    expect((await command('finance', second.id, 'send')).json.code).toBe(200);
    expect((await detail(second.id)).bureauState).toBe('03');
    clock.advance(71 * HOUR);
    await relogin();
    const confirmed = await command('finance', second.id, 'confirm');
    expect(confirmed.json.code, confirmed.json.msg).toBe(200);
    expect(await detail(second.id)).toMatchObject({ status: 'confirmed', bureauState: '04' });
    const noNumber = await command('finance', second.id, 'issueRed', { redIssueDate: '2026-12-01' });
    expect(noNumber.json.code).toBe(400);
    const taken = await command('finance', second.id, 'issueRed', {
      redInvoiceNo: BLUE,
      redIssueDate: '2026-12-01',
    });
    expect(taken.json.code).toBe(400);
    const issued = await command('finance', second.id, 'issueRed', {
      redInvoiceNo: '26120100000000000201',
      redIssueDate: '2026-12-01',
    });
    expect(issued.json.code, issued.json.msg).toBe(200);
    expect(await detail(second.id)).toMatchObject({ status: 'issued', redInvoiceNo: '26120100000000000201' });
    expect(await blueStatus()).toBe('partly_reversed');
  });

  it('never reverses beyond what is left of a blue line: 603,685.60 left on P2601; no full red after a partial', async () => {
    const before = await forms();
    const over = await form({
      reason: '04',
      blueConfirmedUse: 'true',
      lines: JSON.stringify([{ blueLineNo: 1, amount: '603685.61' }]),
    });
    expect(over.json.code).toBe(400);
    expect(over.json.msg).toContain('可红冲 603685.60 元');
    const full = await form({ reason: '01', blueConfirmedUse: 'true' });
    expect(full.json.code).toBe(400);
    expect(full.json.msg).toContain('已部分红冲');
    const tonnes = await form({
      reason: '02',
      blueConfirmedUse: 'true',
      lines: JSON.stringify([{ blueLineNo: 2, quantity: '39.877' }]),
    });
    expect(tonnes.json.code).toBe(400);
    expect(tonnes.json.msg).toContain('可红冲 39.876 吨');
    expect(await forms()).toBe(before);
    // The database says so last: a red line past its blue line is refused.
    await expect(
      env.db.query(
        `insert into red_form_lines (form_id, line_no, blue_line_id, blue_line_no, amount, amount_excl, vat, tax_rate)
         select $1, 9, r.blue_line_id, 1, -603685.61, -553839.99, -49845.62, 9 from red_form_lines r where r.form_id = $1`,
        [second.id],
      ),
    ).rejects.toThrow();
  });

  it('a weight claim as a red 02 of 0.162 t on P2602, at the blue unit price excl.', async () => {
    const made = await saved('finance', redForm, {
      enteredBy: 'seller',
      blueInvoiceNo: BLUE,
      reason: '02',
      blueConfirmedUse: 'true',
      formDate: '2026-12-01',
      lines: JSON.stringify([{ blueLineNo: 2, quantity: '0.162' }]),
    });
    const { lines } = await detail(made.id);
    expect(lines[0]).toMatchObject({ blueLineNo: 2, batchNo: 'P2602', quantity: '-0.162' });
    expect(Number(lines[0]!.amount)).toBeLessThan(0);
    const withdrawn = await command('finance', made.id, 'withdraw', { remark: '重新核对重量' });
    expect(withdrawn.json.code, withdrawn.json.msg).toBe(200);
    expect(await detail(made.id)).toMatchObject({ status: 'void', bureauState: '08' });
  });

  it('a full red (01) on an invoice the buyer has not confirmed needs no confirmation and reverses it all', async () => {
    const other = await invoicedSale(env.db, app, calls, (who) => tokens[who]!, '26112500000000000102', {
      batchPrefix: 'R',
      clientName: '无锡二棉',
    });
    const made = await saved('finance', redForm, {
      enteredBy: 'seller',
      blueInvoiceNo: other.invoiceNo,
      reason: '01',
      formDate: '2026-12-01',
    });
    expect(made.amount).toBe('-3114163.80');
    expect((await transition('finance', redForm, made.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance2', redForm, made.id, 'approve')).json.code).toBe(200);
    expect((await command('finance', made.id, 'send')).json.code).toBe(200);
    expect(await detail(made.id)).toMatchObject({ status: 'confirmed', bureauState: '01' });
    expect(
      (
        await command('finance', made.id, 'issueRed', {
          redInvoiceNo: '26120100000000000202',
          redIssueDate: '2026-12-01',
        })
      ).json.code,
    ).toBe(200);
    const [blue] = await env.db.query<{ status: string }>(
      'select status from issued_invoices where invoice_no = $1',
      [other.invoiceNo],
    );
    expect(blue!.status).toBe('fully_reversed');
    const again = await form({ reason: '01', blueInvoiceNo: other.invoiceNo });
    expect(again.json.code).toBe(400);
    expect(again.json.msg).toContain('已全额红冲');
  });
});
