// Interval warnings (domain.md §4): risk staff keep price bands per CF month (a lower and an upper line,
// either may be absent). A price crossing out of the band raises one warning: a price strictly below the
// lower line or strictly above the upper one is outside; one on a line is still inside. While prices stay
// outside on the same side nothing more is raised; once a price comes back inside (or jumps to the other
// side) the next crossing warns again.

import Decimal from 'decimal.js';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export interface PriceBand {
  /** CNY/t; absent = no lower line. */
  lower?: DecimalText | null;
  /** CNY/t; absent = no upper line. */
  upper?: DecimalText | null;
}

/** Where a price stands against a band. */
export type BandSide = 'inside' | 'below' | 'above';

export function bandSide(price: DecimalText, band: PriceBand): BandSide {
  const value = new Decimal(price);
  if (band.lower != null && value.lessThan(band.lower)) return 'below';
  if (band.upper != null && value.greaterThan(band.upper)) return 'above';
  return 'inside';
}

/**
 * The crossing a price makes after the previous price seen against the band: `below` or `above` when the
 * current price is outside and the previous one was not outside on that side (no previous price counts as
 * inside), else undefined (still inside, or still outside on the same side).
 */
export function bandCrossing(
  previous: DecimalText | null | undefined,
  current: DecimalText,
  band: PriceBand,
): Exclude<BandSide, 'inside'> | undefined {
  const now = bandSide(current, band);
  if (now === 'inside') return undefined;
  const before = previous == null ? 'inside' : bandSide(previous, band);
  return before === now ? undefined : now;
}

/** Why a band cannot be kept: no line at all, or a lower line not below the upper one. */
export function priceBandProblem(band: PriceBand): Problem | undefined {
  if (band.lower == null && band.upper == null)
    return problem('bandWithoutLines', '请至少填写下限或上限中的一个');
  if (band.lower != null && band.upper != null && !new Decimal(band.lower).lessThan(band.upper))
    return problem('bandInverted', `下限 ${band.lower} 应低于上限 ${band.upper}`, {
      lower: String(band.lower),
      upper: String(band.upper),
    });
  return undefined;
}
