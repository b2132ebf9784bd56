// Received invoices on the server (domain-money.md §2.8, SM-5): lines saved as the fapiao reads them on a
// purchase contract (the totals are their sums); verify records the platform check; match ties every line to
// the confirmed purchase settlement's line of its batch, within invoiceLineAmountTolerance and never beyond what
// the batch has settled and not yet been invoiced to the house by the other invoices not rejected (the contract
// is locked first, so two invoices matched at once are checked one after the other); deduct records the period.
import Decimal from 'decimal.js';
import { deductionPeriod, isProblem, matchReceivedLine } from '../../../src/domain/index.ts';
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

async function saveReceivedLines(hook: HookContext, id: string, lines: StoredRecord[] = []) {
  const [contract] = await hook.db.query<{ side: string; no: string }>(
    `select c.side, c.contract_no as no from received_invoices r join transaction_contracts c on c.id = r.contract_id
      where r.id = $1`,
    [id],
  );
  if (contract!.side !== 'purchase')
    throw refusedField('contractId', `合同 ${contract!.no} 不是采购合同，不能登记进项发票`);
  await hook.db.query('delete from received_invoice_lines where invoice_id = $1', [id]);
  for (const [index, line] of lines.entries()) {
    const amount = new Decimal(String(line.amount));
    const vat = new Decimal(String(line.vat));
    if (vat.greaterThanOrEqualTo(amount))
      throw refusedField(`lines.${index}.vat`, `第 ${index + 1} 行税额 ${vat.toFixed(2)} 应小于价税合计`);
    await hook.db.query(
      `insert into received_invoice_lines (invoice_id, line_no, batch_no, quantity, amount, amount_excl, vat, tax_rate)
       values ($1, $2, $3, $4, $5, $6, $7,
               round($7::numeric / nullif($6::numeric, 0) * 100, 2))`,
      [
        id,
        index + 1,
        line.batchNo,
        line.quantity,
        amount.toFixed(2),
        amount.minus(vat).toFixed(2),
        vat.toFixed(2),
      ],
    );
  }
  await hook.db.query(
    `update received_invoices r set quantity = t.quantity, amount = t.amount, amount_excl = t.excl, vat = t.vat
       from (select coalesce(sum(quantity), 0) as quantity, coalesce(sum(amount), 0) as amount,
                    coalesce(sum(amount_excl), 0) as excl, coalesce(sum(vat), 0) as vat
               from received_invoice_lines where invoice_id = $1) t
      where r.id = $1`,
    [id],
  );
}

export const receivedInvoiceLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      `select batch_no as "batchNo", quantity::text, amount::text, amount_excl::text as "amountExcl", vat::text,
              settlement_line_id is not null as matched
         from received_invoice_lines where invoice_id = $1 order by line_no`,
      [id],
    ),
  save: (hook, id, lines) => saveReceivedLines(hook, id, lines),
};

/** The platform check (查验) recorded: who and on which day. */
const verify: CommandService = async ({ db, record, input, actor }) => {
  await db.query('update received_invoices set verified_on = $2, verified_by = $3 where id = $1', [
    record!.id,
    input.verifiedOn,
    actor.userId,
  ]);
  return { toState: 'verified', summary: `发票 ${String(record!.invoiceNo)} 已查验` };
};

/** Every line tied to the confirmed purchase settlement's line of its batch, within the tolerance. */
const match: CommandService = async ({ db, record, now }) => {
  const id = String(record!.id);
  const tolerance = await settingOn(db, 'invoiceLineAmountTolerance', String(record!.issueDate));
  const lines = await db.query<{
    id: string;
    lineNo: number;
    batchNo: string;
    quantity: string;
    amount: string;
    settlementLineId: string | null;
    settledQuantity: string | null;
    settledAmount: string | null;
    beforeQuantity: string;
    beforeAmount: string;
  }>(
    `select r.id::text, r.line_no as "lineNo", r.batch_no as "batchNo", r.quantity::text, r.amount::text,
            s.id::text as "settlementLineId", s.weight::text as "settledQuantity", s.amount::text as "settledAmount",
            coalesce((select sum(o.quantity) from received_invoice_lines o
                       where o.settlement_line_id = s.id and o.counts and o.invoice_id <> r.invoice_id), 0)::text
              as "beforeQuantity",
            coalesce((select sum(o.amount) from received_invoice_lines o
                       where o.settlement_line_id = s.id and o.counts and o.invoice_id <> r.invoice_id), 0)::text
              as "beforeAmount"
       from received_invoice_lines r
       join received_invoices i on i.id = r.invoice_id
       left join lateral (
         select l.id, l.weight, l.amount from settlement_lines l join settlements x on x.id = l.settlement_id
          where x.contract_id = i.contract_id and x.side = 'purchase' and x.status = 'confirmed'
            and l.line_kind = 'goods' and l.batch_no = r.batch_no
          order by l.id limit 1) s on true
      where r.invoice_id = $1 order by r.line_no`,
    [id],
  );
  for (const line of lines) {
    const what = `第 ${line.lineNo} 行批号 ${line.batchNo}`;
    if (!line.settlementLineId) throw badRequest(`${what} 没有已确认的采购结算，请先结算并确认后再匹配`);
    const problem = matchReceivedLine(
      what,
      { quantity: line.settledQuantity!, amount: line.settledAmount! },
      { quantity: line.beforeQuantity, amount: line.beforeAmount },
      line,
      tolerance,
    );
    if (isProblem(problem)) throw badRequest(problem.message);
    await db.query('update received_invoice_lines set settlement_line_id = $2 where id = $1', [
      line.id,
      line.settlementLineId,
    ]);
  }
  await db.query('update received_invoices set matched_at = $2 where id = $1', [id, now]);
  return {
    toState: 'matched',
    summary: `发票 ${String(record!.invoiceNo)} 已与结算批次匹配（${lines.length} 行）`,
  };
};

/** Marked for deduction (勾选) in a tax period, never before the month of issue. */
const deduct: CommandService = async ({ db, record, input, actor }) => {
  const found = deductionPeriod(String(input.taxPeriod), String(record!.issueDate));
  if (found) throw refusedField('taxPeriod', found.message);
  await db.query(
    'update received_invoices set tax_period = $2, deducted_on = $3, deducted_by = $4 where id = $1',
    [record!.id, input.taxPeriod, input.deductedOn, actor.userId],
  );
  return {
    toState: 'deducted',
    summary: `发票 ${String(record!.invoiceNo)} 勾选抵扣，所属期 ${String(input.taxPeriod)}`,
  };
};

/** The contract of the record (stored, or named by the save), locked first. */
async function lockContract(db: Queryable, id: string | undefined, record: StoredRecord | undefined) {
  const stored =
    id && isRecordId(id)
      ? (
          await db.query<{ c: string }>(
            'select contract_id::text as c from received_invoices where id = $1',
            [id],
          )
        )[0]?.c
      : undefined;
  const named = isRecordId(record?.contractId) ? String(record!.contractId) : undefined;
  for (const contractId of [...new Set([stored, named].filter(Boolean))].sort())
    await db.query('select id from transaction_contracts where id = $1 for update', [contractId]);
}

export const receivedInvoiceStorage: ResourceStorage = {
  table: 'received_invoices',
  clientScope: { names: 'array[t.partner_id]' },
  unique: ['invoiceNo'],
  lines: receivedInvoiceLines,
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  lockFirst: lockContract,
  afterTransition: async (hook, id, action) => {
    // A rejected invoice no longer holds what it matched.
    if (action === 'reject')
      await hook.db.query('update received_invoice_lines set counts = false where invoice_id = $1', [id]);
    return {};
  },
  commands: { verify, match, deduct } as ResourceStorage['commands'],
};
