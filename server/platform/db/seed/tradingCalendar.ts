/** Contract months of CF (Zhengzhou cotton): Jan, Mar, May, Jul, Sep, Nov. */
export const CF_CONTRACT_MONTHS = [1, 3, 5, 7, 9, 11] as const;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The n-th trading day (weekday, not a holiday) of a month; holidays as YYYY-MM-DD. */
export function nthTradingDay(year: number, month: number, n: number, holidays: ReadonlySet<string>): string {
  let count = 0;
  for (let day = 1; day <= 31; day++) {
    const d = new Date(Date.UTC(year, month - 1, day));
    if (d.getUTCMonth() !== month - 1) break;
    const weekday = d.getUTCDay();
    if (weekday === 0 || weekday === 6 || holidays.has(iso(d))) continue;
    count += 1;
    if (count === n) return iso(d);
  }
  throw new Error(`${year}-${month} has fewer than ${n} trading days.`);
}

export interface InstrumentSeed {
  symbol: string;
  exchangeSymbol: string;
  month: string;
  lastTradingDay: string;
}

/** CF contracts of a year: market symbol with 4 digits (CF2705), exchange symbol with 3 (CF705). */
export function cfInstruments(year: number, holidays: ReadonlySet<string>): InstrumentSeed[] {
  return CF_CONTRACT_MONTHS.map((month) => {
    const mm = String(month).padStart(2, '0');
    const yy = String(year % 100).padStart(2, '0');
    return {
      symbol: `CF${yy}${mm}`,
      exchangeSymbol: `CF${yy.slice(1)}${mm}`,
      month: `${year}-${mm}`,
      lastTradingDay: nthTradingDay(year, month, 10, holidays),
    };
  });
}
