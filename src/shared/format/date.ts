import dayjs, { type Dayjs } from 'dayjs';
import type { DATE_RANGE_DAYS } from '../constants.ts';

/** October (month index 9) opens the next fiscal year. */
const FISCAL_YEAR_START_MONTH = 9;

/** From October onward the next calendar year, otherwise the current one. */
export function fiscalYearOf(date: Date = new Date()): number {
  return date.getMonth() >= FISCAL_YEAR_START_MONTH ? date.getFullYear() + 1 : date.getFullYear();
}

/** The picker's choices, newest first: FY+1, FY, FY−1, FY−2. */
export function fiscalYearOptions(date: Date = new Date()): number[] {
  const current = fiscalYearOf(date);
  return [current + 1, current, current - 1, current - 2];
}

/** A fiscal year runs from October 1 of the year before to September 30 (YYYY-MM-DD). */
export function fiscalYearPeriod(fiscalYear: number): { start: string; end: string } {
  return { start: `${fiscalYear - 1}-10-01`, end: `${fiscalYear}-09-30` };
}

export type DateRangeDays = (typeof DATE_RANGE_DAYS)[number];

/** [days back from today at 00:00, today at 23:59:59], ready for a range picker. */
export function dateRangeBack(days: number, today: Date = new Date()): [Dayjs, Dayjs] {
  const end = dayjs(today);
  return [end.subtract(days, 'day').startOf('day'), end.endOf('day')];
}

export const last60Days = (today?: Date) => dateRangeBack(60, today);
export const last30Days = (today?: Date) => dateRangeBack(30, today);
export const last999Days = (today?: Date) => dateRangeBack(999, today);

/** The same range as YYYY-MM-DD strings, as list filters send them. */
export function dateRangeBackText(days: number, today: Date = new Date()): [string, string] {
  const [start, end] = dateRangeBack(days, today);
  return [start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')];
}

/** Today's date as yyyy/mm/dd (the shell's newDate). */
export function newDate(date: Date = new Date()): string {
  return dayjs(date).format('YYYY/MM/DD');
}
