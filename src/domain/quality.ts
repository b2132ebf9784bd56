// Quality grades of the public inspection (公检, domain.md §2) and the conditioned weight. Inputs are decimal
// text at the precision the certificate writes them; at that precision the lower-bound bands below leave no
// value between two grades (S2 is 29.0–30.9 and S1 starts at 31.0).

import Decimal from 'decimal.js';
import { type Problem, problem } from './problem.ts';

export type DecimalText = string;

/** Decimals the certificate writes for each quality value (domain.md §2: "measured to 0.1"). */
export const CERTIFICATE_DECIMALS = {
  lengthMm: 1,
  micronaire: 1,
  strength: 1,
  uniformity: 1,
  trashPercent: 1,
  moistureRegainPercent: 1,
} as const;

export type QualityValue = keyof typeof CERTIFICATE_DECIMALS;

/** Chinese names of the quality values, as the certificate heads them. */
export const QUALITY_VALUE_NAMES: Readonly<Record<QualityValue, string>> = {
  lengthMm: '长度',
  micronaire: '马克隆值',
  strength: '断裂比强度',
  uniformity: '长度整齐度',
  trashPercent: '含杂率',
  moistureRegainPercent: '回潮率',
};

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

export const isDecimalText = (value: string): boolean => DECIMAL_TEXT.test(value);

/** Whether a number has no more decimals than allowed; trailing zeros do not count (28.30 is 28.3). */
export const withinDecimals = (value: DecimalText, decimals: number): boolean =>
  new Decimal(value).decimalPlaces() <= decimals;

/** Every quality value given that is not a number at the certificate's precision, with what to fix. */
export function certificatePrecisionProblems(
  values: Partial<Record<QualityValue, DecimalText>>,
): (Problem & { field: QualityValue })[] {
  const found: (Problem & { field: QualityValue })[] = [];
  for (const [field, decimals] of Object.entries(CERTIFICATE_DECIMALS) as [QualityValue, number][]) {
    const value = values[field];
    if (value === undefined) continue;
    const name = QUALITY_VALUE_NAMES[field];
    if (!isDecimalText(value))
      found.push({ field, ...problem('notANumber', `${name}：“${value}”不是数字`, { value }) });
    else if (!withinDecimals(value, decimals))
      found.push({
        field,
        ...problem('certificatePrecision', `${name}：${value} 应按检验证书写到 ${decimals} 位小数`, {
          value,
          decimals,
        }),
      });
  }
  return found;
}

/** A grading by lower bounds, best first; a value below every bound takes the lowest grade. */
function gradesByLowerBound<G extends string>(bounds: readonly [G, string][], lowest: G) {
  const parsed = bounds.map(([grade, bound]) => [grade, new Decimal(bound)] as const);
  return (value: DecimalText): G => {
    const number = new Decimal(value);
    return parsed.find(([, bound]) => number.greaterThanOrEqualTo(bound))?.[0] ?? lowest;
  };
}

export const LENGTH_GRADES = ['25', '26', '27', '28', '29', '30', '31', '32'] as const;
export type LengthGrade = (typeof LENGTH_GRADES)[number];

/**
 * Length grade in whole millimetres by truncation (GB 1103.1): 28.0–28.9 mm is 28; 25.9 mm and below is 25,
 * 32.0 mm and above is 32. Grades 31 and 32 stay themselves; the premium table decides how it prices them.
 */
export function lengthGrade(lengthMm: DecimalText): LengthGrade {
  const whole = Decimal.max(25, Decimal.min(32, new Decimal(lengthMm).truncated()));
  return whole.toString() as LengthGrade;
}

export const MICRONAIRE_CLASSES = ['A', 'B1', 'B2', 'C1', 'C2'] as const;
export type MicronaireClass = (typeof MICRONAIRE_CLASSES)[number];

/** Micronaire: C1 ≤3.4 · B1 3.5–3.6 · A 3.7–4.2 · B2 4.3–4.9 · C2 ≥5.0. */
export const micronaireClass: (value: DecimalText) => MicronaireClass = gradesByLowerBound<MicronaireClass>(
  [
    ['C2', '5.0'],
    ['B2', '4.3'],
    ['A', '3.7'],
    ['B1', '3.5'],
  ],
  'C1',
);

export const STRENGTH_GRADES = ['S1', 'S2', 'S3', 'S4', 'S5'] as const;
export type StrengthGrade = (typeof STRENGTH_GRADES)[number];

/** Breaking strength cN/tex: S1 ≥31 · S2 29–30.9 · S3 26–28.9 · S4 24–25.9 · S5 <24. */
export const strengthGrade: (value: DecimalText) => StrengthGrade = gradesByLowerBound<StrengthGrade>(
  [
    ['S1', '31'],
    ['S2', '29'],
    ['S3', '26'],
    ['S4', '24'],
  ],
  'S5',
);

export const UNIFORMITY_GRADES = ['U1', 'U2', 'U3', 'U4', 'U5'] as const;
export type UniformityGrade = (typeof UNIFORMITY_GRADES)[number];

/** Length uniformity %: U1 ≥86 · U2 83–85.9 · U3 80–82.9 · U4 77–79.9 · U5 <77. */
export const uniformityGrade: (value: DecimalText) => UniformityGrade = gradesByLowerBound<UniformityGrade>(
  [
    ['U1', '86'],
    ['U2', '83'],
    ['U3', '80'],
    ['U4', '77'],
  ],
  'U5',
);

export const COLOUR_GRADES = ['11', '21', '31', '41', '51', '12', '22', '32', '13', '23', '33', '14', '24'];
export const GINNING_GRADES = ['P1', 'P2', 'P3'];

/** The trash and moisture regain a conditioned weight is brought to (saw-ginned lint, domain.md §2). */
export interface StandardConditions {
  trashPercent: DecimalText;
  moistureRegainPercent: DecimalText;
}

export const STANDARD_CONDITIONS: StandardConditions = { trashPercent: '2.5', moistureRegainPercent: '8.5' };

export const netWeight = (grossWeightKg: DecimalText, tareWeightKg: DecimalText): Decimal =>
  new Decimal(grossWeightKg).minus(tareWeightKg);

export interface ConditioningInput {
  netWeightKg: DecimalText | Decimal;
  trashPercent: DecimalText;
  moistureRegainPercent: DecimalText;
}

/** W_net × (100 − trash)/(100 − standard trash) × (100 + standard regain)/(100 + regain), unrounded. */
export function conditionedWeightExact(
  input: ConditioningInput,
  standard: StandardConditions = STANDARD_CONDITIONS,
): Decimal {
  const hundred = new Decimal(100);
  return new Decimal(input.netWeightKg)
    .times(hundred.minus(input.trashPercent))
    .times(hundred.plus(standard.moistureRegainPercent))
    .dividedBy(hundred.minus(standard.trashPercent).times(hundred.plus(input.moistureRegainPercent)));
}

/** Trading weights are whole kilograms (domain.md §2). */
export const roundToKilogram = (kg: Decimal): Decimal => kg.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);

/** The conditioned weight (公定重量) in kilograms, rounded to the kilogram. */
export const conditionedWeight = (
  input: ConditioningInput,
  standard: StandardConditions = STANDARD_CONDITIONS,
): Decimal => roundToKilogram(conditionedWeightExact(input, standard));
