// Received invoices for non-cotton costs on the server (OtherInvoice, domain-money.md §2.8 SM-5, §4.6): the
// invoice's excl. amount, VAT and whether it is deductible are set on every save; verified; matched to the
// fee records it bills under their locks — a package line spread over the package's fees of the invoice's
// kind by tonne-days (src/domain/costInvoices.ts) —, each fee then carrying its actual amount and rate beside
// its estimate, the deductible VAT moved to input VAT awaiting deduction in the same transaction; deducted
// in a tax period. A payment out may pay the invoice (a package's storage bill), capped by it.
import {
  type CostKind,
  costInvoiceDeductedPostings,
  costInvoiceDeductible,
  costInvoiceDeductionProblem,
  costInvoiceMatchedPostings,
  costInvoiceMatchProblem,
  costInvoiceSplit,
  type MatchableFee,
  spreadLargestRemainder,
  tonneDays,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest, refusedField } from '../../platform/http/envelope.ts';
import type { HookContext, ResourceStorage, StoredRecord } from '../../platform/resources/storage.ts';
import { postEntry } from './journal.ts';

interface Invoice {
  id: string;
  invoiceNo: string;
  sellerId: string;
  costKind: CostKind;
  amount: string;
  taxRate: string;
  vat: string;
  deductible: boolean;
  deductionPeriod: string | null;
  issueDate: string;
}

const invoiceOf = async (db: Queryable, id: string) =>
  (
    await db.query<Invoice>(
      `select id::text, invoice_no as "invoiceNo", seller_id::text as "sellerId", cost_kind as "costKind",
              amount::text, trim_scale(tax_rate)::text as "taxRate", vat::text, deductible,
              deduction_period as "deductionPeriod", to_char(issue_date, 'YYYY-MM-DD') as "issueDate"
         from other_invoices where id = $1`,
      [id],
    )
  )[0]!;

interface FeeRow extends MatchableFee {
  id: string;
  tonnage: string | null;
  periodFrom: string;
  periodTo: string | null;
  estimate: string | null;
}

const FEE_COLUMNS = `f.id::text, f.fee_no as "feeNo", f.kind, f.payee_id::text as "payeeId", f.status,
  i.invoice_no as "actualInvoiceNo", f.tonnage::text, to_char(f.period_from, 'YYYY-MM-DD') as "periodFrom",
  to_char(f.period_to, 'YYYY-MM-DD') as "periodTo", f.amount::text as estimate`;

/** The invoice's lines as fee records and their amounts: a package line spread over its fees by tonne-days. */
async function feeAmounts(db: Queryable, invoice: Invoice) {
  const lines = await db.query<{ feeId: string | null; packageId: string | null; amount: string }>(
    `select fee_id::text as "feeId", package_id::text as "packageId", amount::text
       from other_invoice_lines where invoice_id = $1 order by id`,
    [invoice.id],
  );
  const fees: FeeRow[] = [];
  const amounts = new Map<string, string>();
  for (const line of lines) {
    const rows = line.feeId
      ? await db.query<FeeRow>(
          `select ${FEE_COLUMNS} from warehouse_fees f left join other_invoices i on i.id = f.actual_invoice_id
            where f.id = $1 for update of f`,
          [line.feeId],
        )
      : await db.query<FeeRow>(
          `select ${FEE_COLUMNS} from warehouse_fees f left join other_invoices i on i.id = f.actual_invoice_id
            where f.kind = $2 and f.status in ('confirmed', 'settled') and f.actual_invoice_id is null
              and f.batch_no in (select l.batch_no from resource_package_lines l where l.package_id = $1)
            order by f.batch_no, f.id for update of f`,
          [line.packageId, invoice.costKind],
        );
    if (rows.length === 0)
      throw badRequest(line.feeId ? '费用记录不存在' : '资源包中没有该类别尚未核对发票的费用');
    const spread = spreadLargestRemainder(
      line.amount,
      rows.map((fee) => ({ key: fee.id, weight: tonneDays(fee) })),
    );
    for (const fee of rows) {
      if (amounts.has(fee.id)) throw badRequest(`费用 ${fee.feeNo} 在发票中出现了两次`);
      fees.push(fee);
      amounts.set(fee.id, spread.get(fee.id)!);
    }
  }
  return { lines, fees, amounts };
}

async function match(hook: HookContext, invoice: Invoice) {
  const { lines, fees, amounts } = await feeAmounts(hook.db, invoice);
  const found = costInvoiceMatchProblem(invoice, lines, fees);
  if (found) throw badRequest(found.message);
  for (const fee of fees)
    await hook.db.query(
      `update warehouse_fees set actual_amount = $2, actual_tax_rate = $3, actual_invoice_id = $4 where id = $1`,
      [fee.id, amounts.get(fee.id), invoice.taxRate, invoice.id],
    );
  await hook.db.query('update other_invoices set matched_by = $2, matched_at = $3 where id = $1', [
    invoice.id,
    hook.actor.userId,
    hook.now,
  ]);
  const lines_ = costInvoiceMatchedPostings(invoice.costKind, invoice.vat, invoice.deductible);
  if (lines_.length > 0)
    await postEntry(hook, {
      sourceKind: 'otherInvoice',
      sourceId: invoice.id,
      event: 'matched',
      postedOn: hook.today,
      lines: lines_,
      memo: invoice.invoiceNo,
    });
}

async function deduct(hook: HookContext, invoice: Invoice) {
  const found = costInvoiceDeductionProblem(invoice, invoice.deductionPeriod ?? '', hook.today);
  if (found) throw refusedField('deductionPeriod', found.message);
  await hook.db.query('update other_invoices set deducted_by = $2 where id = $1', [
    invoice.id,
    hook.actor.userId,
  ]);
  await postEntry(hook, {
    sourceKind: 'otherInvoice',
    sourceId: invoice.id,
    event: 'deducted',
    postedOn: hook.today,
    lines: costInvoiceDeductedPostings(invoice.vat),
    memo: `${invoice.invoiceNo} ${invoice.deductionPeriod}`,
  });
}

const isId = (value: unknown) => /^\d{1,18}$/.test(String(value ?? ''));

export const otherInvoiceStorage: ResourceStorage = {
  table: 'other_invoices',
  clientScope: { names: 'array[t.seller_id]' },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  saveExtra: async (hook, id, record) => {
    if (String(record.issueDate ?? '') > hook.today)
      throw refusedField('issueDate', `开票日期不能晚于今天（${hook.today}）`);
    const split = costInvoiceSplit(String(record.amount), String(record.taxRate));
    await hook.db.query(
      'update other_invoices set amount_excl = $2, vat = $3, deductible = $4 where id = $1',
      [
        id,
        split.excluded,
        split.vat,
        costInvoiceDeductible(String(record.costKind) as CostKind, String(record.invoiceKind)),
      ],
    );
  },
  lines: {
    load: (db, id) =>
      db.query(
        `select l.id::text, l.fee_id::text as "feeId", f.fee_no as "feeIdName", l.package_id::text as "packageId",
                p.package_no as "packageIdName", l.amount::text
           from other_invoice_lines l left join warehouse_fees f on f.id = l.fee_id
           left join resource_packages p on p.id = l.package_id
          where l.invoice_id = $1 order by l.id`,
        [id],
      ),
    save: async (hook, id, lines: StoredRecord[]) => {
      await hook.db.query('delete from other_invoice_lines where invoice_id = $1', [id]);
      for (const [index, line] of lines.entries()) {
        const feeId = isId(line.feeId) ? String(line.feeId) : null;
        const packageId = isId(line.packageId) ? String(line.packageId) : null;
        if ((feeId === null) === (packageId === null))
          throw badRequest(`第 ${index + 1} 行须且只能选择一项费用或一个资源包`, {
            fields: { [`lines.${index}.feeId`]: '须且只能选择一项费用或一个资源包' },
          });
        await hook.db.query(
          'insert into other_invoice_lines (invoice_id, fee_id, package_id, amount) values ($1, $2, $3, $4)',
          [id, feeId, packageId, String(line.amount)],
        );
      }
    },
  },
  afterTransition: async (hook, id, action) => {
    const invoice = await invoiceOf(hook.db, id);
    if (action === 'verify')
      await hook.db.query('update other_invoices set verified_by = $2 where id = $1', [
        id,
        hook.actor.userId,
      ]);
    else if (action === 'match') await match(hook, invoice);
    else if (action === 'deduct') await deduct(hook, invoice);
    return {};
  },
};
