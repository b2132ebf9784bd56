// Pure helpers, safe in the browser, the server and scripts. The tenant-bound weight formatter lives in
// ./tenantWeight.ts because the tenant config exists only in the browser bundle.
export { toChineseMoney } from './chineseMoney.ts';
export {
  businessDayOf,
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
export { toEnglishMoney } from './englishMoney.ts';
export { DEFAULT_WEIGHT_DIGITS, formatMoney, formatWeight, type Numeric, toFixed } from './number.ts';
export { formatPhone, maskPhone } from './phone.ts';
