// Commissions (提成, domain-money.md §5.2 and decisions 11, 12, 15): per tonne or a share of gross profit,
// split between the purchaser and the salesperson (the salesperson's share is the residual, so the shares
// sum to the pool to the fen), a management royalty on the team's GP (max(0, m × GP), on top of the pool),
// a financial commission on financing income; deductions (overdue funding, claims, excess storage, bad
// debt) cut a line never below 0 and the rest carries to the person's next run; what is payable follows the
// money collected. Rates and shares are the versioned settings, passed in.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import type { DecimalText } from './quality.ts';

export type CommissionScheme = 'perTonne' | 'profitShare';
export type CommissionRole = 'purchaser' | 'salesperson' | 'manager' | 'financier';

/** Per tonne: W × the role's rate (39.876 t × 3 = 119.63 for the purchaser, × 5 = 199.38 for sales). */
export const perTonneCommission = (tonnes: DecimalText, ratePerTonne: DecimalText): string =>
  toFen(new Decimal(tonnes).times(ratePerTonne));

/**
 * Profit share: the pool max(0, GP) × share, rounded once, the purchaser's part of it rounded, and the
 * salesperson the residual (10,115.76 at 10 %: 1,011.58; 40 % to the purchaser 404.63, to sales 606.95).
 */
export function profitShareCommission(
  grossProfit: DecimalText,
  sharePercent: DecimalText,
  purchaserSharePercent: DecimalText,
): { pool: string; purchaser: string; salesperson: string } {
  const pool = toFen(Decimal.max(0, grossProfit).times(sharePercent).dividedBy(100));
  const purchaser = toFen(new Decimal(pool).times(purchaserSharePercent).dividedBy(100));
  return { pool, purchaser, salesperson: new Decimal(pool).minus(purchaser).toFixed(2) };
}

/** The manager's royalty on the team's GP: max(0, m × GP) (5 % of 10,115.76 = 505.79); never negative. */
export const managementRoyalty = (teamGrossProfit: DecimalText, percent: DecimalText): string =>
  toFen(Decimal.max(0, new Decimal(teamGrossProfit).times(percent).dividedBy(100)));

/** f × financing income (10 % of 3,679.31 = 367.93). */
export const financialCommission = (financingIncome: DecimalText, percent: DecimalText): string =>
  toFen(Decimal.max(0, new Decimal(financingIncome).times(percent).dividedBy(100)));

/**
 * The funding cost of a receivable paid late, spread to one line by value: overdue × r × days / 365
 * (339,765.56 at 4.35 % for 12 days = 485.91), × the line's value / the contract's value (P2602's
 * 624,059.40 of 3,138,498.90: 96.62).
 */
export function overdueDeduction(input: {
  overdue: DecimalText;
  ratePercent: DecimalText;
  days: number;
  lineValue: DecimalText;
  contractValue: DecimalText;
}): { contract: string; line: string } {
  const contract = toFen(
    new Decimal(input.overdue).times(input.ratePercent).dividedBy(100).times(input.days).dividedBy(365),
  );
  const value = new Decimal(input.contractValue);
  const line = value.lessThanOrEqualTo(0)
    ? '0.00'
    : toFen(new Decimal(contract).times(input.lineValue).dividedBy(value));
  return { contract, line };
}

/**
 * A line's net after its deductions and what the person carried in: never below 0; what is left unpaid
 * carries forward (when the setting says so) as a negative amount for the next run.
 */
export function netCommission(
  gross: DecimalText,
  deductions: readonly DecimalText[],
  carriedIn: DecimalText = '0',
  carryNegative = true,
): { deducted: string; net: string; carryForward: string } {
  const deducted = deductions.reduce((sum: Decimal, d) => sum.plus(d), new Decimal(0));
  const raw = new Decimal(gross).minus(deducted).plus(carriedIn);
  return {
    deducted: deducted.toFixed(2),
    net: Decimal.max(0, raw).toFixed(2),
    carryForward: raw.isNegative() && carryNegative ? raw.toFixed(2) : '0.00',
  };
}

/** The part payable of a net commission, pro rata to what the contract collected (60 % of 510.33 = 306.20). */
export function payableOnCollection(net: DecimalText, collected: DecimalText, due: DecimalText): string {
  const owed = new Decimal(due);
  if (owed.lessThanOrEqualTo(0)) return '0.00';
  const share = Decimal.min(1, Decimal.max(0, new Decimal(collected).dividedBy(owed)));
  return toFen(new Decimal(net).times(share));
}
