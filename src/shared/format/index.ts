export { toChineseMoney } from './chineseMoney.ts';
export {
  dateRangeBack,
  dateRangeBackText,
  fiscalYearOf,
  fiscalYearOptions,
  fiscalYearPeriod,
  last30Days,
  last60Days,
  last999Days,
  newDate,
} from './date.ts';
export { DEFAULT_WEIGHT_DIGITS, formatMoney, formatWeight, type Numeric, toFixed } from './number.ts';
export { formatPhone, maskPhone } from './phone.ts';
export { formatTenantWeight } from './tenantWeight.ts';
