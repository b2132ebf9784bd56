// A client's credit (issue 13): what its sales still owe or risk against the limit the house grants it.
// headroom = credit limit − receivables − unpriced exposure − margin shortfall, where
// - receivables are the goods out not yet paid for: the tonnes out valued at their price (fixed tonnes first,
//   at the contract's price; tonnes out before pricing at the market, F_now + B) less what the client paid;
// - the unpriced exposure is what the tonnes neither fixed nor out are worth at the market, F_now + B (the
//   valuation price per tonne, a setting, while the month has no price);
// - the margin shortfall is what the client's margin account lacks against its requirement.
// Paid money also tells the margin rule how many fixed tonnes are still unpaid (`paidTonnage`).

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import type { DecimalText } from './quality.ts';

/** One sale contract of the client, in force, as the credit rule reads it. */
export interface CreditContract {
  tonnage: DecimalText;
  fixedTonnage: DecimalText;
  /** The price of the fixed tonnes (the spot price, or the fixings' unit price); null while nothing is fixed. */
  fixedPrice: DecimalText | null;
  /** B; null for a spot contract. */
  basis: DecimalText | null;
  /** F_now: the month's latest settlement price; null when there is none. */
  futuresPrice: DecimalText | null;
  /** CNY per tonne for tonnes without any price (a setting). */
  valuationPrice: DecimalText;
  /** W_out: tonnes delivered to the client. */
  deliveredTonnage: DecimalText;
  /** What the client has paid on the contract (goods and provisional payments received, less reversals). */
  paid: DecimalText;
}

export interface ClientCredit {
  creditLimit: string | null;
  receivables: string;
  unpricedExposure: string;
  marginShortfall: string;
  /** null when no limit is set: the client is not checked. */
  headroom: string | null;
}

const min = (...values: Decimal.Value[]) => Decimal.min(...values);
const max = (...values: Decimal.Value[]) => Decimal.max(...values);

/** The market value of a tonne not yet priced: F_now + B, else the valuation price. */
const marketPrice = (contract: CreditContract) =>
  contract.futuresPrice === null
    ? new Decimal(contract.valuationPrice)
    : new Decimal(contract.futuresPrice).plus(contract.basis ?? 0);

/** Tonnes neither fixed nor delivered. */
const unfixedUndelivered = (contract: CreditContract) => {
  const unfixed = max(0, new Decimal(contract.tonnage).minus(contract.fixedTonnage));
  const outBeforePricing = max(0, new Decimal(contract.deliveredTonnage).minus(contract.fixedTonnage));
  return max(0, unfixed.minus(outBeforePricing));
};

/** The goods out valued: fixed tonnes first at their price, the rest at the market. */
export function deliveredValue(contract: CreditContract): string {
  const out = new Decimal(contract.deliveredTonnage);
  const fixedOut = min(out, contract.fixedTonnage);
  const fixedValue = fixedOut.times(contract.fixedPrice ?? marketPrice(contract));
  return toFen(fixedValue.plus(out.minus(fixedOut).times(marketPrice(contract))));
}

/** Goods out not paid for (never below zero: a prepayment is not a receivable). */
export const contractReceivable = (contract: CreditContract): string =>
  max(0, new Decimal(deliveredValue(contract)).minus(contract.paid)).toFixed(2);

/** What the tonnes neither fixed nor out are worth at the market. */
export const unpricedExposure = (contract: CreditContract): string =>
  toFen(unfixedUndelivered(contract).times(marketPrice(contract)));

/** A client's credit figures over its sale contracts in force; the headroom may be negative (over the limit). */
export function clientCredit(
  creditLimit: DecimalText | null,
  contracts: readonly CreditContract[],
  marginShortfall: DecimalText,
): ClientCredit {
  const sum = (values: string[]) => values.reduce((a, b) => a.plus(b), new Decimal(0));
  const receivables = sum(contracts.map(contractReceivable));
  const exposure = sum(contracts.map(unpricedExposure));
  const shortfall = max(0, marginShortfall);
  return {
    creditLimit: creditLimit === null ? null : new Decimal(creditLimit).toFixed(2),
    receivables: receivables.toFixed(2),
    unpricedExposure: exposure.toFixed(2),
    marginShortfall: shortfall.toFixed(2),
    headroom:
      creditLimit === null
        ? null
        : new Decimal(creditLimit).minus(receivables).minus(exposure).minus(shortfall).toFixed(2),
  };
}

/**
 * The fixed tonnes a client has paid for: goods money received over the fixed tonnes' price, to the kg,
 * never more than is fixed. Without a price nothing is paid for.
 */
export function paidTonnage(
  paid: DecimalText,
  fixedPrice: DecimalText | null,
  fixedTonnage: DecimalText,
): string {
  if (fixedPrice === null || new Decimal(fixedPrice).lessThanOrEqualTo(0)) return '0.0000';
  const tonnes = new Decimal(paid).dividedBy(fixedPrice).toDecimalPlaces(3, Decimal.ROUND_DOWN);
  return min(max(0, tonnes), fixedTonnage).toFixed(4);
}
