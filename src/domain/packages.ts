// Resource packages (资源包) of the B2B storefront (domain-money.md §7): a package's quality summarised from
// the bales of its batches, how long a cart holds a package at its snapshot price, and whether a client's
// credit covers a purchase request.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import { type Problem, problem } from './problem.ts';
import {
  CERTIFICATE_DECIMALS,
  COLOUR_GRADES,
  type DecimalText,
  lengthGrade,
  MICRONAIRE_CLASSES,
  strengthGrade,
  uniformityGrade,
} from './quality.ts';

/** Bales per grade, as counted from a batch's bale file (or its certificate grade × its bales). */
export type GradeCounts = Readonly<Record<string, number>>;

/** What a package needs of one batch: its bales and tonnes, the bales per grade and its averages. */
export interface PackageBatch {
  batchNo: string;
  bales: number;
  /** Conditioned tonnes. */
  tonnes: DecimalText;
  colour: GradeCounts;
  micronaire: GradeCounts;
  lengthMm: DecimalText;
  micronaireValue: DecimalText;
  strength: DecimalText;
  uniformity: DecimalText;
}

export interface PackageGradeShare {
  grade: string;
  bales: number;
  /** Percent of the package's bales, two decimals. */
  percent: string;
}

export interface PackageQuality {
  batches: number;
  bales: number;
  tonnes: string;
  colourShares: PackageGradeShare[];
  /** The colour grade most bales have. */
  mainColour: string | null;
  micronaireShares: PackageGradeShare[];
  /** The micronaire class most bales have; a tie takes the worse class. */
  micronaireClass: string | null;
  lengthMm: string;
  micronaire: string;
  strength: string;
  uniformity: string;
  /** Grades of the exact bale-weighted averages, never of the rounded ones. */
  lengthGrade: string | null;
  strengthGrade: string | null;
  uniformityGrade: string | null;
}

/**
 * Micronaire classes best first: A, then the B band's high side (B2, 4.3–4.9) before its low side (B1, immature
 * fibre), then C2 before C1. A tie between classes takes the one later in this list.
 */
export const MICRONAIRE_CLASSES_BEST_FIRST = ['A', 'B2', 'B1', 'C2', 'C1'] as const;

const worseMicronaire = (a: string, b: string) =>
  MICRONAIRE_CLASSES_BEST_FIRST.indexOf(a as never) > MICRONAIRE_CLASSES_BEST_FIRST.indexOf(b as never);
/** Colour grades as the certificate orders them; a tie between colours takes the later one. */
const worseColour = (a: string, b: string) => COLOUR_GRADES.indexOf(a) > COLOUR_GRADES.indexOf(b);

function sumCounts(counts: readonly GradeCounts[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const count of counts)
    for (const [grade, bales] of Object.entries(count)) total.set(grade, (total.get(grade) ?? 0) + bales);
  return total;
}

function gradeShares(
  counts: Map<string, number>,
  bales: number,
  order: readonly string[],
): PackageGradeShare[] {
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || order.indexOf(a) - order.indexOf(b))
    .map(([grade, count]) => ({
      grade,
      bales: count,
      percent: new Decimal(count)
        .times(100)
        .dividedBy(bales)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2),
    }));
}

function mainGrade(counts: Map<string, number>, worse: (a: string, b: string) => boolean): string | null {
  let found: [string, number] | undefined;
  for (const [grade, count] of counts)
    if (count > 0 && (!found || count > found[1] || (count === found[1] && worse(grade, found[0]))))
      found = [grade, count];
  return found?.[0] ?? null;
}

type Averaged = 'lengthMm' | 'micronaireValue' | 'strength' | 'uniformity';

/** Σ value × bales / Σ bales, exact. */
const weighted = (batches: readonly PackageBatch[], field: Averaged, bales: number) =>
  batches
    .reduce((sum, batch) => sum.plus(new Decimal(batch[field]).times(batch.bales)), new Decimal(0))
    .dividedBy(bales);

/** At the certificate's precision, rounded as a batch's own averages are (GB/T 8170, half to even). */
const shown = (value: Decimal, decimals: number) =>
  value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_EVEN).toFixed(decimals);

/**
 * A package's quality from its batches (domain-money.md §7.3, decision 15): colour and micronaire shares
 * counted by bales, length, micronaire, strength and uniformity averaged weighted by bales, grades from the
 * exact averages. An empty package has no quality (null).
 */
export function packageQuality(batches: readonly PackageBatch[]): PackageQuality | null {
  const bales = batches.reduce((sum, batch) => sum + batch.bales, 0);
  if (batches.length === 0 || bales === 0) return null;
  const colour = sumCounts(batches.map((batch) => batch.colour));
  const micronaire = sumCounts(batches.map((batch) => batch.micronaire));
  const length = weighted(batches, 'lengthMm', bales);
  const strength = weighted(batches, 'strength', bales);
  const uniformity = weighted(batches, 'uniformity', bales);
  return {
    batches: batches.length,
    bales,
    tonnes: batches.reduce((sum, batch) => sum.plus(batch.tonnes), new Decimal(0)).toFixed(3),
    colourShares: gradeShares(colour, bales, COLOUR_GRADES),
    mainColour: mainGrade(colour, worseColour),
    micronaireShares: gradeShares(micronaire, bales, MICRONAIRE_CLASSES),
    micronaireClass: mainGrade(micronaire, worseMicronaire),
    lengthMm: shown(length, CERTIFICATE_DECIMALS.lengthMm),
    micronaire: shown(weighted(batches, 'micronaireValue', bales), CERTIFICATE_DECIMALS.micronaire),
    strength: shown(strength, CERTIFICATE_DECIMALS.strength),
    uniformity: shown(uniformity, CERTIFICATE_DECIMALS.uniformity),
    lengthGrade: lengthGrade(length.toString()),
    strengthGrade: strengthGrade(strength.toString()),
    uniformityGrade: uniformityGrade(uniformity.toString()),
  };
}

/** A package's value at a price per tonne: tonnes × price, rounded once to the fen. */
export const packageValue = (tonnes: DecimalText, pricePerTonne: DecimalText): string =>
  toFen(new Decimal(tonnes).times(pricePerTonne));

/** A wall-clock time `YYYY-MM-DD HH:mm:ss` (the business time zone's), as the wire carries it. */
export type ClockTime = string;

const CLOCK_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const clockMillis = (time: ClockTime): number => {
  const parts = CLOCK_TIME.exec(time);
  if (!parts) throw new Error(`Not a time: ${time}`);
  const [, y, mo, d, h, mi, s] = parts.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
};

const clockTime = (millis: number): ClockTime =>
  new Date(millis).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Until when a cart line holds its package at the snapshot price: added + the hold minutes (setting
 * platformCartHoldMinutes). With no hold minutes a cart holds nothing (null).
 */
export function holdExpiresAt(addedAt: ClockTime, holdMinutes: number): ClockTime | null {
  if (!Number.isInteger(holdMinutes) || holdMinutes < 0) throw new Error(`Bad hold minutes ${holdMinutes}`);
  return holdMinutes === 0 ? null : clockTime(clockMillis(addedAt) + holdMinutes * 60_000);
}

/** Whether a hold still holds at a time: up to and not including its expiry. */
export const holdIsLive = (expiresAt: ClockTime | null, now: ClockTime): boolean =>
  expiresAt !== null && clockMillis(now) < clockMillis(expiresAt);

export interface RequestCredit {
  /** The client's credit headroom (limit − what is used), null without a limit. */
  headroom: DecimalText | null;
  /** What the request would add: the package's value. */
  value: DecimalText;
  /** Setting platformRequireCredit: a client without a credit limit may not request. */
  requireCredit: boolean;
}

/**
 * Whether a client's credit covers a purchase request (domain-money.md §7.4): the request's value must fit in
 * the headroom; a client without a limit may request only when the house does not require credit.
 */
export function requestCreditProblem({ headroom, value, requireCredit }: RequestCredit): Problem | undefined {
  if (headroom === null)
    return requireCredit ? problem('noCreditLimit', '贵司尚未获得授信额度，请联系销售人员') : undefined;
  if (new Decimal(value).greaterThan(headroom))
    return problem(
      'creditExceeded',
      `本次采购金额 ${toFen(value)} 元超出可用授信额度 ${toFen(Decimal.max(0, headroom))} 元`,
      { value: toFen(value), headroom: toFen(Decimal.max(0, headroom)) },
    );
  return undefined;
}

/** The platform's trading hours (setting platformTradingHours): `HH:mm-HH:mm`, the end after the start. */
export interface TradingHours {
  from: string;
  to: string;
}

const HOURS = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** The trading hours a setting's text gives, or undefined where the text is not a day's window. */
export function tradingHoursOf(text: string): TradingHours | undefined {
  if (!HOURS.test(text)) return undefined;
  const [from, to] = text.split('-') as [string, string];
  return from < to ? { from, to } : undefined;
}

/** Whether a wall-clock time falls within the trading hours: from the start, up to and not including the end. */
export function withinTradingHours(hours: TradingHours, now: ClockTime): boolean {
  const time = now.slice(11, 16);
  return time >= hours.from && time < hours.to;
}

/**
 * Until when a purchase request waits for the desk (setting platformOrderExpiryMinutes): made + the minutes;
 * with no minutes it never expires (null).
 */
export function requestExpiresAt(createdAt: ClockTime, expiryMinutes: number): ClockTime | null {
  if (!Number.isInteger(expiryMinutes) || expiryMinutes < 0)
    throw new Error(`Bad expiry minutes ${expiryMinutes}`);
  return expiryMinutes === 0 ? null : clockTime(clockMillis(createdAt) + expiryMinutes * 60_000);
}

/** Whether a request still waiting has expired at a time: at its expiry or after. */
export const requestHasExpired = (expiresAt: ClockTime | null, now: ClockTime): boolean =>
  expiresAt !== null && clockMillis(now) >= clockMillis(expiresAt);
