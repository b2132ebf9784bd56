// Received invoices for non-cotton costs (domain-money.md §2.8 SM-5, §4.6, §6.1, decisions 10 and 15): a
// warehouse's, carrier's or service's invoice (OtherInvoice) is matched to the fee records it bills, and its
// amounts become their actual cost, replacing the estimate (rate × base) in the batch cost. A bill for a
// whole resource package is spread over the package's fee records by tonne-days with the largest remainder,
// so the shares sum to the bill to the fen. Deductible VAT is not a cost: it moves to input VAT awaiting
// deduction when matched, and to input VAT when deducted (勾选); interest and ordinary invoices (02) are
// never deductible.

import Decimal from 'decimal.js';
import { type Posting, transfer } from './journal.ts';
import { chargedDays, splitVat } from './money.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export const COST_KINDS = [
  'freight',
  'storage',
  'insurance',
  'supervision',
  'inspection',
  'interest',
  'other',
] as const;
export type CostKind = (typeof COST_KINDS)[number];

/** Whether an invoice's VAT may be deducted: a special invoice (01) for a cost other than interest. */
export const costInvoiceDeductible = (costKind: CostKind, invoiceKind: string) =>
  invoiceKind === '01' && costKind !== 'interest';

/** The invoice's amount excluding VAT and its VAT, split as every line is (src/domain/money.ts). */
export const costInvoiceSplit = (amount: DecimalText, taxRate: DecimalText) => splitVat(amount, taxRate);

/** A share of a bill: the record it goes to and its weight (tonne-days, or its estimate). */
export interface SpreadShare {
  key: string;
  weight: DecimalText;
}

/**
 * Spreads `total` over the shares in proportion to their weights, each rounded down to the fen and the
 * fens left given one each to the largest remainders (ties: the earlier share), so the parts sum to the
 * total exactly. All weights zero: spread evenly.
 */
export function spreadLargestRemainder(
  total: DecimalText,
  shares: readonly SpreadShare[],
): Map<string, string> {
  const parts = new Map<string, string>();
  if (shares.length === 0) return parts;
  const fen = new Decimal(total).times(100);
  const weights = shares.map((share) => new Decimal(share.weight));
  const sum = weights.reduce((a, b) => a.plus(b), new Decimal(0));
  const exact = weights.map((weight) =>
    sum.isZero() ? fen.dividedBy(shares.length) : fen.times(weight).dividedBy(sum),
  );
  const floors = exact.map((value) => value.floor());
  let left = fen.minus(floors.reduce((a, b) => a.plus(b), new Decimal(0))).toNumber();
  const order = exact
    .map((value, index) => ({ index, remainder: value.minus(floors[index]!) }))
    .sort((a, b) => b.remainder.comparedTo(a.remainder) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = floors[index]!.plus(1);
    left -= 1;
  }
  for (const [index, share] of shares.entries())
    parts.set(share.key, floors[index]!.dividedBy(100).toFixed(2));
  return parts;
}

/** A fee record's weight in a package's bill: its tonnes × its days, else its estimate. */
export function tonneDays(fee: {
  tonnage: DecimalText | null;
  periodFrom: string;
  periodTo: string | null;
  estimate: DecimalText | null;
}): string {
  if (fee.tonnage !== null && fee.periodTo)
    return new Decimal(fee.tonnage).times(chargedDays(fee.periodFrom, fee.periodTo)).toString();
  return new Decimal(fee.estimate ?? 0).toString();
}

/** A fee record an invoice line may be matched to. */
export interface MatchableFee {
  feeNo: string;
  kind: string;
  payeeId: string | null;
  status: string;
  actualInvoiceNo: string | null;
}

/**
 * Why an invoice may not be matched to its lines, or null: at least one line; the lines sum to the invoice
 * within 0.01 per line; each fee record is of the invoice's cost kind, billed by its seller (or no payee
 * named), confirmed or settled, and not matched to another invoice already.
 */
export function costInvoiceMatchProblem(
  invoice: { invoiceNo: string; sellerId: string; costKind: CostKind; amount: DecimalText },
  lines: readonly { amount: DecimalText }[],
  fees: readonly MatchableFee[],
): Problem | null {
  if (lines.length === 0)
    return problem('costInvoice.noLines', `发票 ${invoice.invoiceNo} 尚未填写对应的费用`);
  const sum = lines.reduce((total, line) => total.plus(line.amount), new Decimal(0));
  const gap = sum.minus(invoice.amount).abs();
  if (gap.greaterThan(new Decimal('0.01').times(lines.length)))
    return problem(
      'costInvoice.sum',
      `发票 ${invoice.invoiceNo} 金额 ${new Decimal(invoice.amount).toFixed(2)} 元，对应费用合计 ${sum.toFixed(2)} 元，不一致`,
      { sum: sum.toFixed(2) },
    );
  for (const fee of fees) {
    if (fee.kind !== invoice.costKind)
      return problem('costInvoice.kind', `费用 ${fee.feeNo} 不是本发票的费用类别`);
    if (fee.payeeId !== null && fee.payeeId !== invoice.sellerId)
      return problem('costInvoice.payee', `费用 ${fee.feeNo} 的收款方不是本发票的开票方`);
    if (!['confirmed', 'settled'].includes(fee.status))
      return problem('costInvoice.feeState', `费用 ${fee.feeNo} 尚未确认，不能核对发票`);
    if (fee.actualInvoiceNo !== null)
      return problem('costInvoice.twice', `费用 ${fee.feeNo} 已核对发票 ${fee.actualInvoiceNo}`);
  }
  return null;
}

/** The cost account an invoice's cost is charged to. */
const costAccount = (costKind: CostKind) => (costKind === 'interest' ? 'interestExpense' : 'fees');

/**
 * Matched: the deductible VAT leaves the cost (the payment charged it there, tax included) for input VAT
 * awaiting deduction. Nothing to post when none is deductible.
 */
export function costInvoiceMatchedPostings(
  costKind: CostKind,
  vat: DecimalText,
  deductible: boolean,
): Posting[] {
  if (!deductible || new Decimal(vat).isZero()) return [];
  return transfer({ account: 'inputVatAwaiting' }, { account: costAccount(costKind) }, vat);
}

/** Deducted (勾选) in its period: input VAT awaiting deduction becomes input VAT. */
export const costInvoiceDeductedPostings = (vat: DecimalText): Posting[] =>
  transfer({ account: 'inputVat' }, { account: 'inputVatAwaiting' }, vat);

/** Why an invoice may not be deducted, or null: deductible, with a period yyyy-mm not after today's month. */
export function costInvoiceDeductionProblem(
  invoice: { invoiceNo: string; deductible: boolean },
  period: string,
  today: string,
): Problem | null {
  if (!invoice.deductible)
    return problem('costInvoice.notDeductible', `发票 ${invoice.invoiceNo} 为普通发票或利息发票，不能抵扣`);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return problem('costInvoice.period', '抵扣所属期须为 yyyy-mm');
  if (period > today.slice(0, 7)) return problem('costInvoice.period', `抵扣所属期 ${period} 晚于本月`);
  return null;
}

/** A fee's cost state: estimated until an invoice is matched to it, then actual. */
export const feeCostState = (actual: DecimalText | null) => (actual === null ? 'estimated' : 'actual');
