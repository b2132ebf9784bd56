// Red-letter forms and red invoices on the server (domain-money.md §2.6, SM-4): a form's lines are computed from
// its blue invoice's lines by `redLines` against what the other forms still counting took from each; the blue
// invoice is locked first, so two forms saved at once are checked one after the other (and the database's
// constraint trigger says so last). Sending starts the confirmation clock (`redFormOnSend`, redFormConfirmHours
// from the settings, the call's clock); a confirmation past it is refused, the form voids as 07; a void form
// no longer counts. Issuing records the red invoice's number and marks the blue partly or fully reversed.
import Decimal from 'decimal.js';
import {
  type BlueLine,
  confirmingParty,
  isProblem,
  RED_FORM_EXPIRED,
  RED_FORM_WITHDRAWN,
  type RedFormParty,
  type RedReason,
  redFormClock,
  redFormConfirmable,
  redFormOnSend,
  redFormRefused,
  redLines,
} from '../../../src/domain/index.ts';
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

interface Head {
  id: string;
  formNo: string | null;
  reason: RedReason;
  enteredBy: RedFormParty;
  blueInvoiceNo: string;
  blueConfirmedUse: boolean;
  formDate: string;
  sentAt: Date | null;
  status: string;
}

const headOf = async (db: Queryable, id: string): Promise<Head> =>
  (
    await db.query<Head>(
      `select id::text, form_no as "formNo", reason, entered_by as "enteredBy", blue_invoice_no as "blueInvoiceNo",
              blue_confirmed_use as "blueConfirmedUse", to_char(form_date, 'YYYY-MM-DD') as "formDate",
              sent_at as "sentAt", status
         from red_forms where id = $1`,
      [id],
    )
  )[0]!;

interface Blue extends BlueLine {
  id: string;
  batchNo: string | null;
}

/** The blue invoice's lines with what the other forms still counting took from each (magnitudes). */
async function blueLinesOf(db: Queryable, invoiceNo: string, formId: string): Promise<Blue[]> {
  const rows = await db.query<{
    id: string;
    lineNo: number;
    batchNo: string | null;
    quantity: string | null;
    amount: string;
    amountExcl: string;
    tax: string;
    vatPercent: string;
    unitPriceExcl: string | null;
    rQuantity: string;
    rAmount: string;
    rExcl: string;
    rTax: string;
  }>(
    `select b.id::text, b.line_no as "lineNo", b.batch_no as "batchNo", b.quantity::text, b.amount::text,
            b.amount_excl::text as "amountExcl", b.vat::text as tax, b.tax_rate::text as "vatPercent",
            b.unit_price_excl::text as "unitPriceExcl",
            coalesce(-sum(r.quantity), 0)::text as "rQuantity", coalesce(-sum(r.amount), 0)::text as "rAmount",
            coalesce(-sum(r.amount_excl), 0)::text as "rExcl", coalesce(-sum(r.vat), 0)::text as "rTax"
       from issued_invoice_lines b
       join issued_invoices i on i.id = b.invoice_id
       left join red_form_lines r on r.blue_line_id = b.id and r.counts and r.form_id <> $2
      where i.invoice_no = $1
      group by b.id order by b.line_no`,
    [invoiceNo, formId],
  );
  return rows.map((r) => ({
    id: r.id,
    lineNo: Number(r.lineNo),
    batchNo: r.batchNo,
    quantity: r.quantity,
    amount: r.amount,
    amountExcl: r.amountExcl,
    tax: r.tax,
    vatPercent: r.vatPercent,
    unitPriceExcl: r.unitPriceExcl,
    reversed: { quantity: r.rQuantity, amount: r.rAmount, amountExcl: r.rExcl, tax: r.rTax },
  }));
}

const magnitude = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? undefined
    : new Decimal(String(value)).abs().toString();

async function saveRedLines(hook: HookContext, id: string, asked: StoredRecord[] = []) {
  const head = await headOf(hook.db, id);
  const blue = await blueLinesOf(hook.db, head.blueInvoiceNo, id);
  if (blue.length === 0) throw refusedField('blueInvoiceNo', `蓝字发票 ${head.blueInvoiceNo} 没有发票行`);
  const lines = redLines(
    blue,
    head.reason,
    asked.map((line) => ({
      lineNo: Number(line.blueLineNo),
      quantity: magnitude(line.quantity),
      amount: magnitude(line.amount),
    })),
    head.blueConfirmedUse,
  );
  if (isProblem(lines)) throw badRequest(lines.message);
  await hook.db.query('delete from red_form_lines where form_id = $1', [id]);
  for (const [index, line] of lines.entries()) {
    const source = blue.find((b) => b.lineNo === line.lineNo)!;
    await hook.db.query(
      `insert into red_form_lines (form_id, line_no, blue_line_id, blue_line_no, batch_no, quantity, unit_price_excl,
              amount, amount_excl, vat, tax_rate)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        index + 1,
        source.id,
        source.lineNo,
        source.batchNo,
        line.quantity,
        source.unitPriceExcl,
        line.amount,
        line.amountExcl,
        line.tax,
        source.vatPercent,
      ],
    );
  }
  await hook.db.query(
    `update red_forms f set quantity = t.quantity, amount = t.amount, amount_excl = t.excl, vat = t.vat,
            form_no = coalesce(f.form_no, 'HZ' || to_char(f.form_date, 'YYYYMMDD') || lpad(f.id::text, 5, '0'))
       from (select coalesce(sum(quantity), 0) as quantity, coalesce(sum(amount), 0) as amount,
                    coalesce(sum(amount_excl), 0) as excl, coalesce(sum(vat), 0) as vat
               from red_form_lines where form_id = $1) t
      where f.id = $1`,
    [id],
  );
}

export const redFormLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      `select blue_line_no as "blueLineNo", batch_no as "batchNo", quantity::text,
              unit_price_excl::text as "unitPriceExcl", amount::text, amount_excl::text as "amountExcl", vat::text,
              tax_rate::text as "taxRate"
         from red_form_lines where form_id = $1 order by line_no`,
      [id],
    ),
  save: (hook, id, lines) => saveRedLines(hook, id, lines),
};

/** A form no longer counting against its blue invoice (void), with its bureau state. */
async function voidIt(db: Queryable, id: string, bureauState: string) {
  await db.query('update red_forms set bureau_state = $2 where id = $1', [id, bureauState]);
  await db.query('update red_form_lines set counts = false where form_id = $1', [id]);
}

const PARTY = { seller: '销方', buyer: '购方' } as const;

/** Sent to the tax platform: 01 when the blue's use is not confirmed (no confirmation), else 02/03 and the clock. */
const send: CommandService = async ({ db, record, now }) => {
  const head = await headOf(db, String(record!.id));
  const sent = redFormOnSend(head.enteredBy, head.blueConfirmedUse);
  if (!sent.needsConfirmation) {
    await db.query(
      `update red_forms set bureau_state = '01', sent_at = $2, confirmed_at = $2 where id = $1`,
      [head.id, now],
    );
    return { toState: 'confirmed', summary: `确认单 ${head.formNo} 已提交税务平台：01 无需确认` };
  }
  const hours = await settingOn(db, 'redFormConfirmHours', head.formDate);
  const clock = redFormClock(now, hours, now);
  await db.query('update red_forms set bureau_state = $2, sent_at = $3, deadline = $4 where id = $1', [
    head.id,
    sent.bureauState,
    now,
    clock.deadline,
  ]);
  const waiting = PARTY[confirmingParty(head.enteredBy)];
  return {
    toState: 'pending',
    summary: `确认单 ${head.formNo} 已提交税务平台：${sent.bureauState}，待${waiting}在 ${hours} 小时内确认`,
  };
};

async function hoursOf(db: Queryable, head: Head) {
  return settingOn(db, 'redFormConfirmHours', head.formDate);
}

/** The other party confirmed within the clock (04); past it the form can only expire. */
const confirm: CommandService = async ({ db, record, actor, now }) => {
  const head = await headOf(db, String(record!.id));
  const late = redFormConfirmable(new Date(head.sentAt!), await hoursOf(db, head), now);
  if (late) throw badRequest(late.message);
  await db.query(
    `update red_forms set bureau_state = '04', confirmed_at = $2, confirmed_by = $3 where id = $1`,
    [head.id, now, actor.userId],
  );
  return {
    toState: 'confirmed',
    summary: `确认单 ${head.formNo} ${PARTY[confirmingParty(head.enteredBy)]}已确认：04 购销双方已确认`,
  };
};

/** Refused by the party that had to confirm it: 05 (buyer) or 06 (seller). */
const refuse: CommandService = async ({ db, record, input }) => {
  const head = await headOf(db, String(record!.id));
  const state = redFormRefused(confirmingParty(head.enteredBy));
  await voidIt(db, head.id, state);
  return { toState: 'void', summary: `确认单 ${head.formNo} 被拒绝（${state}）：${String(input.remark)}` };
};

/** The clock ran out without a confirmation: void as 07 (refused before the deadline). */
const expire: CommandService = async ({ db, record, now }) => {
  const head = await headOf(db, String(record!.id));
  const hours = await hoursOf(db, head);
  const clock = redFormClock(new Date(head.sentAt!), hours, now);
  if (!clock.expired)
    throw badRequest(
      `确认单 ${head.formNo} 的 ${hours} 小时确认期限未到（还剩 ${Math.floor(clock.minutesLeft / 60)} 小时 ${clock.minutesLeft % 60} 分），不能按超期作废`,
    );
  await voidIt(db, head.id, RED_FORM_EXPIRED);
  return { toState: 'void', summary: `确认单 ${head.formNo} 超过 ${hours} 小时未确认，作废（07）` };
};

/** Withdrawn by its initiator before confirmation (08). */
const withdraw: CommandService = async ({ db, record, input }) => {
  const head = await headOf(db, String(record!.id));
  await voidIt(db, head.id, RED_FORM_WITHDRAWN);
  return { toState: 'void', summary: `确认单 ${head.formNo} 撤销（08）：${String(input.remark)}` };
};

/** The red invoice of a confirmed form, under the number the platform gave it; the blue is reversed. */
const issueRed: CommandService = async ({ db, record, input, actor, now }) => {
  const head = await headOf(db, String(record!.id));
  const no = String(input.redInvoiceNo);
  const [taken] = await db.query<{ no: string }>(
    `select invoice_no as no from issued_invoices where invoice_no = $1
     union all select red_invoice_no from red_forms where red_invoice_no = $1 limit 1`,
    [no],
  );
  if (taken) throw refusedField('redInvoiceNo', `发票号码 ${no} 已登记`);
  await db.query(
    `update red_forms set red_invoice_no = $2, red_issue_date = $3, issued_by = $4, issued_at = $5 where id = $1`,
    [head.id, no, input.redIssueDate, actor.userId, now],
  );
  const [left] = await db.query<{ left: string }>(
    `select (i.amount + coalesce((select sum(r.amount) from red_form_lines r join issued_invoice_lines b
                                    on b.id = r.blue_line_id where b.invoice_id = i.id and r.counts), 0))::text as left
       from issued_invoices i where i.invoice_no = $1`,
    [head.blueInvoiceNo],
  );
  const full = new Decimal(left!.left).isZero();
  await db.query('update issued_invoices set status = $2 where invoice_no = $1', [
    head.blueInvoiceNo,
    full ? 'fully_reversed' : 'partly_reversed',
  ]);
  return {
    toState: 'issued',
    summary: `红字发票 ${no} 已开具，蓝字发票 ${head.blueInvoiceNo} ${full ? '已全额红冲' : '已部分红冲'}`,
  };
};

/** The blue invoice of the record (stored, or named by the save), locked first; a clear word for a bad one. */
async function lockBlue(db: Queryable, id: string | undefined, record: StoredRecord | undefined) {
  const stored =
    id && isRecordId(id)
      ? (await db.query<{ no: string }>('select blue_invoice_no as no from red_forms where id = $1', [id]))[0]
          ?.no
      : undefined;
  const named = record?.blueInvoiceNo ? String(record.blueInvoiceNo) : undefined;
  for (const no of [...new Set([stored, named].filter(Boolean) as string[])].sort())
    await db.query('select id from issued_invoices where invoice_no = $1 for update', [no]);
  if (named === undefined) return;
  const [blue] = await db.query<{ status: string }>(
    'select status from issued_invoices where invoice_no = $1',
    [named],
  );
  if (!blue) throw refusedField('blueInvoiceNo', `蓝字发票 ${named} 未登记，请核对发票号码`);
  if (blue.status === 'fully_reversed')
    throw refusedField('blueInvoiceNo', `蓝字发票 ${named} 已全额红冲，不能再红冲`);
  const [open] = await db.query<{ no: string }>(
    `select form_no as no from red_forms
      where blue_invoice_no = $1 and status not in ('issued', 'void') and id <> coalesce($2::bigint, 0)`,
    [named, id && isRecordId(id) ? id : null],
  );
  if (open)
    throw refusedField(
      'blueInvoiceNo',
      `蓝字发票 ${named} 已有未完成的红字确认单 ${open.no}，一张蓝票同时只能有一张确认单`,
    );
}

/** The form's commands, as the demo takes them too. */
export const redFormCommands = { send, confirm, refuse, expire, withdraw, issueRed };

export const redFormStorage: ResourceStorage = {
  table: 'red_forms',
  clientScope: 'partner_id',
  lines: redFormLines,
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  lockFirst: lockBlue,
  commands: redFormCommands as ResourceStorage['commands'],
};
