// Interest on the margin the company posts to a supplier on purchase contracts (domain.md §4, §7): each day's
// balance (what was paid minus what came back, movements counted from their value date) earns the annual rate
// of that day under that day's day count convention — ACT/365 or ACT/360, both stored versioned settings.
// The period is cut where the balance, the rate or the convention changes; each piece's interest is
// balance × rate/100 × days / (365 or 360), rounded to the fen, and the accrual is the sum of the pieces, so
// the detail adds up to the total.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export type DayCount = 'ACT/365' | 'ACT/360';

export const DAY_COUNTS: readonly DayCount[] = ['ACT/365', 'ACT/360'];

/** The terms in force from a day (YYYY-MM-DD) until the next terms. */
export interface InterestTerms {
  effectiveFrom: string;
  /** Annual rate, percent. */
  ratePercent: DecimalText;
  dayCount: DayCount;
}

/** A ledger movement as it counts for interest: + paid to the supplier, − returned by them. */
export interface BalanceMovement {
  valueDate: string;
  amount: DecimalText;
}

export interface InterestPiece {
  /** First day of the piece. */
  from: string;
  /** Last day of the piece (inclusive). */
  through: string;
  days: number;
  balance: string;
  ratePercent: string;
  dayCount: DayCount;
  interest: string;
}

export interface MarginInterest {
  interest: string;
  pieces: InterestPiece[];
}

const DAY = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY;
const dayText = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const DAYS_A_YEAR: Record<DayCount, number> = { 'ACT/365': 365, 'ACT/360': 360 };

/**
 * Interest from `from` through `through` (both YYYY-MM-DD, inclusive). Movements before `from` make the
 * opening balance; those after `through` do not count. Pieces with a zero balance earn nothing and are left
 * out. Refused when the period is reversed or no terms are in force on its first day.
 */
export function marginInterest(input: {
  from: string;
  through: string;
  movements: readonly BalanceMovement[];
  terms: readonly InterestTerms[];
}): MarginInterest | Problem {
  const start = dayNumber(input.from);
  const end = dayNumber(input.through) + 1;
  if (!(end > start))
    return problem('periodReversed', `计息截止日 ${input.through} 早于起始日 ${input.from}`);
  const terms = [...input.terms].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  if (!terms.some((t) => dayNumber(t.effectiveFrom) <= start))
    return problem('noInterestTerms', `${input.from} 没有有效的保证金利率设置`);
  const unknown = terms.find((t) => !DAY_COUNTS.includes(t.dayCount));
  if (unknown)
    return problem('unknownDayCount', `计息基准 ${unknown.dayCount} 无法识别，应为 ACT/365 或 ACT/360`);
  const cuts = new Set<number>([start, end]);
  for (const m of input.movements) {
    const day = dayNumber(m.valueDate);
    if (day > start && day < end) cuts.add(day);
  }
  for (const t of terms) {
    const day = dayNumber(t.effectiveFrom);
    if (day > start && day < end) cuts.add(day);
  }
  const edges = [...cuts].sort((a, b) => a - b);
  const pieces: InterestPiece[] = [];
  let total = new Decimal(0);
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const balance = input.movements
      .filter((m) => dayNumber(m.valueDate) <= from)
      .reduce((sum, m) => sum.plus(m.amount), new Decimal(0));
    if (balance.isZero()) continue;
    const inForce = terms.filter((t) => dayNumber(t.effectiveFrom) <= from).at(-1)!;
    const days = to - from;
    const interest = toFen(
      balance.times(inForce.ratePercent).dividedBy(100).times(days).dividedBy(DAYS_A_YEAR[inForce.dayCount]),
    );
    total = total.plus(interest);
    pieces.push({
      from: dayText(from),
      through: dayText(to - 1),
      days,
      balance: balance.toFixed(2),
      ratePercent: new Decimal(inForce.ratePercent).toString(),
      dayCount: inForce.dayCount,
      interest,
    });
  }
  return { interest: total.toFixed(2), pieces };
}
