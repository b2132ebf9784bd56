import { marginInterest } from './marginInterest.ts';
import { isProblem } from './problem.ts';

const ACT365 = { effectiveFrom: '2026-01-01', ratePercent: '3.65', dayCount: 'ACT/365' } as const;

describe('marginInterest', () => {
  it('accrues each day balance at the rate and convention of the day (worked example)', () => {
    // 1,000,000 paid on 1 Jan, 400,000 returned on 11 Jan; 3.65% ACT/365 until 3.60% ACT/360 from 21 Jan.
    // 1–10 Jan: 1,000,000 × 3.65% × 10/365 = 1,000.00; 11–20 Jan: 600,000 × 3.65% × 10/365 = 600.00;
    // 21–30 Jan: 600,000 × 3.60% × 10/360 = 600.00. Total 2,200.00.
    const result = marginInterest({
      from: '2026-01-01',
      through: '2026-01-30',
      movements: [
        { valueDate: '2026-01-01', amount: '1000000' },
        { valueDate: '2026-01-11', amount: '-400000' },
      ],
      terms: [ACT365, { effectiveFrom: '2026-01-21', ratePercent: '3.6', dayCount: 'ACT/360' }],
    });
    if (isProblem(result)) throw new Error(result.message);
    expect(result.interest).toBe('2200.00');
    expect(result.pieces).toEqual([
      {
        from: '2026-01-01',
        through: '2026-01-10',
        days: 10,
        balance: '1000000.00',
        ratePercent: '3.65',
        dayCount: 'ACT/365',
        interest: '1000.00',
      },
      expect.objectContaining({
        from: '2026-01-11',
        through: '2026-01-20',
        balance: '600000.00',
        interest: '600.00',
      }),
      expect.objectContaining({
        from: '2026-01-21',
        through: '2026-01-30',
        dayCount: 'ACT/360',
        interest: '600.00',
      }),
    ]);
  });

  it('differs between the conventions and rounds each piece to the fen', () => {
    // 12,345.67 × 4.35% × 31/365 = 45.6119… → 45.61; × 31/360 = 46.2448… → 46.24.
    const on = (dayCount: 'ACT/365' | 'ACT/360') =>
      marginInterest({
        from: '2026-03-01',
        through: '2026-03-31',
        movements: [{ valueDate: '2026-02-15', amount: '12345.67' }],
        terms: [{ effectiveFrom: '2026-01-01', ratePercent: '4.35', dayCount }],
      });
    expect(on('ACT/365')).toMatchObject({ interest: '45.61', pieces: [{ days: 31, balance: '12345.67' }] });
    expect(on('ACT/360')).toMatchObject({ interest: '46.24' });
  });

  it('earns nothing on days with no balance and ignores movements after the period', () => {
    // Paid on 20 Mar, period 1–31 Mar: 12 days of 365,000 at 3.65% ACT/365 = 438.00.
    const result = marginInterest({
      from: '2026-03-01',
      through: '2026-03-31',
      movements: [
        { valueDate: '2026-03-20', amount: '365000' },
        { valueDate: '2026-04-02', amount: '-365000' },
      ],
      terms: [ACT365],
    });
    expect(result).toMatchObject({ interest: '438.00', pieces: [{ from: '2026-03-20', days: 12 }] });
  });

  it('refuses a reversed period or one with no terms in force', () => {
    const reversed = marginInterest({
      from: '2026-02-01',
      through: '2026-01-31',
      movements: [],
      terms: [ACT365],
    });
    expect(isProblem(reversed) && reversed.code).toBe('periodReversed');
    const early = marginInterest({
      from: '2025-12-01',
      through: '2025-12-31',
      movements: [],
      terms: [ACT365],
    });
    expect(isProblem(early) && early.message).toBe('2025-12-01 没有有效的保证金利率设置');
    const odd = marginInterest({
      from: '2026-01-01',
      through: '2026-01-31',
      movements: [{ valueDate: '2026-01-01', amount: '100' }],
      terms: [{ ...ACT365, dayCount: 'ACT/364' as 'ACT/365' }],
    });
    expect(isProblem(odd) && odd.code).toBe('unknownDayCount');
  });
});
