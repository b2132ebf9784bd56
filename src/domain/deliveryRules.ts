// The exchange's delivery table of a crop year (domain.md §1): the premium (+) or discount (−) of each
// grade against the base grade 3128B, how a batch's grade is found for each indicator, and the limits
// beyond which a batch cannot be delivered. One versioned source for premiums and deliverability.

import Decimal from 'decimal.js';
import { type DecimalText, lengthGrade, micronaireClass, strengthGrade, uniformityGrade } from './quality.ts';

export const INDICATORS = ['colour', 'length', 'micronaire', 'strength', 'uniformity', 'ginning'] as const;
export type Indicator = (typeof INDICATORS)[number];

/**
 * How a batch's premium of an indicator follows from its bales (ZCE delivery rules): `baleShare` weights
 * each bale's grade by its share of the bales, `dominantClass` takes the grade most bales have (主体),
 * `batchAverage` grades the batch's average value.
 */
export type PremiumMethod = 'baleShare' | 'dominantClass' | 'batchAverage';

export type UndeliverableReason =
  | 'trash'
  | 'moistureRegain'
  | 'colour'
  | 'length'
  | 'micronaire'
  | 'strength'
  | 'uniformity';

export interface DeliveryLimits {
  /** Trash above this percentage cannot be delivered. */
  maxTrashPercent: DecimalText;
  /** A bale whose moisture regain is above this percentage cannot be delivered. */
  maxBaleRegainPercent: DecimalText;
  /** Length grades below this are refused. */
  minLengthGrade: number;
  /** Grades the exchange refuses whatever their premium. */
  undeliverableGrades: {
    colour: readonly string[];
    micronaire: readonly string[];
    strength: readonly string[];
    uniformity: readonly string[];
  };
}

export interface DeliveryTable {
  /** The crop year from which the exchange applies it (2016/17). */
  cropYear: string;
  /** CNY/t per premium-table row of each indicator. */
  premiums: Readonly<Record<Indicator, Readonly<Record<string, DecimalText>>>>;
  /**
   * The premium-table row of a grade where the two differ: the "≥30" length row prices 30, 31 and 32 alike
   * and the micronaire row B prices B1 and B2.
   */
  rows: Readonly<Partial<Record<Indicator, Readonly<Record<string, string>>>>>;
  methods: Readonly<Record<Indicator, PremiumMethod>>;
  limits: DeliveryLimits;
}

const grades = (entries: [string, number][]) =>
  Object.fromEntries(entries.map(([grade, premium]) => [grade, String(premium)]));

/** The seed version: the 2016/17 table of domain.md §1. */
export const DELIVERY_TABLE_2016_17: DeliveryTable = {
  cropYear: '2016/17',
  premiums: {
    colour: grades([
      ['11', 500],
      ['21', 300],
      ['31', 0],
      ['41', -400],
      ['12', -150],
      ['22', -450],
    ]),
    length: grades([
      ['30', 600],
      ['29', 300],
      ['28', 0],
      ['27', -300],
    ]),
    micronaire: grades([
      ['A', 200],
      ['B', 0],
      ['C2', -100],
    ]),
    strength: grades([
      ['S1', 500],
      ['S2', 250],
      ['S3', 0],
      ['S4', -300],
    ]),
    uniformity: grades([
      ['U1', 250],
      ['U2', 150],
      ['U3', 0],
      ['U4', -300],
    ]),
    ginning: grades([
      ['P1', 200],
      ['P2', 0],
      ['P3', -300],
    ]),
  },
  rows: { length: { '31': '30', '32': '30' }, micronaire: { B1: 'B', B2: 'B' } },
  methods: {
    colour: 'baleShare',
    ginning: 'baleShare',
    micronaire: 'dominantClass',
    length: 'batchAverage',
    strength: 'batchAverage',
    uniformity: 'batchAverage',
  },
  limits: {
    maxTrashPercent: '3.5',
    maxBaleRegainPercent: '10',
    minLengthGrade: 27,
    undeliverableGrades: {
      colour: ['51', '32', '13', '23', '33', '14', '24'],
      micronaire: ['C1'],
      strength: ['S5'],
      uniformity: ['U5'],
    },
  },
};

const PREMIUM_METHODS: readonly PremiumMethod[] = ['baleShare', 'dominantClass', 'batchAverage'];
/** Indicators measured as a number, so a batch average has a grade (colour and ginning are grades only). */
const AVERAGED: readonly Indicator[] = ['length', 'micronaire', 'strength', 'uniformity'];

/**
 * The premium methods of a stored version (how each indicator's bales make the batch's premium), checked:
 * every indicator named once with a known method, and `batchAverage` only where a batch average exists.
 * The exchange changes these with its delivery rules, so they are stored beside the limits of a crop year.
 */
export function premiumMethodsFrom(stored: unknown): Record<Indicator, PremiumMethod> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
    throw new Error('Premium methods must be an object naming a method per indicator');
  const methods = stored as Record<string, unknown>;
  for (const indicator of INDICATORS) {
    const method = methods[indicator];
    if (!PREMIUM_METHODS.includes(method as PremiumMethod))
      throw new Error(`The premium method of ${indicator} must be one of ${PREMIUM_METHODS.join(', ')}`);
    if (method === 'batchAverage' && !AVERAGED.includes(indicator))
      throw new Error(`${indicator} has no batch average: its premium method cannot be batchAverage`);
  }
  return Object.fromEntries(INDICATORS.map((indicator) => [indicator, methods[indicator]])) as Record<
    Indicator,
    PremiumMethod
  >;
}

/** The table that applies to a crop year: the newest whose crop year is not after it. */
export function deliveryTableFor(
  cropYear: string,
  tables: readonly DeliveryTable[],
): DeliveryTable | undefined {
  return tables
    .filter((table) => table.cropYear <= cropYear)
    .reduce<DeliveryTable | undefined>(
      (newest, table) => (newest && newest.cropYear > table.cropYear ? newest : table),
      undefined,
    );
}

/** The premium-table row a grade is priced on. */
export const premiumRow = (table: DeliveryTable, indicator: Indicator, grade: string): string =>
  table.rows[indicator]?.[grade] ?? grade;

/** CNY/t of a grade, or null when the table does not price it (it cannot be delivered). */
export function gradePremium(table: DeliveryTable, indicator: Indicator, grade: string): Decimal | null {
  const premium = table.premiums[indicator][premiumRow(table, indicator, grade)];
  return premium === undefined ? null : new Decimal(premium);
}

/** Whether the exchange refuses a grade of an indicator (ginning grades are all deliverable). */
export function isUndeliverableGrade(table: DeliveryTable, indicator: Indicator, grade: string): boolean {
  if (indicator === 'ginning') return false;
  if (indicator === 'length') return Number(grade) < table.limits.minLengthGrade;
  return table.limits.undeliverableGrades[indicator].includes(grade);
}

/** One row per indicator and grade, as the premium table is stored (quality_premiums). */
export function premiumTableRows(table: DeliveryTable) {
  return INDICATORS.flatMap((indicator) =>
    Object.entries(table.premiums[indicator]).map(([grade, premium]) => ({
      cropYear: table.cropYear,
      indicator,
      grade,
      premium: new Decimal(premium).toFixed(2),
    })),
  );
}

/** A table from stored premium rows of one crop year; methods, row mapping and limits from `base`. */
export function deliveryTableFromRows(
  cropYear: string,
  rows: readonly { indicator: string; grade: string; premium: DecimalText }[],
  base: DeliveryTable = DELIVERY_TABLE_2016_17,
): DeliveryTable {
  const premiums = Object.fromEntries(
    INDICATORS.map((indicator) => [
      indicator,
      Object.fromEntries(
        rows.filter((row) => row.indicator === indicator).map((row) => [row.grade, String(row.premium)]),
      ),
    ]),
  ) as Record<Indicator, Record<string, DecimalText>>;
  return { ...base, cropYear, premiums };
}

/** A batch's figures as its certificate gives them (one value per indicator). */
export interface BatchFigures {
  trashPercent: DecimalText;
  moistureRegainPercent: DecimalText;
  colourGrade: string;
  lengthMm: DecimalText;
  micronaire: DecimalText;
  strength: DecimalText;
  uniformity: DecimalText;
}

/**
 * Why the exchange would refuse the batch (domain.md §1 "Not deliverable"); empty if it would take it. For a
 * batch known by its certificate only; its regain stands for every bale's. With bales, see `batchFromBales`.
 */
export function undeliverableReasons(figures: BatchFigures, table: DeliveryTable): UndeliverableReason[] {
  const { limits } = table;
  const checks: [UndeliverableReason, boolean][] = [
    ['trash', new Decimal(figures.trashPercent).greaterThan(limits.maxTrashPercent)],
    ['moistureRegain', new Decimal(figures.moistureRegainPercent).greaterThan(limits.maxBaleRegainPercent)],
    ['colour', isUndeliverableGrade(table, 'colour', figures.colourGrade)],
    ['length', isUndeliverableGrade(table, 'length', lengthGrade(figures.lengthMm))],
    ['micronaire', isUndeliverableGrade(table, 'micronaire', micronaireClass(figures.micronaire))],
    ['strength', isUndeliverableGrade(table, 'strength', strengthGrade(figures.strength))],
    ['uniformity', isUndeliverableGrade(table, 'uniformity', uniformityGrade(figures.uniformity))],
  ];
  return checks.filter(([, applies]) => applies).map(([reason]) => reason);
}
