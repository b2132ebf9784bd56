import dayjs, { type Dayjs } from 'dayjs';
import { BUSINESS_TIME_ZONE, type DATE_RANGE_DAYS } from '../constants.ts';

/** October (month 10) opens the next fiscal year. */
const FISCAL_YEAR_START_MONTH = 10;

const calendarOf = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The business day of an instant (YYYY-MM-DD in the business zone): what the server calls today, whatever
 * zone the browser is in (at 00:30 in 上海 a browser in London is still on the day before).
 */
export function businessDayOf(now: Date = new Date()): string {
  return calendarOf.format(now);
}

/** From October onward the next calendar year, otherwise the current one (by the business day). */
export function fiscalYearOf(now: Date = new Date()): number {
  const [year, month] = businessDayOf(now).split('-').map(Number) as [number, number];
  return month >= FISCAL_YEAR_START_MONTH ? year + 1 : year;
}

/** The picker's choices, newest first: FY+1, FY, FY−1, FY−2. */
export function fiscalYearOptions(now: Date = new Date()): number[] {
  const current = fiscalYearOf(now);
  return [current + 1, current, current - 1, current - 2];
}

/** A fiscal year runs from October 1 of the year before to September 30 (YYYY-MM-DD). */
export function fiscalYearPeriod(fiscalYear: number): { start: string; end: string } {
  return { start: `${fiscalYear - 1}-10-01`, end: `${fiscalYear}-09-30` };
}

export type DateRangeDays = (typeof DATE_RANGE_DAYS)[number];

/** [days back from the business day at 00:00, the business day at 23:59:59], ready for a range picker. */
export function dateRangeBack(days: number, now: Date = new Date()): [Dayjs, Dayjs] {
  const end = dayjs(businessDayOf(now));
  return [end.subtract(days, 'day').startOf('day'), end.endOf('day')];
}

export const last60Days = (now?: Date) => dateRangeBack(60, now);
export const last30Days = (now?: Date) => dateRangeBack(30, now);
export const last999Days = (now?: Date) => dateRangeBack(999, now);

/** The same range as YYYY-MM-DD strings, as list filters send them. */
export function dateRangeBackText(days: number, now: Date = new Date()): [string, string] {
  const [start, end] = dateRangeBack(days, now);
  return [start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')];
}

/** The business day as yyyy/mm/dd (the shell's newDate). */
export function newDate(now: Date = new Date()): string {
  return businessDayOf(now).replaceAll('-', '/');
}
