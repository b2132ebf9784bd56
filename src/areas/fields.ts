// Field declarations several areas share, from the trade's vocabulary (domain.md §1): owned by no area, so
// that an area's screens load without another area's declarations.
import { FUTURES_MONTH_TEXT } from '../domain/futures.ts';

const CROP_YEAR_PATTERN = '\\d{4}/\\d{2}';

/** A crop year as the trade writes it (2025/26): the field every crop-year-versioned record carries. */
export const cropYearField = {
  label: 'field.cropYear',
  type: 'text',
  rules: [
    { kind: 'required' },
    { kind: 'pattern', value: CROP_YEAR_PATTERN, message: 'validation.cropYear' },
  ],
} as const;

/** Exchange (CF605) or market (CF2605) writing of a CF contract month (domain.md §1). */
export const FUTURES_MONTH_PATTERN = 'CF\\d?\\d(0[13579]|11)';

/** A CF month in either writing; the server stores the market one (CF2605). */
export const futuresMonthField = {
  label: 'field.futuresMonth',
  type: 'text',
  rules: [
    { kind: 'required' },
    { kind: 'pattern', value: FUTURES_MONTH_TEXT, message: 'validation.futuresMonth' },
  ],
} as const;

/** A CF month traded today (a trade, a roll): picked from the months the exchange trades on the day. */
export const tradingMonthField = { ...futuresMonthField, exchange: 'month' } as const;

/** A futures price entered for a trade, a fixing or a roll: stepped by the day's tick. */
export const futuresPriceField = {
  type: 'money',
  exchange: 'price',
  rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }],
} as const;
