// The hand-off to the tax platform on both backends: the approved application of one sale (P2601–P2605, one
// invoice) and a confirmed full red form on another sale's invoice are exported as the 数电 bulk-issue workbook;
// the platform's result file is imported back and issues them with its numbers and dates. A file with one bad
// row issues nothing.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { invoiceApplication, redForm } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { type Invoiced, invoicedSale } from './testInvoiced.ts';

const NOW = Date.parse('2026-11-25T02:00:00Z');

describe.each(BACKENDS)('the tax platform files on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const calls = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { saved, transition } = calls;
  let waiting: Invoiced;
  let form: Row;
  let applicationNo = '';
  const base = resourcePath(invoiceApplication, 'detail').replace(/\/detail$/, '');
  const resultFile = async (rows: string[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('开具结果');
    sheet.addRow(['序号', '发票流水号', '发票号码', '开票日期']);
    for (const [index, row] of rows.entries()) sheet.addRow([String(index + 1), ...row]);
    return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
  };
  const importResult = async (rows: string[][]) =>
    post(
      app,
      `${base}/taxImport`,
      { fileName: '开具结果.xlsx', content: await resultFile(rows) },
      { token: tokens.finance! },
    );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'finance2'])
      tokens[who] = (await login(app, who)).token;
    const token = (who: string) => tokens[who]!;
    waiting = await invoicedSale(env.db, app, calls, token, '', { issue: false });
    const issued = await invoicedSale(env.db, app, calls, token, '26112500000000000401', {
      batchPrefix: 'R',
      clientName: '无锡二棉',
    });
    form = await saved('finance', redForm, {
      enteredBy: 'seller',
      blueInvoiceNo: issued.invoiceNo,
      reason: '01',
      formDate: '2026-11-25',
    });
    expect((await transition('finance', redForm, form.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance2', redForm, form.id, 'approve')).json.code).toBe(200);
    const sent = await post(
      app,
      `${resourcePath(redForm, 'detail').replace(/\/detail$/, '')}/send`,
      { id: form.id },
      { token: tokens.finance! },
    );
    expect(sent.json.code, sent.json.msg).toBe(200);
    [{ no: applicationNo }] = (await env.db.query<{ no: string }>(
      'select application_no as no from invoice_applications where id = $1',
      [waiting.applicationId],
    )) as [{ no: string }];
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('exports the approved application and the confirmed red form in the bulk-issue layout', async () => {
    const exported = await post(app, `${base}/taxExport`, {}, { token: tokens.finance! });
    expect(exported.json.code, exported.json.msg).toBe(200);
    const { result } = exported.json.data as {
      result: { fileName: string; content: string; invoices: number; reds: number };
    };
    expect(result).toMatchObject({ invoices: 1, reds: 1, fileName: '数电批量开具-2026-11-25.xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(result.content, 'base64') as unknown as ArrayBuffer);
    const rows = (name: string) =>
      (book.getWorksheet(name)!.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    const basics = rows('1-发票基本信息');
    expect(basics[0]!.slice(0, 5)).toEqual([
      '发票流水号',
      '发票类型',
      '特定业务类型',
      '是否含税',
      '购买方名称',
    ]);
    expect(basics.slice(1).map((row) => [row[0], row[4]])).toEqual([[`${applicationNo}-1`, '无锡一棉']]);
    const lines = rows('2-发票明细信息');
    expect(lines.slice(1).map((row) => row[3])).toEqual(['P2601', 'P2602', 'P2603', 'P2604', 'P2605']);
    expect(lines[1]!.slice(4, 6)).toEqual(['吨', '40.112']);
    const reds = rows('3-红字确认单信息');
    expect(reds.slice(1).map((row) => [row[0], row[1], row[2]])).toHaveLength(5);
    expect(reds[1]!.slice(0, 3)).toEqual([form.formNo, '26112500000000000401', '01 开票有误']);
  });

  it('refuses a result file with a bad row and issues nothing', async () => {
    const bad = await importResult([
      [`${applicationNo}-1`, '26112600000000000411', '2026-11-26'],
      [String(form.formNo), '2611260000', '2026-11-26'],
    ]);
    expect(bad.json.code).toBe(400);
    expect(bad.json.msg).toContain('第 3 行');
    const unknown = await importResult([['KP2026112599999-1', '26112600000000000412', '2026-11-26']]);
    expect(unknown.json.code).toBe(400);
    expect(unknown.json.msg).toContain('不存在或不是已审批');
    const [{ n }] = (await env.db.query<{ n: number }>(
      `select count(*)::int as n from issued_invoices where invoice_no like '261126%'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('imports the numbers and dates the platform gave: the invoice and the red invoice are issued', async () => {
    const done = await importResult([
      [`${applicationNo}-1`, '26112600000000000411', '2026-11-26'],
      [String(form.formNo), '26112600000000000412', '2026-11-26'],
    ]);
    expect(done.json.code, done.json.msg).toBe(200);
    const [invoice] = await env.db.query<{ no: string; day: string; status: string }>(
      `select i.invoice_no as no, to_char(i.issue_date, 'YYYY-MM-DD') as day, a.status
         from issued_invoices i join invoice_applications a on a.id = i.application_id where a.id = $1`,
      [waiting.applicationId],
    );
    expect(invoice).toEqual({ no: '26112600000000000411', day: '2026-11-26', status: 'issued' });
    const [red] = await env.db.query<{ status: string; no: string }>(
      'select status, red_invoice_no as no from red_forms where id = $1',
      [form.id],
    );
    expect(red).toEqual({ status: 'issued', no: '26112600000000000412' });
    const again = await importResult([[`${applicationNo}-1`, '26112600000000000413', '2026-11-26']]);
    expect(again.json.code).toBe(400);
  });
});
