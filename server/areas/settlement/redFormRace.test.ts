// 50 red-letter forms raised at once on one blue invoice on PostgreSQL, as a desk clicking in several tabs (the
// §1.6 sale invoiced in full, the quality claim of −12,033.60 on its P2601 line): one blue has one open form at a
// time, so exactly one is saved and the 49 others are refused in words, never 500, and the red never exceeds the
// blue. Then each decision on that form (approve, confirm, issue the red invoice) is sent 50 times at once: it
// happens once, the others are refused in words, and there is one red invoice. PGlite has one connection, so
// nothing races there.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { redForm } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { dropSchema } from '../../platform/db/postgres.ts';
import { login, manualClock, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';
import { invoicedSale } from './testInvoiced.ts';

const NOW = Date.parse('2026-11-25T02:00:00Z');
const BLUE = '26112500000000000101';
const RED = '26112500000000000201';
const WAYS = 50;
const URL = process.env.DATABASE_URL;

describe.skipIf(!URL)('50 red-letter forms and decisions on one blue invoice at once on PostgreSQL', () => {
  let db: Db;
  let app: FastifyInstance;
  const schema = `test_red_${randomUUID().slice(0, 8)}`;
  const tokens: Record<string, string> = {};
  const calls = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const base = resourcePath(redForm, 'detail').replace(/\/detail$/, '');

  beforeAll(async () => {
    db = await openDatabase({ url: URL, schema, poolSize: 12 });
    await migrate(db, TEST_TENANT, COMPOSITION, { now: new Date(NOW) });
    ({ app } = await startApp(db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'finance2'])
      tokens[who] = (await login(app, who)).token;
    await invoicedSale(db, app, calls, (who) => tokens[who]!, BLUE);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (URL) await dropSchema(URL, schema);
  });

  /** The answers of 50 calls at once: how many passed, and the words of the refusals. */
  async function race(send: () => Promise<{ json: { code: unknown; msg?: unknown } }>) {
    const answers = await Promise.all(Array.from({ length: WAYS }, () => send().then(({ json }) => json)));
    return {
      passed: answers.filter((json) => json.code === 200).length,
      refused: answers.filter((json) => json.code !== 200),
    };
  }
  const history = async (id: string) =>
    (
      await db.query<{ action: string; n: number }>(
        `select action, count(*)::int as n from document_history
          where resource_key = 'redForm' and record_id = $1 group by action order by action`,
        [id],
      )
    ).map((row) => `${row.action} ${row.n}`);

  it('saves one form of 50, refuses the others in words, and never reds more than the blue', async () => {
    const { passed, refused } = await race(() =>
      calls.call('finance', redForm, 'save', {
        enteredBy: 'seller',
        blueInvoiceNo: BLUE,
        reason: '04',
        blueConfirmedUse: 'true',
        formDate: '2026-11-25',
        lines: JSON.stringify([{ blueLineNo: 1, amount: '12033.60' }]),
      }),
    );
    expect(passed).toBe(1);
    for (const json of refused) {
      expect(json.code).toBe(400);
      expect(json.msg).toContain('同时只能有一张确认单');
    }
    const [totals] = await db.query<{ forms: number; red: string; blue: string }>(
      `select (select count(*)::int from red_forms where blue_invoice_no = $1) as forms,
              (select (-sum(r.amount))::text from red_form_lines r join issued_invoice_lines b on b.id = r.blue_line_id
                 join issued_invoices i on i.id = b.invoice_id where i.invoice_no = $1 and r.counts) as red,
              (select amount::text from issued_invoices where invoice_no = $1) as blue`,
      [BLUE],
    );
    expect(totals).toEqual({ forms: 1, red: '12033.60', blue: '3114163.80' });
  }, 120_000);

  it('approves, confirms and issues it once each of 50 at once: one red invoice', async () => {
    const [form] = await db.query<{ id: string }>(
      'select id::text from red_forms where blue_invoice_no = $1',
      [BLUE],
    );
    const id = form!.id;
    expect((await calls.transition('finance', redForm, id, 'submit')).json.code).toBe(200);
    const approved = await race(() =>
      calls.call('finance2', redForm, 'transition', { id, action: 'approve' }),
    );
    expect(approved.passed).toBe(1);
    for (const json of approved.refused)
      expect(json).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });

    const sent = await post(app, `${base}/send`, { id }, { token: tokens.finance! });
    expect(sent.json.code, sent.json.msg).toBe(200);
    const confirmed = await race(() => post(app, `${base}/confirm`, { id }, { token: tokens.finance! }));
    expect(confirmed.passed).toBe(1);
    for (const json of confirmed.refused)
      expect(json).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });

    const issued = await race(() =>
      post(
        app,
        `${base}/issueRed`,
        { id, redInvoiceNo: RED, redIssueDate: '2026-11-25' },
        { token: tokens.finance! },
      ),
    );
    expect(issued.passed).toBe(1);
    for (const json of issued.refused) expect(json.code).toBe(400);
    for (const json of issued.refused) expect(String(json.msg)).toMatch(/当前状态不允许此操作|已登记/);

    expect(await history(id)).toEqual(['approve 1', 'confirm 1', 'issueRed 1', 'send 1', 'submit 1']);
    const reds = await db.query<{ no: string; status: string }>(
      'select red_invoice_no as no, status from red_forms where red_invoice_no is not null',
    );
    expect(reds).toEqual([{ no: RED, status: 'issued' }]);
    const [blue] = await db.query<{ status: string }>(
      'select status from issued_invoices where invoice_no = $1',
      [BLUE],
    );
    expect(blue!.status).toBe('partly_reversed');
  }, 120_000);
});
