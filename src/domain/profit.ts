// Profit (domain-money.md §6.2–6.4): what the house made on the cotton it sold, on one tax footing — revenue
// and cost both excluding VAT. Per settled batch: GP = revenue excl − cost (the batch cost of §6.1, its hedge
// P&L included) − sale-side costs excl; grouped by contract, batch, salesperson or month, each group the sum
// of its batches. On money collected: GP × collected / settled. Unsold stock: (market excl − unit cost excl)
// × W. The warehouse's turnover: opening + in − out = closing.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import type { DecimalText } from './quality.ts';

/** One hedge trade's realised P&L and the tonnes of it that hedge a contract (its lots or its fixings' share). */
export interface HedgeLink {
  /** The trade's realised P&L (its lots closed), CNY. */
  realisedPnl: DecimalText;
  /** The tonnes the trade covers (lots × lot size). */
  tradeTonnes: DecimalText;
  /** The tonnes of it linked to the contract. */
  linkedTonnes: DecimalText;
}

/**
 * The realised hedge P&L linked to a contract (exact, rounded only per batch) and the tonnes hedged: each
 * trade's P&L × linked tonnes / its tonnes (a pooled order shares its P&L by tonnes).
 */
export function linkedHedgePnl(links: readonly HedgeLink[]): { pnl: string; tonnes: string } {
  let pnl = new Decimal(0);
  let tonnes = new Decimal(0);
  for (const link of links) {
    const of = new Decimal(link.tradeTonnes);
    if (of.lessThanOrEqualTo(0)) continue;
    pnl = pnl.plus(new Decimal(link.realisedPnl).times(link.linkedTonnes).dividedBy(of));
    tonnes = tonnes.plus(link.linkedTonnes);
  }
  return { pnl: pnl.toString(), tonnes: tonnes.toString() };
}

/**
 * What the batch cost's hedge line divides by: the tonnes hedged, or the contract's batches when they are
 * more (a hedge of 40 t over 80 t of batches is shared by all 80 t, never given whole to each).
 */
export const hedgeBase = (hedgedTonnes: DecimalText, contractBatchTonnes: DecimalText): string =>
  Decimal.max(hedgedTonnes, contractBatchTonnes).toString();

/**
 * An amount spread over parts by weight to the fen, by the largest remainder: the shares sum to the amount
 * exactly (decision 15). Parts of weight 0 get 0.00; no weight at all gives every part 0.00.
 */
export function spreadByWeight(amount: DecimalText, weights: readonly DecimalText[]): string[] {
  const total = weights.reduce((sum: Decimal, w) => sum.plus(w), new Decimal(0));
  if (total.lessThanOrEqualTo(0)) return weights.map(() => '0.00');
  const fen = new Decimal(amount).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const exact = weights.map((w) => fen.times(w).dividedBy(total));
  const floors = exact.map((e) => e.toDecimalPlaces(0, Decimal.ROUND_FLOOR));
  let left = fen.minus(floors.reduce((sum: Decimal, f) => sum.plus(f), new Decimal(0))).toNumber();
  const order = exact
    .map((e, i) => ({ i, rest: e.minus(floors[i]!) }))
    .sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  const shares = [...floors];
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = shares[i]!.plus(1);
    left -= 1;
  }
  return shares.map((s) => s.dividedBy(100).toFixed(2));
}

/** Gross profit of a sale on one footing, excl. VAT: revenue − cost of the batches − sale-side costs. */
export function grossProfit(input: {
  revenueExcl: DecimalText;
  cost: DecimalText;
  saleCostsExcl?: DecimalText;
}): string {
  return toFen(new Decimal(input.revenueExcl).minus(input.cost).minus(input.saleCostsExcl ?? '0'));
}

/** GP per tonne, to the fen as shown (10,115.76 on 39.876 t = 253.68). Null without tonnes. */
export const perTonne = (amount: DecimalText, tonnes: DecimalText): string | null =>
  new Decimal(tonnes).lessThanOrEqualTo(0) ? null : toFen(new Decimal(amount).dividedBy(tonnes));

/**
 * Profit realised on money collected (回款利润): GP × collected / settled, the share never above the whole
 * (an overpayment collects no more profit). 0.00 while nothing is settled.
 */
export function profitOnCollection(gp: DecimalText, collected: DecimalText, settled: DecimalText): string {
  const whole = new Decimal(settled);
  if (whole.lessThanOrEqualTo(0)) return '0.00';
  const share = Decimal.min(1, Decimal.max(0, new Decimal(collected).dividedBy(whole)));
  return toFen(new Decimal(gp).times(share));
}

/** The fiscal year of a day (YYYY-MM-DD): it opens on 1 October, so 2025-10-01 is in FY 2026. */
export function fiscalYearOfDay(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month >= 10 ? year + 1 : year;
}

/**
 * Unsold stock marked to market on the excl. footing: (round(market incl / (1 + r)) − unit cost excl) × W.
 * P2601 at 15,200 incl (9 %), 13,704.12/t, 40.112 t: (13,944.95 − 13,704.12) × 40.112 = 9,660.17.
 */
export function unsoldMark(input: {
  marketIncluded: DecimalText;
  vatPercent: DecimalText;
  unitCostExcl: DecimalText;
  tonnes: DecimalText;
}): { marketExcl: string; mtm: string } {
  const marketExcl = toFen(
    new Decimal(input.marketIncluded).dividedBy(new Decimal(input.vatPercent).dividedBy(100).plus(1)),
  );
  return {
    marketExcl,
    mtm: toFen(new Decimal(marketExcl).minus(input.unitCostExcl).times(input.tonnes)),
  };
}

/** 进销存: closing = opening + in − out (tonnes to the kg). */
export const closingStock = (opening: DecimalText, inbound: DecimalText, outbound: DecimalText): string =>
  new Decimal(opening).plus(inbound).minus(outbound).toFixed(3);

/**
 * Stock days of a period: average stock / average daily out, with the average stock (opening + closing) / 2.
 * Null when nothing went out (the stock does not turn).
 */
export function stockDays(
  opening: DecimalText,
  closing: DecimalText,
  out: DecimalText,
  days: number,
): string | null {
  const outbound = new Decimal(out);
  if (outbound.lessThanOrEqualTo(0) || days <= 0) return null;
  return new Decimal(opening).plus(closing).dividedBy(2).dividedBy(outbound.dividedBy(days)).toFixed(1);
}
