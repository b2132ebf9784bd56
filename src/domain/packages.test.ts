import {
  holdExpiresAt,
  holdIsLive,
  type PackageBatch,
  packageQuality,
  packageValue,
  requestCreditProblem,
  requestExpiresAt,
  requestHasExpired,
  tradingHoursOf,
  withinTradingHours,
} from './packages.ts';

// domain-money.md §7.5: a package of three batches.
const A: PackageBatch = {
  batchNo: 'A',
  bales: 186,
  tonnes: '42.150',
  colour: { '31': 150, '21': 20, '41': 16 },
  micronaire: { B2: 186 },
  lengthMm: '28.6',
  micronaireValue: '4.5',
  strength: '28.4',
  uniformity: '82.1',
};
const B: PackageBatch = {
  batchNo: 'B',
  bales: 184,
  tonnes: '41.700',
  colour: { '31': 170, '41': 14 },
  micronaire: { B2: 184 },
  lengthMm: '28.9',
  micronaireValue: '4.4',
  strength: '28.9',
  uniformity: '82.6',
};
const C: PackageBatch = {
  batchNo: 'C',
  bales: 188,
  tonnes: '42.600',
  colour: { '21': 60, '31': 128 },
  micronaire: { A: 188 },
  lengthMm: '29.3',
  micronaireValue: '4.2',
  strength: '29.6',
  uniformity: '83.2',
};

describe('a package quality from its batches (§7.5)', () => {
  const quality = packageQuality([A, B, C])!;

  test('558 bales, 126.450 t', () => {
    expect(quality).toMatchObject({ batches: 3, bales: 558, tonnes: '126.450' });
  });

  test('colour shares counted by bales: 31 = 448 (80.29%), 21 = 80 (14.34%), 41 = 30 (5.38%)', () => {
    expect(quality.colourShares).toEqual([
      { grade: '31', bales: 448, percent: '80.29' },
      { grade: '21', bales: 80, percent: '14.34' },
      { grade: '41', bales: 30, percent: '5.38' },
    ]);
    expect(quality.mainColour).toBe('31');
  });

  test('length 28.93 → 28.9, strength 28.97 → 29.0, uniformity 82.64 → 82.6, micronaire 4.37 → 4.4', () => {
    expect(quality).toMatchObject({
      lengthMm: '28.9',
      strength: '29.0',
      uniformity: '82.6',
      micronaire: '4.4',
    });
  });

  test('grades come from the exact averages: strength 28.97 is S3, though shown as 29.0', () => {
    expect(quality).toMatchObject({ lengthGrade: '28', strengthGrade: 'S3', uniformityGrade: 'U3' });
  });

  test('micronaire takes the class most bales have: B2 370 against A 188', () => {
    expect(quality.micronaireClass).toBe('B2');
    expect(quality.micronaireShares.map((share) => [share.grade, share.bales])).toEqual([
      ['B2', 370],
      ['A', 188],
    ]);
  });

  test('a tie between classes takes the worse class', () => {
    const even = packageQuality([
      { ...A, bales: 100, micronaire: { A: 100 }, colour: { '21': 100 } },
      { ...B, bales: 100, micronaire: { B1: 100 }, colour: { '31': 100 } },
    ])!;
    expect(even.micronaireClass).toBe('B1');
    expect(even.mainColour).toBe('31');
  });

  test('an empty package has no quality', () => {
    expect(packageQuality([])).toBeNull();
  });

  test('at a fixed 15,480/t the package is worth 1,957,446.00', () => {
    expect(packageValue(quality.tonnes, '15480')).toBe('1957446.00');
  });
});

describe('a cart hold', () => {
  test('holds for the setting’s minutes from when it was added, across midnight', () => {
    expect(holdExpiresAt('2026-11-20 23:50:00', 30)).toBe('2026-11-21 00:20:00');
  });

  test('with no hold minutes a cart holds nothing', () => {
    expect(holdExpiresAt('2026-11-20 10:00:00', 0)).toBeNull();
    expect(holdIsLive(null, '2026-11-20 10:00:00')).toBe(false);
  });

  test('is live up to, not at, its expiry', () => {
    expect(holdIsLive('2026-11-20 10:30:00', '2026-11-20 10:29:59')).toBe(true);
    expect(holdIsLive('2026-11-20 10:30:00', '2026-11-20 10:30:00')).toBe(false);
  });
});

describe('the credit a purchase request needs', () => {
  const value = '1957446.00';

  test('a request within the headroom passes', () => {
    expect(requestCreditProblem({ headroom: '2000000.00', value, requireCredit: true })).toBeUndefined();
    expect(requestCreditProblem({ headroom: value, value, requireCredit: true })).toBeUndefined();
  });

  test('a request past the headroom is refused, saying both figures', () => {
    expect(requestCreditProblem({ headroom: '1957445.99', value, requireCredit: true })).toMatchObject({
      code: 'creditExceeded',
      params: { value: '1957446.00', headroom: '1957445.99' },
    });
  });

  test('a client over its limit shows no headroom, not a negative one', () => {
    expect(requestCreditProblem({ headroom: '-500.00', value, requireCredit: true })?.params).toMatchObject({
      headroom: '0.00',
    });
  });

  test('a client without a limit may request only when the house does not require credit', () => {
    expect(requestCreditProblem({ headroom: null, value, requireCredit: true })?.code).toBe('noCreditLimit');
    expect(requestCreditProblem({ headroom: null, value, requireCredit: false })).toBeUndefined();
  });
});

describe('the trading hours of the platform (setting platformTradingHours)', () => {
  test('are a window of one day, its end after its start', () => {
    expect(tradingHoursOf('09:00-17:00')).toEqual({ from: '09:00', to: '17:00' });
    expect(tradingHoursOf('00:00-24:00')).toEqual({ from: '00:00', to: '24:00' });
    for (const bad of ['17:00-09:00', '09:00-09:00', '9:00-17:00', '09:00-24:30', '09:60-17:00', ''])
      expect(tradingHoursOf(bad), bad).toBeUndefined();
  });

  test('hold from the start up to, not at, the end', () => {
    const hours = tradingHoursOf('09:00-17:00')!;
    expect(withinTradingHours(hours, '2026-11-23 08:59:59')).toBe(false);
    expect(withinTradingHours(hours, '2026-11-23 09:00:00')).toBe(true);
    expect(withinTradingHours(hours, '2026-11-23 16:59:59')).toBe(true);
    expect(withinTradingHours(hours, '2026-11-23 17:00:00')).toBe(false);
    expect(withinTradingHours(tradingHoursOf('00:00-24:00')!, '2026-11-23 23:59:59')).toBe(true);
  });
});

describe('how long a purchase request waits for the desk (setting platformOrderExpiryMinutes)', () => {
  test('expires the minutes after it was made, at that time', () => {
    const until = requestExpiresAt('2026-11-23 16:00:00', 30);
    expect(until).toBe('2026-11-23 16:30:00');
    expect(requestHasExpired(until, '2026-11-23 16:29:59')).toBe(false);
    expect(requestHasExpired(until, '2026-11-23 16:30:00')).toBe(true);
  });

  test('with no minutes never expires', () => {
    expect(requestExpiresAt('2026-11-23 16:00:00', 0)).toBeNull();
    expect(requestHasExpired(null, '2030-01-01 00:00:00')).toBe(false);
  });
});
