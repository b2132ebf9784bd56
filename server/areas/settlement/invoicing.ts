// Invoice applications on the server (domain-money.md §2.4–2.5, SM-2/SM-3): an application invoices lines of a
// confirmed sale settlement, never beyond what each line has left (settled − applied by the other applications
// not cancelled): the settlement is locked first, so applications saved at once are checked one after the
// other, and the database's constraint trigger says so last. Issuing splits the lines by invoiceMaxAmount
// (excl. VAT) and records each invoice with the number the tax platform gave it: none is issued without one.
import Decimal from 'decimal.js';
import { invoiceLine, isProblem, overInvoiced, splitInvoices } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest, isRecordId, refusedField } from '../../platform/http/envelope.ts';
import type {
  CommandService,
  HookContext,
  LinesStorage,
  ResourceStorage,
  StoredRecord,
} from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';

interface Open {
  id: string;
  lineKind: string;
  batchNo: string | null;
  weight: string | null;
  amount: string;
  taxRate: string;
  appliedQuantity: string;
  appliedAmount: string;
}

/**
 * The settlement's lines with what the other applications (not cancelled) already took of each, less what issued
 * red invoices gave back (the invoice-by-weight ledger, §2.7: invoiced = blue − red).
 */
const openLines = (db: Queryable, settlementId: string, applicationId: string) =>
  db.query<Open>(
    `select l.id::text, l.line_kind as "lineKind", l.batch_no as "batchNo", l.weight::text, l.amount::text,
            l.tax_rate::text as "taxRate",
            (coalesce(sum(a.quantity), 0) + max(red.quantity))::text as "appliedQuantity",
            (coalesce(sum(a.amount), 0) + max(red.amount))::text as "appliedAmount"
       from settlement_lines l
       left join invoice_application_lines a on a.settlement_line_id = l.id and a.counts and a.application_id <> $2
       cross join lateral (
         select coalesce(sum(w.quantity), 0) as quantity, coalesce(sum(w.amount), 0) as amount
           from invoice_weight_lines w where w.settlement_line_id = l.id and w.colour = 'red') red
      where l.settlement_id = $1
      group by l.id order by l.sort, l.id`,
    [settlementId, applicationId],
  );

const left = (line: Open) => ({
  tonnes: new Decimal(line.weight ?? 0).minus(line.appliedQuantity).toFixed(3),
  amount: new Decimal(line.amount).minus(line.appliedAmount).toFixed(2),
});

interface Wanted {
  line: Open;
  quantity: string | null;
  amount: string;
}

/** The lines asked for: every one with something left when none is named, else the batches named. */
function wanted(open: Open[], lines: StoredRecord[], settlementNo: string): Wanted[] {
  if (lines.length === 0) {
    const all = open
      .filter((line) => new Decimal(left(line).amount).greaterThan(0))
      .map((line) => ({
        line,
        quantity: line.batchNo ? left(line).tonnes : null,
        amount: left(line).amount,
      }));
    if (all.length === 0) throw badRequest(`结算单 ${settlementNo} 已全部开票，没有可开票的金额`);
    return all;
  }
  return lines.map((asked, index) => {
    const batchNo = String(asked.batchNo ?? '');
    const line = open.find((candidate) => candidate.batchNo === batchNo);
    if (!line) throw refusedField(`lines.${index}.batchNo`, `批号 ${batchNo} 不在结算单 ${settlementNo} 中`);
    const remaining = left(line);
    const quantity = asked.quantity ? new Decimal(String(asked.quantity)).toFixed(3) : remaining.tonnes;
    const amount =
      quantity === remaining.tonnes
        ? remaining.amount
        : new Decimal(line.amount)
            .times(quantity)
            .dividedBy(line.weight!)
            .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
            .toFixed(2);
    const found = overInvoiced(`批号 ${batchNo}`, remaining, { tonnes: quantity, amount });
    if (found) throw refusedField(`lines.${index}.quantity`, found.message);
    return { line, quantity, amount };
  });
}

async function headOf(db: Queryable, id: string) {
  const [row] = await db.query<{ settlementId: string; settlementNo: string; status: string; side: string }>(
    `select a.settlement_id::text as "settlementId", s.settlement_no as "settlementNo", s.status, s.side
       from invoice_applications a join settlements s on s.id = a.settlement_id where a.id = $1`,
    [id],
  );
  return row!;
}

async function saveLines(hook: HookContext, id: string, lines: StoredRecord[] = []) {
  const head = await headOf(hook.db, id);
  if (head.side !== 'sale' || head.status !== 'confirmed')
    throw refusedField('settlementId', `结算单 ${head.settlementNo} 不是已确认的销售结算单，不能申请开票`);
  await hook.db.query('delete from invoice_application_lines where application_id = $1', [id]);
  const chosen = wanted(await openLines(hook.db, head.settlementId, id), lines, head.settlementNo);
  for (const [sort, { line, quantity, amount }] of chosen.entries()) {
    const vat = invoiceLine({ key: line.id, quantity, amount, vatPercent: line.taxRate });
    await hook.db.query(
      `insert into invoice_application_lines (application_id, sort, settlement_line_id, line_kind, batch_no, quantity,
              amount, amount_excl, vat, tax_rate, unit_price_excl)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        sort,
        line.id,
        line.lineKind,
        line.batchNo,
        quantity,
        vat.amount,
        vat.amountExcl,
        vat.tax,
        line.taxRate,
        vat.unitPriceExcl,
      ],
    );
  }
  await hook.db.query(
    `update invoice_applications a set partner_id = s.partner_id,
            quantity = t.quantity, amount = t.amount, amount_excl = t.excl, vat = t.vat,
            application_no = coalesce(a.application_no, 'KP' || to_char(a.apply_date, 'YYYYMMDD') || lpad(a.id::text, 5, '0'))
       from settlements s,
            (select coalesce(sum(quantity), 0) as quantity, coalesce(sum(amount), 0) as amount,
                    coalesce(sum(amount_excl), 0) as excl, coalesce(sum(vat), 0) as vat
               from invoice_application_lines where application_id = $1) t
      where a.id = $1 and s.id = a.settlement_id`,
    [id],
  );
}

export const applicationLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      `select line_kind as "lineKind", batch_no as "batchNo", quantity::text, unit_price_excl::text as "unitPriceExcl",
              amount::text, amount_excl::text as "amountExcl", vat::text, tax_rate::text as "taxRate"
         from invoice_application_lines where application_id = $1 order by sort, id`,
      [id],
    ),
  save: (hook, id, lines) => saveLines(hook, id, lines),
};

/** The invoices of an approved application, split by invoiceMaxAmount, each under its number. */
export const issue: CommandService = async ({ db, record, input, actor, now }) => {
  const id = String(record!.id);
  const lines = await db.query<{
    id: string;
    settlementLineId: string;
    batchNo: string | null;
    quantity: string | null;
    amount: string;
    taxRate: string;
  }>(
    `select id::text, settlement_line_id::text as "settlementLineId", batch_no as "batchNo", quantity::text,
            amount::text, tax_rate::text as "taxRate"
       from invoice_application_lines where application_id = $1 order by sort, id`,
    [id],
  );
  const max = await settingOn(db, 'invoiceMaxAmount', String(input.issueDate));
  const invoices = splitInvoices(
    lines.map((l) => ({ key: l.id, quantity: l.quantity, amount: l.amount, vatPercent: l.taxRate })),
    max === '' ? null : max,
  );
  if (isProblem(invoices)) throw badRequest(invoices.message);
  const numbers = String(input.invoiceNos)
    .split(/[\s,，、]+/)
    .filter(Boolean);
  if (numbers.length !== invoices.length)
    throw refusedField(
      'invoiceNos',
      `按单张限额 ${max || '不限'} 元（不含税）本申请开 ${invoices.length} 张发票，请录入 ${invoices.length} 个发票号码（录入了 ${numbers.length} 个）`,
    );
  if (new Set(numbers).size !== numbers.length) throw refusedField('invoiceNos', '发票号码重复');
  const [taken] = await db.query<{ no: string }>(
    'select invoice_no as no from issued_invoices where invoice_no = any($1::text[]) limit 1',
    [numbers],
  );
  if (taken) throw refusedField('invoiceNos', `发票号码 ${taken.no} 已登记`);
  for (const [index, invoice] of invoices.entries()) {
    const sum = (of: (l: (typeof invoice)[number]) => string | null) =>
      invoice.reduce((s, l) => s.plus(of(l) ?? 0), new Decimal(0));
    const [row] = await db.query<{ id: string }>(
      `insert into issued_invoices (invoice_no, application_id, settlement_id, partner_id, invoice_kind, issue_date,
              quantity, amount, amount_excl, vat, issued_by, issued_at)
       select $2, a.id, a.settlement_id, a.partner_id, a.invoice_kind, $3, $4, $5, $6, $7, $8, $9
         from invoice_applications a where a.id = $1 returning id::text`,
      [
        id,
        numbers[index],
        input.issueDate,
        sum((l) => l.quantity).toFixed(3),
        sum((l) => l.amount).toFixed(2),
        sum((l) => l.amountExcl).toFixed(2),
        sum((l) => l.tax).toFixed(2),
        actor.userId,
        now,
      ],
    );
    for (const [lineNo, piece] of invoice.entries()) {
      const source = lines.find((l) => l.id === piece.key.split('#')[0])!;
      await db.query(
        `insert into issued_invoice_lines (invoice_id, line_no, application_line_id, settlement_line_id, batch_no,
                quantity, unit_price_excl, amount, amount_excl, vat, tax_rate)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          row!.id,
          lineNo + 1,
          source.id,
          source.settlementLineId,
          source.batchNo,
          piece.quantity,
          piece.unitPriceExcl,
          piece.amount,
          piece.amountExcl,
          piece.tax,
          piece.vatPercent,
        ],
      );
    }
  }
  await db.query('update invoice_applications set invoice_count = $2 where id = $1', [id, invoices.length]);
  return { toState: 'issued', summary: `开具发票 ${invoices.length} 张：${numbers.join('、')}` };
};

/** The settlement of the record (stored, or named by the save), locked first. */
async function lockSettlement(db: Queryable, id: string | undefined, record: StoredRecord | undefined) {
  const stored =
    id && isRecordId(id)
      ? (
          await db.query<{ s: string }>(
            'select settlement_id::text as s from invoice_applications where id = $1',
            [id],
          )
        )[0]?.s
      : undefined;
  const named = isRecordId(record?.settlementId) ? String(record!.settlementId) : undefined;
  for (const settlementId of [...new Set([stored, named].filter(Boolean))].sort())
    await db.query('select id from settlements where id = $1 for update', [settlementId]);
}

export const invoiceApplicationStorage: ResourceStorage = {
  table: 'invoice_applications',
  clientScope: 'partner_id',
  lines: applicationLines,
  columns: {
    invoiceNos: {
      read: `(select string_agg(i.invoice_no, '、' order by i.id) from issued_invoices i where i.application_id = t.id)`,
    },
  },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  lockFirst: lockSettlement,
  afterTransition: async (hook, id, action) => {
    // A cancelled application no longer holds what it applied for.
    if (action === 'cancel')
      await hook.db.query('update invoice_application_lines set counts = false where application_id = $1', [
        id,
      ]);
    return {};
  },
  commands: { issue } as ResourceStorage['commands'],
};
