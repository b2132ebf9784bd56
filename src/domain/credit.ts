// A client's credit (issue 13, issue 21): what its sales owe or commit it to against the limit the house
// grants it. headroom = credit limit − receivables − commitments − unpriced exposure − reserved goods −
// margin shortfall, where, per sale contract in force,
// - the priced tonnes are the fixed tonnes of a contract priced later, every tonne of one priced in the
//   contract (a spot sale is fully priced from the day it is signed);
// - receivables are the goods out not yet paid for: the tonnes out valued at their price (priced tonnes first;
//   tonnes out beyond a fully priced contract by the tolerance rule, see toleranceTonnesUnitPrice; tonnes out
//   before pricing at the market, F_now + B) less what the client paid;
// - the commitment is what the priced tonnes not yet delivered (priced − delivered) stand for, by the house's
//   setting creditCommitmentBasis: their full value P × W_open (contractValue, the seed) or only what the
//   house loses reselling them at the market, max(0, P − (F_now + B)) × W_open (replacementCost);
// - the unpriced exposure is what the tonnes neither priced nor out are worth at the market, F_now + B (the
//   valuation price per tonne, a setting, while the month has no price);
// - money paid beyond the goods out (a prepayment) is held against the contract's commitment first, then its
//   unpriced exposure (rule the house chose: domain.md is silent; money in hand covers what it pays for);
// - reserved goods are the batches held for the client and not yet sold, at the valuation price;
// - the margin shortfall is what the client's margin account lacks against its requirement.
// Paid money also tells the margin rule how many fixed tonnes are still unpaid (`paidTonnage`), and caps what
// a contract may be paid (`contractPaymentCap`). Amounts are rounded once, at the end of each figure.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import { isPricedLater, type ToleranceTonnesPrice, toleranceTonnesUnitPrice } from './pricing.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** What a client's priced tonnes not yet delivered count for against its limit (setting creditCommitmentBasis). */
export type CreditCommitmentBasis = 'contractValue' | 'replacementCost';

export const CREDIT_COMMITMENT_BASES: readonly CreditCommitmentBasis[] = ['contractValue', 'replacementCost'];

/** The house's credit rules in force (settings). */
export interface CreditPolicy {
  commitmentBasis: CreditCommitmentBasis;
  toleranceTonnesPrice: ToleranceTonnesPrice;
}

/** One sale contract of the client, in force, as the credit rule reads it. */
export interface CreditContract {
  /** spot and provisional contracts are priced in full; basis and deferred ones as far as they are fixed. */
  kind: string;
  tonnage: DecimalText;
  /** Fixed tonnes of a contract priced later (ignored for one priced in the contract). */
  fixedTonnage: DecimalText;
  /**
   * The price of the priced tonnes, exact (the spot price, or F̄ + B + QA with F̄ unrounded); null while
   * nothing is fixed.
   */
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
  /** Priced tonnes not yet delivered, by the commitment basis. */
  commitments: string;
  unpricedExposure: string;
  /** Goods reserved for the client and not yet sold. */
  reservations: string;
  marginShortfall: string;
  /** null when no limit is set: the client is not checked. */
  headroom: string | null;
}

/** What one contract takes from its client's limit. */
export interface ContractCreditUse {
  receivable: string;
  commitment: string;
  unpricedExposure: string;
}

const ZERO = new Decimal(0);
const min = (...values: Decimal.Value[]) => Decimal.min(...values);
const max = (...values: Decimal.Value[]) => Decimal.max(...values);

/** The tonnes priced: every tonne of a contract priced in the contract, the fixed ones of one priced later. */
export const pricedTonnes = (contract: Pick<CreditContract, 'kind' | 'tonnage' | 'fixedTonnage'>): Decimal =>
  isPricedLater(contract.kind) ? new Decimal(contract.fixedTonnage) : new Decimal(contract.tonnage);

/** The market value of a tonne not yet priced: F_now + B, else the valuation price. */
const marketPrice = (contract: CreditContract) =>
  contract.futuresPrice === null
    ? new Decimal(contract.valuationPrice)
    : new Decimal(contract.futuresPrice).plus(contract.basis ?? 0);

const fullyPriced = (contract: CreditContract) =>
  pricedTonnes(contract).greaterThanOrEqualTo(contract.tonnage);

/** The price of a priced tonne: the contract's, else (nothing fixed yet) the market's. */
const priceOfPriced = (contract: CreditContract) =>
  contract.fixedPrice === null ? marketPrice(contract) : new Decimal(contract.fixedPrice);

/**
 * The price of a tonne out beyond the priced tonnes: within the tolerance of a fully priced contract by the
 * house's rule, else (not yet priced) at the market.
 */
function pricePastPriced(contract: CreditContract, policy: CreditPolicy): Decimal {
  if (!fullyPriced(contract) || contract.fixedPrice === null) return marketPrice(contract);
  if (!isPricedLater(contract.kind)) return new Decimal(contract.fixedPrice);
  return new Decimal(
    toleranceTonnesUnitPrice(policy.toleranceTonnesPrice, {
      pricedUnitPrice: contract.fixedPrice,
      marketUnitPrice: marketPrice(contract).toString(),
    }),
  );
}

/** The goods out valued (exact): priced tonnes first at their price, the rest as pricePastPriced says. */
function deliveredValueOf(contract: CreditContract, policy: CreditPolicy): Decimal {
  const out = new Decimal(contract.deliveredTonnage);
  const pricedOut = min(out, pricedTonnes(contract));
  return pricedOut
    .times(priceOfPriced(contract))
    .plus(out.minus(pricedOut).times(pricePastPriced(contract, policy)));
}

export const deliveredValue = (contract: CreditContract, policy: CreditPolicy): string =>
  toFen(deliveredValueOf(contract, policy));

/** Priced tonnes not yet delivered: priced − delivered, never below 0. */
export const pricedOpenCreditTonnes = (contract: CreditContract): Decimal =>
  max(0, pricedTonnes(contract).minus(contract.deliveredTonnage));

/** Tonnes neither priced nor delivered. */
const unpricedUndelivered = (contract: CreditContract) => {
  const unpriced = max(0, new Decimal(contract.tonnage).minus(pricedTonnes(contract)));
  const outBeforePricing = max(0, new Decimal(contract.deliveredTonnage).minus(pricedTonnes(contract)));
  return max(0, unpriced.minus(outBeforePricing));
};

/** What the priced open tonnes stand for, before any prepayment: full value, or the loss on resale. */
function grossCommitment(contract: CreditContract, policy: CreditPolicy): Decimal {
  const open = pricedOpenCreditTonnes(contract);
  if (open.isZero()) return ZERO;
  const price = priceOfPriced(contract);
  return policy.commitmentBasis === 'contractValue'
    ? open.times(price)
    : max(0, price.minus(marketPrice(contract))).times(open);
}

/** What one contract takes from its client's limit: receivable, commitment and unpriced exposure, to the fen. */
export function contractCreditUse(contract: CreditContract, policy: CreditPolicy): ContractCreditUse {
  const out = deliveredValueOf(contract, policy);
  const paid = new Decimal(contract.paid);
  let prepaid = max(0, paid.minus(out));
  const commitment = grossCommitment(contract, policy);
  const committed = max(0, commitment.minus(prepaid));
  prepaid = max(0, prepaid.minus(commitment));
  const unpriced = unpricedUndelivered(contract).times(marketPrice(contract));
  return {
    receivable: toFen(max(0, out.minus(paid))),
    commitment: toFen(committed),
    unpricedExposure: toFen(max(0, unpriced.minus(prepaid))),
  };
}

/** Goods out not paid for (never below zero: a prepayment is not a receivable). */
export const contractReceivable = (contract: CreditContract, policy: CreditPolicy): string =>
  contractCreditUse(contract, policy).receivable;

/** A client's credit figures over its sale contracts in force; the headroom may be negative (over the limit). */
export function clientCredit(
  creditLimit: DecimalText | null,
  contracts: readonly CreditContract[],
  marginShortfall: DecimalText,
  policy: CreditPolicy,
  reservedValue: DecimalText = '0',
): ClientCredit {
  const totals = { receivable: ZERO, commitment: ZERO, unpricedExposure: ZERO };
  for (const contract of contracts) {
    const use = contractCreditUse(contract, policy);
    for (const key of Object.keys(totals) as (keyof ContractCreditUse)[])
      totals[key] = totals[key].plus(use[key]);
  }
  const shortfall = max(0, marginShortfall);
  const reserved = new Decimal(toFen(reservedValue));
  const used = totals.receivable
    .plus(totals.commitment)
    .plus(totals.unpricedExposure)
    .plus(reserved)
    .plus(shortfall);
  return {
    creditLimit: creditLimit === null ? null : new Decimal(creditLimit).toFixed(2),
    receivables: totals.receivable.toFixed(2),
    commitments: totals.commitment.toFixed(2),
    unpricedExposure: totals.unpricedExposure.toFixed(2),
    reservations: reserved.toFixed(2),
    marginShortfall: shortfall.toFixed(2),
    headroom: creditLimit === null ? null : new Decimal(creditLimit).minus(used).toFixed(2),
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

/** A contract as the payment cap reads it. */
export interface PaymentCapContract {
  kind: string;
  tonnage: DecimalText;
  /** The contract's tolerance (溢短装), percent. */
  tolerancePercent: DecimalText;
  fixedTonnage: DecimalText;
  /** The priced tonnes' unit price, exact (spot: the contract's price); null while nothing is fixed. */
  fixedPrice: DecimalText | null;
  /**
   * The price of a tonne not yet priced: the previous settlement of the contract's month + B + QA
   * (domain-money.md decision 9), else the valuation price.
   */
  openPrice: DecimalText;
}

/**
 * The most goods money a contract may be paid: the largest delivery its tolerance allows, T × (1 + t%),
 * valued as it would be priced — priced tonnes at their price, tolerance tonnes of a fully priced contract by
 * the tolerance rule, tonnes still open at the open price. 20 t spot at 15,800 with 5 %: 21 × 15,800 =
 * 331,800.00.
 */
export function contractPaymentCap(contract: PaymentCapContract, rule: ToleranceTonnesPrice): string {
  const tonnage = new Decimal(contract.tonnage);
  const most = tonnage.times(new Decimal(100).plus(contract.tolerancePercent)).dividedBy(100);
  const priced = min(most, pricedTonnes(contract));
  const rest = max(0, most.minus(priced));
  const open = new Decimal(contract.openPrice);
  const pricedPrice = contract.fixedPrice === null ? open : new Decimal(contract.fixedPrice);
  const restPrice =
    contract.fixedPrice !== null && priced.greaterThanOrEqualTo(tonnage)
      ? isPricedLater(contract.kind)
        ? new Decimal(
            toleranceTonnesUnitPrice(rule, {
              pricedUnitPrice: contract.fixedPrice,
              marketUnitPrice: open.toString(),
            }),
          )
        : pricedPrice
      : open;
  return toFen(priced.times(pricedPrice).plus(rest.times(restPrice)));
}

/** Why a payment cannot be taken on its contract, if it cannot: it would take the goods money past the cap. */
export function paymentCapProblem(
  alreadyPaid: DecimalText,
  amount: DecimalText,
  cap: DecimalText,
  contractNo: string,
): Problem | null {
  const after = new Decimal(alreadyPaid).plus(amount);
  if (after.lessThanOrEqualTo(cap)) return null;
  const room = max(0, new Decimal(cap).minus(alreadyPaid)).toFixed(2);
  return problem(
    'credit.paymentCap',
    `合同 ${contractNo} 的货款上限为 ${new Decimal(cap).toFixed(2)} 元（含溢短装），已收及在途 ${new Decimal(alreadyPaid).toFixed(2)} 元，本笔最多 ${room} 元`,
    { cap: new Decimal(cap).toFixed(2), room },
  );
}
