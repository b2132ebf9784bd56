import Decimal from 'decimal.js';

export type Numeric = number | string;

const TO_FIXED_RANGE_ERROR = 'toFixed() digits argument must be between 0 and 20';

/** Parses through the decimal string form so 1.005 stays 1.005 instead of 1.00499999… */
const toDecimal = (value: Numeric): Decimal | null => {
  if (typeof value === 'string' && value.trim() === '') return null;
  try {
    const decimal = new Decimal(typeof value === 'string' ? value.trim().replaceAll(',', '') : value);
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
};

/**
 * Number.prototype.toFixed with half-up rounding (2.345 → 2.35, 1.005 → 1.01) and no binary-float errors.
 * A value that is not a finite number comes back as String(value), like the native method.
 */
export function toFixed(value: Numeric, digits = 0): string {
  // Like the native method: a missing or NaN digits argument means 0.
  const places = Number.isNaN(digits) ? 0 : Math.trunc(digits);
  if (!(places >= 0 && places <= 20)) throw new RangeError(TO_FIXED_RANGE_ERROR);
  const decimal = toDecimal(value);
  if (!decimal) return String(value);
  return decimal.toFixed(places, Decimal.ROUND_HALF_UP);
}

const groupThousands = (fixed: string): string => {
  const [whole = '', fraction] = fixed.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
};

const isBlank = (value: Numeric | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A value that rounds to zero shows no minus sign (-0.001 → 0.00). */
const withoutNegativeZero = (fixed: string) => (/^-[0.]+$/.test(fixed) ? fixed.slice(1) : fixed);

/** Money: 2 decimals, thousands separators (1234567.891 → 1,234,567.89). Blank or invalid → ''. */
export function formatMoney(value: Numeric | null | undefined): string {
  if (isBlank(value) || !toDecimal(value)) return '';
  return groupThousands(withoutNegativeZero(toFixed(value, 2)));
}

export const DEFAULT_WEIGHT_DIGITS = 4;

/** Weight in tonnes with the tenant's number of decimals (default 4). Blank or invalid → ''. */
export function formatWeight(value: Numeric | null | undefined, digits = DEFAULT_WEIGHT_DIGITS): string {
  if (isBlank(value) || !toDecimal(value)) return '';
  return withoutNegativeZero(toFixed(value, digits));
}

export { toDecimal };
