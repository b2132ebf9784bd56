import { cfInstruments, nthTradingDay } from './tradingCalendar.ts';

describe('CF trading calendar', () => {
  it('counts weekdays only when there are no holidays', () => {
    // March 2027 starts on a Monday: trading days 1–5, 8–12 → the 10th is the 12th.
    expect(nthTradingDay(2027, 3, 10, new Set())).toBe('2027-03-12');
  });

  it('skips holidays', () => {
    // May 2027: 1 May is a Saturday; with 3–5 May closed the 10th trading day moves from 14 to 19 May.
    expect(nthTradingDay(2027, 5, 10, new Set())).toBe('2027-05-14');
    expect(nthTradingDay(2027, 5, 10, new Set(['2027-05-03', '2027-05-04', '2027-05-05']))).toBe(
      '2027-05-19',
    );
  });

  it('names six contracts with 4-digit and 3-digit symbols', () => {
    const list = cfInstruments(2027, new Set());
    expect(list.map((i) => i.symbol)).toEqual(['CF2701', 'CF2703', 'CF2705', 'CF2707', 'CF2709', 'CF2711']);
    expect(list.map((i) => i.exchangeSymbol)).toEqual(['CF701', 'CF703', 'CF705', 'CF707', 'CF709', 'CF711']);
    expect(list[0]?.month).toBe('2027-01');
  });
});
