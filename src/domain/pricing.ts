// Basis trading and point pricing (domain.md §3): who prices a contract, the average of its fixings, the
// unit price they give, the hedge lots a fixing implies, the price-neutral roll and the forced fixing.
// Tonnes to 4 decimals (kg), prices and amounts to the fen, all in decimal arithmetic.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export type ContractSide = 'purchase' | 'sale';
/** spot: fixed price; basis: point pricing; deferred: goods out first, priced later; provisional: settled on a provisional price. */
export type ContractKind = 'spot' | 'basis' | 'deferred' | 'provisional';
export type PricingParty = 'buyer' | 'seller';
export type PricingState = 'unpriced' | 'partial' | 'priced';

/** Kinds whose price is fixed later against a futures month. */
export const PRICED_LATER: readonly ContractKind[] = ['basis', 'deferred'];

export const isPricedLater = (kind: string): boolean => PRICED_LATER.includes(kind as ContractKind);

/** The pricing party follows from side and kind, never typed: the buyer on a sale, the seller on a purchase. */
export function pricingParty(side: ContractSide, kind: ContractKind): PricingParty | null {
  if (!isPricedLater(kind)) return null;
  return side === 'sale' ? 'buyer' : 'seller';
}

const tonnes = (value: Decimal) => value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);

export interface Fixing {
  tonnage: DecimalText;
  futuresPrice: DecimalText;
}

/** Σ Fᵢ·qᵢ, exact: what the fixings' futures prices amount to (kept on the contract, never rounded). */
export const fixedFuturesAmount = (fixings: readonly Fixing[]): string =>
  fixings
    .reduce((sum, f) => sum.plus(new Decimal(f.futuresPrice).times(f.tonnage)), new Decimal(0))
    .toString();

/**
 * F̄ = Σ(Fᵢ·qᵢ)/Σqᵢ unrounded, from the exact amount and the fixed tonnes: what margin, credit and amounts
 * multiply (rounding happens once, in the amount); null before the first fixing.
 */
export function exactAverageFixedPrice(futuresAmount: DecimalText, fixed: DecimalText): string | null {
  const tonnes = new Decimal(fixed);
  return tonnes.isZero() ? null : new Decimal(futuresAmount).dividedBy(tonnes).toString();
}

/** F̄ = Σ(Fᵢ·qᵢ)/Σqᵢ, to the fen, as shown; null before the first fixing. */
export function averageFixedPrice(fixings: readonly Fixing[]): string | null {
  const exact = exactAverageFixedPrice(fixedFuturesAmount(fixings), fixedTonnage(fixings));
  return exact === null ? null : toFen(exact);
}

export function fixedTonnage(fixings: readonly Fixing[]): string {
  return tonnes(fixings.reduce((sum, f) => sum.plus(f.tonnage), new Decimal(0))).toFixed(4);
}

/** What is still to be priced: contract tonnage less what is fixed, never below zero. */
export function openTonnage(tonnage: DecimalText, fixed: DecimalText): string {
  return Decimal.max(0, new Decimal(tonnage).minus(fixed)).toFixed(4);
}

export function pricingState(tonnage: DecimalText, fixed: DecimalText): PricingState {
  const done = new Decimal(fixed);
  if (done.isZero()) return 'unpriced';
  return done.greaterThanOrEqualTo(tonnage) ? 'priced' : 'partial';
}

export interface UnitPriceParts {
  futuresPrice: DecimalText;
  basis: DecimalText;
  /** Σ quality premiums and discounts against the base grade (domain.md §1), CNY/t. */
  qualityPremium?: DecimalText;
  /** Location or freight adjustment, CNY/t. */
  locationAdjustment?: DecimalText;
}

/** P = F̄ + B + Σ quality premiums (+ location adjustment), CNY/t to the fen. */
export function contractUnitPrice(parts: UnitPriceParts): string {
  return toFen(
    new Decimal(parts.futuresPrice)
      .plus(parts.basis)
      .plus(parts.qualityPremium ?? 0)
      .plus(parts.locationAdjustment ?? 0),
  );
}

/** Amount of a tonnage at a unit price, to the fen. */
export const amountOf = (tonnage: DecimalText, unitPrice: DecimalText): string =>
  toFen(new Decimal(tonnage).times(unitPrice));

export interface HedgeLots {
  /** Whole lots the trader trades for the fixing. */
  lots: number;
  /** Tonnes left unhedged (less than one lot). */
  tail: string;
  /** buy back short futures when a buyer fixes on a sale; sell when a seller fixes on a purchase. */
  direction: 'buy' | 'sell';
}

/**
 * A fixing of q tonnes is hedged by ⌊q/lot⌋ lots (the lot: the versioned setting futuresLotTonnes on the
 * day, 5 t at the seed); the remainder stays as unhedged tonnes.
 */
export function hedgeLots(side: ContractSide, tonnage: DecimalText, lotTonnes: DecimalText): HedgeLots {
  const q = new Decimal(tonnage);
  const lots = q.dividedToIntegerBy(lotTonnes).toNumber();
  return {
    lots,
    tail: q.minus(new Decimal(lotTonnes).times(lots)).toFixed(4),
    direction: side === 'sale' ? 'buy' : 'sell',
  };
}

/** Rolling to another month keeps the price: B_new = B_old + (F_old − F_new). */
export function rollBasis(
  basis: DecimalText,
  oldMonthPrice: DecimalText,
  newMonthPrice: DecimalText,
): string {
  return toFen(new Decimal(basis).plus(oldMonthPrice).minus(newMonthPrice));
}

export interface PricedContract {
  side: ContractSide;
  kind: ContractKind;
  tonnage: DecimalText;
  basis: DecimalText;
  qualityPremium?: DecimalText;
  locationAdjustment?: DecimalText;
}

export interface FixingOutcome {
  fixedTonnage: string;
  openTonnage: string;
  /** F̄ to the fen, as shown. */
  averageFixedPrice: string;
  /** Σ Fᵢ·qᵢ of every fixing, exact. */
  fixedFuturesAmount: string;
  pricingState: PricingState;
  /** The unit price of the priced part, F̄ + B + premiums, to the fen as shown. */
  unitPrice: string;
  /** The priced part's amount, Σ Fᵢ·qᵢ + fixed × (B + premiums), rounded once. */
  pricedAmount: string;
  /** This fixing's tonnage at its own futures price + B + premiums. */
  fixingUnitPrice: string;
  fixingAmount: string;
  hedge: HedgeLots;
}

/**
 * Fix q tonnes at F on a contract already fixed by `fixings`: the new average, unit price, amounts and the
 * hedge it implies, or why it is refused (not priced later, nothing to fix, more than the open tonnage).
 */
export function fixContractPrice(
  contract: PricedContract,
  fixings: readonly Fixing[],
  fixing: Fixing,
  /** Tonnes per lot on the day (setting futuresLotTonnes). */
  lotTonnes: DecimalText,
): FixingOutcome | Problem {
  if (!isPricedLater(contract.kind))
    return problem('pricing.notPricedLater', '一口价合同没有点价，价格在合同中确定');
  const q = new Decimal(fixing.tonnage);
  if (q.lessThanOrEqualTo(0)) return problem('pricing.tonnagePositive', '点价吨数必须大于 0');
  if (new Decimal(fixing.futuresPrice).lessThanOrEqualTo(0))
    return problem('pricing.pricePositive', '期货价格必须大于 0');
  const open = openTonnage(contract.tonnage, fixedTonnage(fixings));
  if (q.greaterThan(open))
    return problem('pricing.overFixing', `点价吨数 ${q.toFixed(4)} 超过未点价吨数 ${open}`, {
      tonnage: q.toFixed(4),
      open,
    });
  const all = [...fixings, fixing];
  const fixed = fixedTonnage(all);
  const futuresAmount = fixedFuturesAmount(all);
  const premiums = {
    qualityPremium: contract.qualityPremium,
    locationAdjustment: contract.locationAdjustment,
  };
  const exactAverage = exactAverageFixedPrice(futuresAmount, fixed)!;
  const unitPrice = contractUnitPrice({ futuresPrice: exactAverage, basis: contract.basis, ...premiums });
  const adders = new Decimal(contract.basis)
    .plus(premiums.qualityPremium ?? 0)
    .plus(premiums.locationAdjustment ?? 0);
  const fixingUnitPrice = contractUnitPrice({
    futuresPrice: fixing.futuresPrice,
    basis: contract.basis,
    ...premiums,
  });
  return {
    fixedTonnage: fixed,
    openTonnage: openTonnage(contract.tonnage, fixed),
    averageFixedPrice: toFen(exactAverage),
    fixedFuturesAmount: futuresAmount,
    pricingState: pricingState(contract.tonnage, fixed),
    unitPrice,
    pricedAmount: toFen(new Decimal(futuresAmount).plus(adders.times(fixed))),
    fixingUnitPrice,
    fixingAmount: amountOf(q.toFixed(4), fixingUnitPrice),
    hedge: hedgeLots(contract.side, q.toFixed(4), lotTonnes),
  };
}

/**
 * A contract priced later is force-fixed (强制点价) at a day's settlement price when that day is on or after
 * its fixing deadline and tonnage is still open.
 */
export function forcedFixingDue(
  contract: { kind: string; fixingDeadline: string | null; tonnage: DecimalText; fixedTonnage: DecimalText },
  day: string,
): boolean {
  if (!isPricedLater(contract.kind) || !contract.fixingDeadline) return false;
  return (
    day >= contract.fixingDeadline &&
    new Decimal(openTonnage(contract.tonnage, contract.fixedTonnage)).greaterThan(0)
  );
}

/**
 * How tonnes delivered within the tolerance beyond the fixed tonnage are priced (domain-money.md §1.2 rule 2,
 * setting toleranceTonnesPrice): at the contract's average fixed price, F̄ + B + QA (averageFixed, the seed),
 * or at the settlement price of the day they go out, S + B + QA (settlementDayPrice). Fixings stop at the
 * contract tonnage T while delivery may reach T × (1 + t%): with this rule no delivered tonne is unpriced.
 */
export type ToleranceTonnesPrice = 'averageFixed' | 'settlementDayPrice';

export const TOLERANCE_TONNES_PRICES: readonly ToleranceTonnesPrice[] = [
  'averageFixed',
  'settlementDayPrice',
];

/**
 * The unit price of tolerance tonnes, exact (rounded only in the amount it multiplies): the priced tonnes'
 * unit price (F̄ + B + QA) or the market's on the day (S + B + QA).
 */
export function toleranceTonnesUnitPrice(
  rule: ToleranceTonnesPrice,
  prices: { pricedUnitPrice: DecimalText; marketUnitPrice: DecimalText },
): string {
  return new Decimal(rule === 'averageFixed' ? prices.pricedUnitPrice : prices.marketUnitPrice).toString();
}

/** Line tonnage must fit the contract's tonnage ± tolerance %. */
export function withinTolerance(
  lineTonnage: DecimalText,
  tonnage: DecimalText,
  tolerancePercent: DecimalText,
): boolean {
  const t = new Decimal(tonnage);
  const band = t.times(tolerancePercent).dividedBy(100);
  const lines = new Decimal(lineTonnage);
  return lines.greaterThanOrEqualTo(t.minus(band)) && lines.lessThanOrEqualTo(t.plus(band));
}

/** The lowest and highest line tonnage a contract allows, to the kg. */
export function toleranceBand(
  tonnage: DecimalText,
  tolerancePercent: DecimalText,
): { min: string; max: string } {
  const t = new Decimal(tonnage);
  const band = t.times(tolerancePercent).dividedBy(100);
  return { min: tonnes(t.minus(band)).toFixed(4), max: tonnes(t.plus(band)).toFixed(4) };
}
