import { BUSINESS_TIME_ZONE } from '../../src/shared/constants.ts';

/** The time zone business days are counted in unless the server is told otherwise (--time-zone). */
export { BUSINESS_TIME_ZONE };

/** YYYY-MM-DD HH:mm:ss in the business time zone (Swedish locale formats exactly so). */
export function formatDateTime(value: Date | string, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
    .format(date)
    .replace('T', ' ');
}

/** YYYY-MM-DD of an instant in the business time zone: the business day it falls on. */
export const businessDate = (now: Date, timeZone: string) => formatDateTime(now, timeZone).slice(0, 10);

/** YYYY-MM-DD of a date column (PGlite and pg may hand back a Date at UTC midnight or a string). */
export const formatDate = (value: Date | string) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

/**
 * A wall-clock time as the business writes it (YYYY-MM-DD HH:mm:ss) made an instant PostgreSQL reads the same
 * whatever its session's zone; a value that names its zone or offset is left as it is.
 */
export function businessInstant(wallClock: string, timeZone = BUSINESS_TIME_ZONE): string {
  return /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(wallClock.trim())
    ? `${wallClock.trim()} ${timeZone}`
    : wallClock;
}
