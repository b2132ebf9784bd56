// Payments out (domain-money.md §4.5, SM-6, decisions 12 and 15): what a payment application may take on its
// source, and whether it needs the final approval. The caps are read from the contract and the fee records
// today; settlement and received invoices tighten the goods cap when they exist (`settled`, `invoicedNet`).

import Decimal from 'decimal.js';
import type { PaymentPurpose } from './journal.ts';
import { toFen } from './money.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

const FEE_PURPOSES: readonly PaymentPurpose[] = [
  'freight',
  'storage',
  'insurance',
  'supervision',
  'inspection',
];
const GOODS_PURPOSES: readonly PaymentPurpose[] = ['prepayment', 'goods', 'final'];

export const isGoodsPurpose = (purpose: PaymentPurpose) => GOODS_PURPOSES.includes(purpose);
export const isFeePurpose = (purpose: PaymentPurpose) => FEE_PURPOSES.includes(purpose);

/** What a purchase contract's goods payments are capped by. */
export interface PurchaseCapInput {
  /** The contract's provisional value (its largest delivery as it would be priced). */
  contractValue: DecimalText;
  /** purchasePrepayPercent: prepayments stay within this share of the contract value. */
  prepayPercent: DecimalText;
  /** Once the purchase settlement is confirmed: the settled value less claims (replaces the contract value). */
  settled?: DecimalText | null;
  /** With invoiceBeforeFinalPayment: the supplier's invoices received net of red (caps goods and final). */
  invoicedNet?: DecimalText | null;
}

/**
 * The most the contract's payments of this purpose and those it counts with may reach: prepayments
 * `prepay% × value`; goods and final money (every goods payment counted) the settled value once settled,
 * else the contract value, and no more than the invoices received when they are required.
 */
export function purchasePaymentCap(purpose: PaymentPurpose, input: PurchaseCapInput): string {
  if (purpose === 'prepayment')
    return toFen(new Decimal(input.contractValue).times(input.prepayPercent).dividedBy(100));
  const base = new Decimal(input.settled ?? input.contractValue);
  return toFen(input.invoicedNet == null ? base : Decimal.min(base, input.invoicedNet));
}

/**
 * Why a payment would take its source past its cap, with the most it may be; null when it fits. `counted` is
 * what the other payments on the same cap take (every one not rejected, cancelled or returned).
 */
export function outgoingCapProblem(
  counted: DecimalText,
  amount: DecimalText,
  cap: DecimalText,
  source: string,
): Problem | null {
  const after = new Decimal(counted).plus(amount);
  if (after.lessThanOrEqualTo(cap)) return null;
  const room = Decimal.max(0, new Decimal(cap).minus(counted)).toFixed(2);
  return problem(
    'payment.cap',
    `${source} 的付款上限为 ${new Decimal(cap).toFixed(2)} 元，已付及在途 ${new Decimal(counted).toFixed(2)} 元，本笔最多 ${room} 元`,
    { cap: new Decimal(cap).toFixed(2), room },
  );
}

/**
 * Whether a payment needs the final approval (PayApplyCheckEnd): when the payee's payments of the day, this
 * one included, reach the threshold in force at submission (splitting does not avoid it), or when its purpose
 * is one the company always has approved finally.
 */
export function needsFinalApproval(
  payeeDayTotal: DecimalText,
  threshold: DecimalText,
  purpose: PaymentPurpose,
  finalPurposes: readonly string[],
): boolean {
  return new Decimal(payeeDayTotal).greaterThanOrEqualTo(threshold) || finalPurposes.includes(purpose);
}

/** The settings' list of purposes (comma separated) as the rule reads it. */
export const purposeList = (setting: string): string[] =>
  setting
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
