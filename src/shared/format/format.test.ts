import type dayjs from 'dayjs';
import {
  businessDayOf,
  dateRangeBackText,
  fiscalYearOf,
  fiscalYearOptions,
  fiscalYearPeriod,
  formatMoney,
  formatPhone,
  formatWeight,
  last30Days,
  last60Days,
  last999Days,
  maskPhone,
  newDate,
  toChineseMoney,
  toEnglishMoney,
  toFixed,
} from './index.ts';
import { formatTenantWeight } from './tenantWeight.ts';

describe('toFixed', () => {
  it.each([
    [2.345, 2, '2.35'],
    [1.005, 2, '1.01'],
    [1.45, 1, '1.5'],
    [8.345, 2, '8.35'],
    [0.5, 0, '1'],
    [2.5, 0, '3'],
    [-2.345, 2, '-2.35'],
    [10, 2, '10.00'],
    ['3.14159', 3, '3.142'],
    [0.1 + 0.2, 2, '0.30'],
  ])('%s with %i digits is %s', (value, digits, expected) => {
    expect(toFixed(value, digits)).toBe(expected);
  });

  it('accepts 0 and 20 digits', () => {
    expect(toFixed(1.5, 0)).toBe('2');
    expect(toFixed(1, 20)).toBe('1.00000000000000000000');
  });

  it.each([-1, 21, 100])('throws the exact RangeError for %i digits', (digits) => {
    expect(() => toFixed(1, digits)).toThrow(RangeError);
    expect(() => toFixed(1, digits)).toThrow(/^toFixed\(\) digits argument must be between 0 and 20$/);
  });

  it('treats missing or NaN digits as 0 and truncates fractional digits, like the native method', () => {
    expect(toFixed(2.5)).toBe('3');
    expect(toFixed(2.5, Number.NaN)).toBe('3');
    expect(toFixed(1.25, 1.9)).toBe('1.3');
  });

  it('returns a non-number as text, like the native method', () => {
    expect(toFixed(Number.NaN, 2)).toBe('NaN');
  });
});

describe('money and weight', () => {
  it('shows money with 2 decimals and thousands separators', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(999.995)).toBe('1,000.00');
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
    expect(formatMoney('1,000.005')).toBe('1,000.01');
    expect(formatMoney(-0.001)).toBe('0.00');
    expect(formatMoney(-0.005)).toBe('-0.01');
  });

  it('shows nothing for blank or invalid money', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });

  it('shows weight with 4 decimals by default or the given ones', () => {
    expect(formatWeight(12.34567)).toBe('12.3457');
    expect(formatWeight(12.34565, 3)).toBe('12.346');
    expect(formatWeight('')).toBe('');
  });

  it('uses the tenant weight digits', () => {
    expect(formatTenantWeight(1.23456)).toBe(toFixed(1.23456, window.__TENANT__?.weightDigit ?? 4));
  });
});

describe('upper-case Chinese money', () => {
  it.each([
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [0, '零元整'],
    [1000, '壹仟元整'],
    [1004, '壹仟零肆元整'],
    [1040, '壹仟零肆拾元整'],
    [10, '壹拾元整'],
    [10040, '壹万零肆拾元整'],
    [100000, '壹拾万元整'],
    [1000.05, '壹仟元零伍分'],
    [1000.5, '壹仟元伍角'],
    [0.56, '伍角陆分'],
    [0.05, '伍分'],
    [100000001, '壹亿零壹元整'],
    [100001000, '壹亿零壹仟元整'],
    [12000000, '壹仟贰佰万元整'],
    [1000000000000, '壹万亿元整'],
    [1000100000000, '壹万零壹亿元整'],
    [-1234.56, '负壹仟贰佰叁拾肆元伍角陆分'],
    [1.005, '壹元零壹分'],
    ['2.345', '贰元叁角伍分'],
  ])('%s → %s', (value, expected) => {
    expect(toChineseMoney(value)).toBe(expected);
  });

  it('shows nothing for blank input and rejects amounts of 1e16 or more', () => {
    expect(toChineseMoney('')).toBe('');
    expect(toChineseMoney(null)).toBe('');
    expect(() => toChineseMoney('10000000000000000')).toThrow(RangeError);
  });
});

describe('toEnglishMoney', () => {
  it.each([
    ['1234.56', 'renminbi one thousand two hundred and thirty-four yuan and fifty-six fen only'],
    ['5776200', 'renminbi five million seven hundred and seventy-six thousand two hundred yuan only'],
    [
      '308542.40',
      'renminbi three hundred and eight thousand five hundred and forty-two yuan and forty fen only',
    ],
    ['1000000.05', 'renminbi one million yuan and five fen only'],
    ['0.5', 'renminbi fifty fen only'],
    ['0', 'renminbi zero yuan only'],
    ['-3', 'minus renminbi three yuan only'],
    ['19.999', 'renminbi twenty yuan only'],
  ])('%s reads %s', (value, expected) => {
    expect(toEnglishMoney(value)).toBe(expected);
  });

  it('shows nothing for blank input and rejects amounts of 1e15 or more', () => {
    expect(toEnglishMoney('')).toBe('');
    expect(toEnglishMoney(undefined)).toBe('');
    expect(() => toEnglishMoney('1000000000000000')).toThrow(RangeError);
  });
});

describe('phone', () => {
  it('masks all but the first 3 and last 4 digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('1234567')).toBe('1234567');
    expect(maskPhone(undefined)).toBe('');
  });

  it('groups an 11-digit mobile number 3-4-4', () => {
    expect(formatPhone('13812345678')).toBe('138 1234 5678');
    expect(formatPhone('13812345678', '-')).toBe('138-1234-5678');
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('fiscal year and dates', () => {
  // Instants in UTC: 2026-09-30T16:00Z is 00:00 on October 1 in 上海, still September 30 in a UTC browser.
  it('is the current year through September and the next from October, by the business day', () => {
    expect(fiscalYearOf(new Date('2026-09-30T15:59:00Z'))).toBe(2026);
    expect(fiscalYearOf(new Date('2026-09-30T16:00:00Z'))).toBe(2027);
    expect(fiscalYearOf(new Date('2025-12-31T16:30:00Z'))).toBe(2026);
    expect(fiscalYearOf(new Date('2026-12-31T04:00:00Z'))).toBe(2027);
  });

  it('reads today in the business zone, not the browser’s', () => {
    expect(businessDayOf(new Date('2026-11-25T15:30:00Z'))).toBe('2026-11-25');
    expect(businessDayOf(new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
    expect(newDate(new Date('2026-11-25T16:30:00Z'))).toBe('2026/11/26');
  });

  it('offers FY+1, FY, FY-1 and FY-2', () => {
    expect(fiscalYearOptions(new Date('2026-09-15T04:00:00Z'))).toEqual([2027, 2026, 2025, 2024]);
    expect(fiscalYearOptions(new Date('2026-10-15T04:00:00Z'))).toEqual([2028, 2027, 2026, 2025]);
  });

  it('runs a fiscal year from October 1 to September 30', () => {
    expect(fiscalYearPeriod(2027)).toEqual({ start: '2026-10-01', end: '2027-09-30' });
  });

  it('gives ranges 60, 30 and 999 days back from the business day', () => {
    const now = new Date('2026-02-28T17:00:00Z'); // 01:00 on March 1 in 上海
    expect(dateRangeBackText(60, now)).toEqual(['2025-12-31', '2026-03-01']);
    const format = (range: [dayjs.Dayjs, dayjs.Dayjs]) => range.map((d) => d.format('YYYY-MM-DD HH:mm:ss'));
    expect(format(last60Days(now))).toEqual(['2025-12-31 00:00:00', '2026-03-01 23:59:59']);
    expect(format(last30Days(now))[0]).toBe('2026-01-30 00:00:00');
    expect(format(last999Days(now))[0]).toBe('2023-06-06 00:00:00');
  });

  it('formats newDate as yyyy/mm/dd', () => {
    expect(newDate(new Date('2026-01-05T02:00:00Z'))).toBe('2026/01/05');
  });
});
