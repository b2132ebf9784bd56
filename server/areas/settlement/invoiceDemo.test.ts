// The demo company's invoices: the confirmed sale invoiced batch by batch, each blue invoice under its number,
// the rest awaiting finance's check, and red-letter forms in every state, one of them a red invoice issued.
import Decimal from 'decimal.js';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { TEST_TENANT } from '../../test/harness.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the demo company’s invoices and red letters', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).demo).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('holds issued invoices with their numbers and an application awaiting the check', async () => {
    const applications = await db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from invoice_applications group by status order by status',
    );
    expect(applications.map((a) => a.status)).toEqual(['issued', 'submitted']);
    const invoices = await db.query<{ no: string }>('select invoice_no as no from issued_invoices');
    expect(invoices.length).toBeGreaterThanOrEqual(5);
    for (const { no } of invoices) expect(no).toMatch(/^20261123\d{12}$/);
  });

  it('holds red forms in every state, one red reversal issued against its partly reversed blue', async () => {
    const forms = await db.query<{
      status: string;
      bureau: string | null;
      amount: string;
      red: string | null;
    }>(
      `select status, bureau_state as bureau, amount::text, red_invoice_no as red from red_forms order by id`,
    );
    expect(forms.map((f) => [f.status, f.bureau])).toEqual([
      ['issued', '04'],
      ['pending', '02'],
      ['submitted', null],
      ['void', '07'],
      ['draft', null],
    ]);
    for (const form of forms) expect(new Decimal(form.amount).isNegative()).toBe(true);
    expect(forms[0]!.red).toMatch(/^\d{20}$/);
    const [blue] = await db.query<{ status: string }>(
      `select i.status from issued_invoices i join red_forms f on f.blue_invoice_no = i.invoice_no
        where f.status = 'issued'`,
    );
    expect(blue!.status).toBe('partly_reversed');
    const history = await db.query<{ action: string }>(
      `select action from document_history where resource_key = 'redForm' order by id`,
    );
    expect(new Set(history.map((h) => h.action))).toEqual(
      new Set(['submit', 'approve', 'send', 'confirm', 'issueRed', 'expire']),
    );
  });
});
