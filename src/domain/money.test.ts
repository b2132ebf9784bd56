import Decimal from 'decimal.js';
import { chargedDays, feeAmount, freight, splitVat, toFen, VAT_PERCENT_SEED } from './money.ts';

describe('VAT split (excl = incl / (1 + r), VAT = incl − excl)', () => {
  test.each([
    ['100.00', '9', '91.74', '8.26'],
    ['0.01', '9', '0.01', '0.00'],
    ['1.00', '6', '0.94', '0.06'],
    ['12345678.91', '9', '11326310.93', '1019367.98'],
    ['-2180.00', '9', '-2000.00', '-180.00'],
    ['500.00', '0', '500.00', '0.00'],
  ])('%s at %s%% is %s excluding tax and %s VAT', (included, rate, excluded, vat) => {
    expect(splitVat(included, rate)).toEqual({ included, excluded, vat });
  });

  test('excluded + VAT is the inclusive amount exactly, for every amount from 0.01 to 20.00 at 9% and 6%', () => {
    for (let fen = 1; fen <= 2000; fen += 1) {
      const included = new Decimal(fen).dividedBy(100).toFixed(2);
      for (const rate of [VAT_PERCENT_SEED.lint, VAT_PERCENT_SEED.storage]) {
        const { excluded, vat } = splitVat(included, rate);
        expect(new Decimal(excluded).plus(vat).toFixed(2)).toBe(included);
      }
    }
  });

  test('amounts round half up to the fen', () => {
    expect([toFen('2.345'), toFen('2.344'), toFen('-2.345')]).toEqual(['2.35', '2.34', '-2.35']);
  });
});

describe('freight', () => {
  const leg = {
    ratePerTonne: '85.50',
    grossWeightTonnes: '41.234',
    conditionedWeightTonnes: '40.012',
    vatPercent: VAT_PERCENT_SEED.freight,
  };

  test('on gross weight: 85.50 × 41.234 t = 3525.507 → 3525.51, carrying its 9% VAT', () => {
    // 3525.51 / 1.09 = 3234.4128… → 3234.41; VAT 3525.51 − 3234.41 = 291.10
    expect(freight({ ...leg, basis: 'grossWeight' })).toEqual({
      included: '3525.51',
      excluded: '3234.41',
      vat: '291.10',
    });
  });

  test('on conditioned weight: 85.50 × 40.012 t = 3421.026 → 3421.03', () => {
    expect(freight({ ...leg, basis: 'conditionedWeight' }).included).toBe('3421.03');
  });
});

describe('fees by basis', () => {
  test('a period charges both its ends: 1–30 Nov is 30 days, February 2024 is 29', () => {
    expect(chargedDays('2025-11-01', '2025-11-30')).toBe(30);
    expect(chargedDays('2024-02-01', '2024-02-29')).toBe(29);
    expect(chargedDays('2025-11-01', '2025-11-01')).toBe(1);
  });

  test.each([
    // 0.15 × 40.123 t × 30 days = 180.5535
    [
      {
        basis: 'perTonneDay',
        rate: '0.15',
        tonnes: '40.123',
        periodFrom: '2025-11-01',
        periodTo: '2025-11-30',
      },
      '180.55',
    ],
    // 12.345 × 40.123 = 495.318435
    [{ basis: 'perTonne', rate: '12.345', tonnes: '40.123' }, '495.32'],
    [{ basis: 'perBale', rate: '2.5', bales: 186 }, '465.00'],
    [{ basis: 'perBatch', rate: '120', batches: 3 }, '360.00'],
    [{ basis: 'percentOfValue', rate: '0.3', insuredValue: '600000.00' }, '1800.00'],
    [{ basis: 'lumpSum', rate: '500' }, '500.00'],
  ] as const)('%o is %s', (fee, amount) => {
    expect(feeAmount(fee)).toBe(amount);
  });
});
