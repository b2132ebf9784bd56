// Batch cost (domain-money.md §6.1): what a batch of cotton cost the house, excluding VAT, because
// deductible VAT is not a cost (VAT that cannot be deducted, as on interest, is):
//   cost = purchase + freight + storage + insurance + supervision + inspection + interest − hedge P&L allocated
// (a hedge loss adds, a gain subtracts), unit cost = cost / W. Each cost line is estimated from its record
// (rate × base) until its actual invoice is matched; the statement shows both and the difference. Every line
// is taken out of VAT once and rounded to the fen (decision 11: amounts, never a rounded unit price × W).

import Decimal from 'decimal.js';
import type { DayCount } from './marginInterest.ts';
import { splitVat, toFen } from './money.ts';
import type { DecimalText } from './quality.ts';

export const COST_COMPONENTS = [
  'purchase',
  'freight',
  'storage',
  'insurance',
  'supervision',
  'inspection',
  'interest',
] as const;
export type CostComponent = (typeof COST_COMPONENTS)[number];

/** An amount as a document states it: tax-inclusive, with its VAT rate (null: no deductible VAT). */
export interface CostAmount {
  included: DecimalText;
  vatPercent: DecimalText | null;
}

/** One cost of a batch: a contract line, a movement's freight, a warehouse fee, the funding interest. */
export interface CostLine {
  component: CostComponent;
  /** The document it comes from (a contract, a movement, a fee number): the drill-down names it. */
  source: string;
  /** From the record: rate × base. */
  estimated: CostAmount;
  /** From the matched invoice; absent while the cost is estimated. */
  actual?: CostAmount;
}

export interface ComponentCost {
  component: CostComponent;
  /** Σ of its lines' estimates, excluding VAT. */
  estimated: string;
  /** Σ of its lines' actuals once every line has one, else null. */
  actual: string | null;
  /** actual − estimated, null while any line is estimated. */
  difference: string | null;
  /** What the cost counts: each line's actual where it has one, else its estimate. */
  cost: string;
}

export interface BatchCost {
  tonnes: string;
  /** Every component, in COST_COMPONENTS order (0.00 where the batch has no line of it). */
  components: ComponentCost[];
  costBeforeHedge: string;
  /** Hedge P&L allocated to the batch: + a gain (lowers the cost), − a loss. */
  hedgePnl: string;
  cost: string;
  /** Exact (rounded only where shown): cost / W. */
  unitCostBeforeHedge: string;
  unitCost: string;
  /** Every line of the cost has its actual invoice. */
  allActual: boolean;
}

/** A line's amount excluding VAT, rounded once to the fen; a line without deductible VAT counts whole. */
export const excludingVat = (amount: CostAmount): string =>
  amount.vatPercent === null ? toFen(amount.included) : splitVat(amount.included, amount.vatPercent).excluded;

const sum = (values: readonly DecimalText[]) =>
  values.reduce((total: Decimal, value) => total.plus(value), new Decimal(0)).toFixed(2);

/** The purchase of a batch: W × P, tax-inclusive, rounded once (39.876 t × 14,300 = 570,226.80). */
export const purchaseAmount = (tonnes: DecimalText, unitPrice: DecimalText): string =>
  toFen(new Decimal(tonnes).times(unitPrice));

/** Days funded from the day paid to the day the cost is read: the first day counts, the last does not. */
export function fundedDays(from: string, to: string): number {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, Math.round(days));
}

/**
 * Interest on the money a batch ties up: principal × rate/100 × days / (365 or 360), to the fen
 * (570,226.80 at 3.45 % for 60 days ACT/365 = 3,233.89). Never deductible: it is a cost whole.
 */
export const fundingInterest = (input: {
  principal: DecimalText;
  ratePercent: DecimalText;
  days: number;
  dayCount: DayCount;
}): string =>
  toFen(
    new Decimal(input.principal)
      .times(input.ratePercent)
      .dividedBy(100)
      .times(input.days)
      .dividedBy(input.dayCount === 'ACT/360' ? 360 : 365),
  );

/**
 * A batch's share of the realised P&L of hedge lots covering more tonnes than it, by tonnes (pooled hedges):
 * −16,000 on 40 t, for 39.876 t, is −15,950.40.
 */
export function allocatedHedgePnl(pnl: DecimalText, batchTonnes: DecimalText, hedgedTonnes: DecimalText) {
  const hedged = new Decimal(hedgedTonnes);
  if (hedged.lessThanOrEqualTo(0)) return '0.00';
  return toFen(new Decimal(pnl).times(batchTonnes).dividedBy(hedged));
}

function componentCost(component: CostComponent, lines: readonly CostLine[]): ComponentCost {
  const own = lines.filter((line) => line.component === component);
  const estimated = sum(own.map((line) => excludingVat(line.estimated)));
  const actual =
    own.length > 0 && own.every((line) => line.actual) ? sum(own.map((l) => excludingVat(l.actual!))) : null;
  return {
    component,
    estimated,
    actual,
    difference: actual === null ? null : new Decimal(actual).minus(estimated).toFixed(2),
    cost: sum(own.map((line) => excludingVat(line.actual ?? line.estimated))),
  };
}

/**
 * The cost of a batch of W tonnes from its lines and the hedge P&L allocated to it. Null without a purchase
 * line or a weight: a batch whose purchase is unknown has no cost (blank), never a cost of 0.
 */
export function batchCost(input: {
  tonnes: DecimalText;
  lines: readonly CostLine[];
  hedgePnl?: DecimalText | null;
}): BatchCost | null {
  const tonnes = new Decimal(input.tonnes);
  if (tonnes.lessThanOrEqualTo(0) || !input.lines.some((line) => line.component === 'purchase')) return null;
  const components = COST_COMPONENTS.map((component) => componentCost(component, input.lines));
  const costBeforeHedge = sum(components.map((c) => c.cost));
  const hedgePnl = toFen(input.hedgePnl ?? '0');
  const cost = new Decimal(costBeforeHedge).minus(hedgePnl).toFixed(2);
  return {
    tonnes: tonnes.toString(),
    components,
    costBeforeHedge,
    hedgePnl,
    cost,
    unitCostBeforeHedge: new Decimal(costBeforeHedge).dividedBy(tonnes).toString(),
    unitCost: new Decimal(cost).dividedBy(tonnes).toString(),
    allActual: input.lines.every((line) => line.actual !== undefined),
  };
}
