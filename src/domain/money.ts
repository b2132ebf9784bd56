// Money and tax (domain.md §6): CNY with 2 decimals in decimal arithmetic, tax-inclusive amounts split into
// the part excluding VAT and the VAT, freight from a rate and a basis weight, and fee amounts by basis.

import Decimal from 'decimal.js';
import type { DecimalText } from './quality.ts';

/** An amount rounded to the fen (half up), as text with 2 decimals. */
export const toFen = (amount: Decimal | DecimalText): string =>
  new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Seed VAT rates, percent; the live rates are settings per item (vatLintPercent …). */
export const VAT_PERCENT_SEED = { lint: '9', freight: '9', storage: '6', insurance: '6' } as const;

export interface VatSplit {
  /** Tax-inclusive, as given. */
  included: string;
  excluded: string;
  vat: string;
}

/**
 * excl = incl / (1 + r), rounded to fen; VAT = incl − excl, so the two always add up to the inclusive
 * amount exactly.
 */
export function splitVat(included: DecimalText, vatPercent: DecimalText): VatSplit {
  const amount = new Decimal(included);
  const excluded = new Decimal(toFen(amount.dividedBy(new Decimal(vatPercent).dividedBy(100).plus(1))));
  return {
    included: amount.toFixed(2),
    excluded: excluded.toFixed(2),
    vat: amount.minus(excluded).toFixed(2),
  };
}

/** Which weight freight is charged on (**[param]**, a setting). */
export type FreightBasis = 'grossWeight' | 'conditionedWeight';

export interface FreightInput {
  ratePerTonne: DecimalText;
  basis: FreightBasis;
  grossWeightTonnes: DecimalText;
  conditionedWeightTonnes: DecimalText;
  vatPercent: DecimalText;
}

/** Freight = rate × the basis weight, rounded to fen, with its VAT. */
export function freight(input: FreightInput): VatSplit {
  const weight = input.basis === 'grossWeight' ? input.grossWeightTonnes : input.conditionedWeightTonnes;
  return splitVat(toFen(new Decimal(input.ratePerTonne).times(weight)), input.vatPercent);
}

const DAY_MS = 86_400_000;

/** Days charged for a period, both ends included (1 Nov – 30 Nov is 30 days). */
export function chargedDays(periodFrom: string, periodTo: string): number {
  return (
    Math.round((Date.parse(`${periodTo}T00:00:00Z`) - Date.parse(`${periodFrom}T00:00:00Z`)) / DAY_MS) + 1
  );
}

/** What a fee is charged on, with what that basis needs. */
export type FeeBasis =
  | { basis: 'perTonneDay'; rate: DecimalText; tonnes: DecimalText; periodFrom: string; periodTo: string }
  | { basis: 'perTonne'; rate: DecimalText; tonnes: DecimalText }
  | { basis: 'perBale'; rate: DecimalText; bales: number }
  | { basis: 'perBatch'; rate: DecimalText; batches: number }
  | { basis: 'percentOfValue'; rate: DecimalText; insuredValue: DecimalText }
  | { basis: 'lumpSum'; rate: DecimalText };

function unroundedFee(fee: FeeBasis): Decimal {
  const rate = new Decimal(fee.rate);
  switch (fee.basis) {
    case 'perTonneDay':
      return rate.times(fee.tonnes).times(chargedDays(fee.periodFrom, fee.periodTo));
    case 'perTonne':
      return rate.times(fee.tonnes);
    case 'perBale':
      return rate.times(fee.bales);
    case 'perBatch':
      return rate.times(fee.batches);
    case 'percentOfValue':
      return new Decimal(fee.insuredValue).times(rate).dividedBy(100);
    case 'lumpSum':
      return rate;
  }
}

/** The tax-inclusive amount of a fee, rounded once to fen. */
export const feeAmount = (fee: FeeBasis): string => toFen(unroundedFee(fee));
