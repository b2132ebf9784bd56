// Received invoices (进项, domain-money.md §2.8, SM-5): each line of a supplier's invoice is matched to the
// house's own shadow of it, the purchase settlement's line of its batch, and must agree within the tolerance
// (invoiceLineAmountTolerance, 0.01) in tonnes and in money; a batch is never invoiced to the house beyond what
// was settled. A matched invoice is marked for deduction (勾选) in a tax period `yyyy-mm`, never before the month
// it was issued in.
//
// Worked example (§2.10 a, P2601 settled at 40.112 t and 621,736.00): a line of 40.112 t and 621,736.01 matches
// (0.01 apart); 621,736.02 does not; 40.123 t does not; with 600,000.00 already invoiced on the batch a line of
// 21,736.01 goes beyond the settled amount by 0.01 and matches, 21,736.02 is refused.
import Decimal from 'decimal.js';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export interface MatchFigures {
  quantity: DecimalText;
  amount: DecimalText;
}

/**
 * Whether an invoice line agrees with the settlement line of its batch (the part not yet invoiced by other
 * received invoices): tonnes and amount each within the tolerance, and never beyond what is left.
 */
export function matchReceivedLine(
  what: string,
  settled: MatchFigures,
  invoicedBefore: MatchFigures,
  line: MatchFigures,
  tolerance: DecimalText = '0.01',
): Problem | null {
  const left = {
    quantity: new Decimal(settled.quantity).minus(invoicedBefore.quantity),
    amount: new Decimal(settled.amount).minus(invoicedBefore.amount),
  };
  const quantityOver = new Decimal(line.quantity).minus(left.quantity);
  const amountOver = new Decimal(line.amount).minus(left.amount);
  if (quantityOver.greaterThan(tolerance))
    return problem(
      'received.overQuantity',
      `${what} 已结算未收票 ${left.quantity.toFixed(3)} 吨，发票 ${new Decimal(line.quantity).toFixed(3)} 吨超过结算`,
      { left: left.quantity.toFixed(3) },
    );
  if (amountOver.greaterThan(tolerance))
    return problem(
      'received.overAmount',
      `${what} 已结算未收票 ${left.amount.toFixed(2)} 元，发票 ${new Decimal(line.amount).toFixed(2)} 元超过结算`,
      { left: left.amount.toFixed(2) },
    );
  return null;
}

/** Whether a line agrees with its settlement line in full: tonnes and amount each within the tolerance. */
export function agreesWithin(
  expected: MatchFigures,
  line: MatchFigures,
  tolerance: DecimalText = '0.01',
): boolean {
  return (
    new Decimal(line.quantity).minus(expected.quantity).abs().lessThanOrEqualTo(tolerance) &&
    new Decimal(line.amount).minus(expected.amount).abs().lessThanOrEqualTo(tolerance)
  );
}

/** The deduction period `yyyy-mm` of an invoice issued on `issueDate`, refused before its issue month. */
export function deductionPeriod(period: string, issueDate: string): Problem | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period))
    return problem('received.period', `抵扣所属期 ${period} 应为 年-月（如 2026-11）`);
  if (period < issueDate.slice(0, 7))
    return problem(
      'received.periodBeforeIssue',
      `抵扣所属期 ${period} 早于开票月份 ${issueDate.slice(0, 7)}，不能勾选`,
    );
  return null;
}
