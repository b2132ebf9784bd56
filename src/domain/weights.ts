// Weights in tonnes as a tenant shows them: `weightDigit` decimals (a tenant setting, passed in). The same
// validator serves the form and the server, so a weight refused by one is refused by the other.

import Decimal from 'decimal.js';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

const KG_PER_TONNE = 1000;

export const kilogramsToTonnes = (kg: Decimal | DecimalText): Decimal =>
  new Decimal(kg).dividedBy(KG_PER_TONNE);

/** Tonnes with `weightDigit` decimals (half up). */
export const formatTonnes = (tonnes: Decimal | DecimalText, weightDigit: number): string =>
  new Decimal(tonnes).toDecimalPlaces(weightDigit, Decimal.ROUND_HALF_UP).toFixed(weightDigit);

const TONNES = /^\d+(\.\d+)?$/;

/** Why a weight in tonnes is refused, or undefined when it is a non-negative number of at most weightDigit decimals. */
export function weightProblem(value: string | number, weightDigit: number): Problem | undefined {
  const text = String(value).trim();
  if (!TONNES.test(text)) return problem('weightNotANumber', `重量“${text}”不是数字（吨）`, { value: text });
  if (new Decimal(text).decimalPlaces() > weightDigit)
    return problem('weightDigits', `重量 ${text} 吨最多保留 ${weightDigit} 位小数`, {
      value: text,
      digits: weightDigit,
    });
  return undefined;
}
