// Pledge financing (domain-money.md §3, decisions 6, 7 and 15): the house pledges batches or warehouse
// receipts to a bank (role borrower). Each batch is valued at Px = S + B_mkt + QA, by default the lower of that
// market price and its unit cost; the collateral value CV is the sum of each line's round(W × Px). The
// loan-to-value is (L − deposit) / CV — cash paid to meet a call goes to a deposit and does not reduce the
// loan — read exactly (never the displayed percentage) against the warning, call and disposal lines. Freeing
// a subset X costs max(pro-rata share of L, what keeps the rest within the advance rate), capped at L, plus
// the interest on it; interest is counted in pieces as the margin interest is.

import Decimal from 'decimal.js';
import { type InterestPiece, type InterestTerms, marginInterest } from './marginInterest.ts';
import { toFen } from './money.ts';
import { isProblem, type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export const PLEDGE_VALUATIONS = ['market', 'lowerOfCostOrMarket'] as const;
export type PledgeValuation = (typeof PLEDGE_VALUATIONS)[number];

export const PLEDGE_RISK_STATUSES = ['normal', 'warning', 'called', 'disposing'] as const;
export type PledgeRiskStatus = (typeof PLEDGE_RISK_STATUSES)[number];

/** The facility's percentages: advance rate and the three lines, each a percent of CV. */
export interface PledgeLines {
  advancePercent: DecimalText;
  warningPercent: DecimalText;
  callPercent: DecimalText;
  disposalPercent: DecimalText;
}

/** What prices one batch on a day. */
export interface BatchPriceInput {
  /** The futures settlement S of the valuation month. */
  settlement: DecimalText;
  /** The market basis B_mkt of the batch's warehouse. */
  marketBasis: DecimalText;
  /** The batch's quality premium QA against the base grade. */
  qualityPremium: DecimalText;
  /** The batch's unit cost incl. VAT; null when it has none (then the market price stands). */
  unitCost: DecimalText | null;
}

/** Px_i: the market price S + B_mkt + QA, or the lower of it and the unit cost (rule 3.2.1). */
export function pledgePrice(input: BatchPriceInput, valuation: PledgeValuation): string {
  const market = new Decimal(input.settlement).plus(input.marketBasis).plus(input.qualityPremium);
  if (valuation === 'lowerOfCostOrMarket' && input.unitCost !== null)
    return Decimal.min(market, input.unitCost).toString();
  return market.toString();
}

/** A line's value: round(W × Px), to the fen. */
export const lineValue = (tonnes: DecimalText, price: DecimalText) => toFen(new Decimal(tonnes).times(price));

/** CV = Σ round(W_i × Px_i): the sum of the lines' values, never recomputed from a total. */
export const collateralValue = (lines: readonly { tonnes: DecimalText; price: DecimalText }[]) =>
  lines.reduce((sum, line) => sum.plus(lineValue(line.tonnes, line.price)), new Decimal(0)).toFixed(2);

/** The exact LTV (L − deposit) / CV as a fraction; null when nothing is left to value. */
export function loanToValue(principal: DecimalText, deposit: DecimalText, cv: DecimalText): Decimal | null {
  if (new Decimal(cv).lte(0)) return null;
  return Decimal.max(0, new Decimal(principal).minus(deposit)).dividedBy(cv);
}

/** The LTV as people read it: a percentage to two decimals (the status never reads this). */
export const ltvPercentShown = (ltv: Decimal | null) =>
  ltv === null ? null : ltv.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * The risk status from the exact LTV: disposing from the disposal line (or an open call past its deadline),
 * called from the call line, warning from the warning line, else normal. A loan with no collateral left and
 * money still owed is disposing.
 */
export function pledgeRiskStatus(
  ltv: Decimal | null,
  lines: PledgeLines,
  options: { principalOwed?: boolean; callOverdue?: boolean } = {},
): PledgeRiskStatus {
  if (options.callOverdue) return 'disposing';
  if (ltv === null) return options.principalOwed ? 'disposing' : 'normal';
  const reached = (percent: DecimalText) => ltv.gte(new Decimal(percent).dividedBy(100));
  if (reached(lines.disposalPercent)) return 'disposing';
  if (reached(lines.callPercent)) return 'called';
  if (reached(lines.warningPercent)) return 'warning';
  return 'normal';
}

/** Lines that make sense: 0 < advance ≤ warning ≤ call ≤ disposal ≤ 100. */
export function pledgeLinesProblem(lines: PledgeLines): Problem | null {
  const [a, w, c, d] = [
    lines.advancePercent,
    lines.warningPercent,
    lines.callPercent,
    lines.disposalPercent,
  ].map((value) => new Decimal(value)) as [Decimal, Decimal, Decimal, Decimal];
  if (a.lte(0) || d.gt(100) || a.gt(w) || w.gt(c) || c.gt(d))
    return problem(
      'pledge.lines',
      `质押率与预警线、追加线、处置线须满足 0 < 质押率 ≤ 预警线 ≤ 追加线 ≤ 处置线 ≤ 100（现为 ${a}、${w}、${c}、${d}）`,
    );
  return null;
}

/** A draw is allowed while L_new ≤ a × CV. */
export function drawProblem(
  principal: DecimalText,
  cv: DecimalText,
  advancePercent: DecimalText,
): Problem | null {
  const most = toFenDown(new Decimal(cv).times(advancePercent).dividedBy(100));
  if (new Decimal(principal).gt(most))
    return problem(
      'pledge.overAdvance',
      `放款金额 ${new Decimal(principal).toFixed(2)} 超过质押物价值 ${new Decimal(cv).toFixed(2)} × 质押率 ${advancePercent}% = ${most}`,
      { most },
    );
  return null;
}

const toFenDown = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
const toFenUp = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);

/** What restores the advance rate when called: cash L − deposit − a × CV, or more collateral worth (L − deposit)/a − CV. */
export function pledgeTopUp(
  principal: DecimalText,
  deposit: DecimalText,
  cv: DecimalText,
  advancePercent: DecimalText,
): { cash: string; collateral: string } {
  const exposure = new Decimal(principal).minus(deposit);
  const a = new Decimal(advancePercent).dividedBy(100);
  return {
    cash: toFenUp(Decimal.max(0, exposure.minus(a.times(cv)))),
    collateral: toFenUp(Decimal.max(0, exposure.dividedBy(a).minus(cv))),
  };
}

/** The principal due to free a subset X of the pledged lines (rule 3.2.7). */
export interface RedemptionPrincipal {
  /** round(L × CV_X / CV). */
  proRata: string;
  /** L − deposit − a × CV_rest, rounded up to the fen (decision 15), never below 0. */
  keepLtv: string;
  /** The larger, capped at L. */
  principal: string;
}

export function redemptionPrincipal(input: {
  principal: DecimalText;
  deposit?: DecimalText;
  cv: DecimalText;
  cvRedeemed: DecimalText;
  advancePercent: DecimalText;
}): RedemptionPrincipal {
  const loan = new Decimal(input.principal);
  const cv = new Decimal(input.cv);
  const rest = cv.minus(input.cvRedeemed);
  const proRata = cv.lte(0) ? loan : loan.times(input.cvRedeemed).dividedBy(cv);
  const keep = Decimal.max(
    0,
    loan.minus(input.deposit ?? 0).minus(new Decimal(input.advancePercent).dividedBy(100).times(rest)),
  );
  const proRataFen = toFen(proRata);
  const keepFen = toFenUp(keep);
  const larger = Decimal.max(proRataFen, keepFen);
  return { proRata: proRataFen, keepLtv: keepFen, principal: Decimal.min(larger, loan).toFixed(2) };
}

/** The bank's convention for a facility: the day count, and whether the last day is counted (算头不算尾: no). */
export interface LoanInterestTerms {
  ratePercent: DecimalText;
  dayCount: InterestTerms['dayCount'];
  countLastDay: boolean;
}

/**
 * Interest on a loan balance from `from` to `to` in pieces: the balance changes by `movements` (+ drawn,
 * − repaid, by value date). Under 算头不算尾 the last day earns nothing.
 */
export function loanInterest(input: {
  from: string;
  to: string;
  movements: readonly { valueDate: string; amount: DecimalText }[];
  terms: LoanInterestTerms;
}): { interest: string; pieces: InterestPiece[] } | Problem {
  const through = input.terms.countLastDay ? input.to : dayBefore(input.to);
  if (through < input.from) return { interest: '0.00', pieces: [] };
  return marginInterest({
    from: input.from,
    through,
    movements: input.movements,
    terms: [
      { effectiveFrom: input.from, ratePercent: input.terms.ratePercent, dayCount: input.terms.dayCount },
    ],
  });
}

/** Interest on the principal repaid at a redemption: P_X × r × days / basis, from the later of the draw and the last interest day. */
export function redemptionInterest(
  principalDue: DecimalText,
  since: string,
  on: string,
  terms: LoanInterestTerms,
): string {
  const counted = loanInterest({
    from: since,
    to: on,
    movements: [{ valueDate: since, amount: principalDue }],
    terms,
  });
  return isProblem(counted) ? '0.00' : counted.interest;
}

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The day a call must be met: `days` calendar days after it is raised, moved off a weekend. */
export function pledgeCallDeadline(raisedOn: string, days: number): string {
  let at = Date.parse(`${raisedOn}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    at += 86_400_000;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at).toISOString().slice(0, 10);
}
