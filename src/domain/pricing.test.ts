import {
  averageFixedPrice,
  contractUnitPrice,
  exactAverageFixedPrice,
  type FixingOutcome,
  fixContractPrice,
  forcedFixingDue,
  hedgeLots,
  openTonnage,
  pricingParty,
  pricingState,
  rollBasis,
  toleranceBand,
  withinTolerance,
} from './pricing.ts';
import { isProblem } from './problem.ts';

describe('the pricing party follows from side and kind', () => {
  test.each([
    ['sale', 'basis', 'buyer'],
    ['purchase', 'basis', 'seller'],
    ['sale', 'deferred', 'buyer'],
    ['purchase', 'deferred', 'seller'],
    ['sale', 'spot', null],
    ['purchase', 'provisional', null],
  ] as const)('%s on %s: %s', (side, kind, party) => {
    expect(pricingParty(side, kind)).toBe(party);
  });
});

describe('average of several fixings F̄ = Σ(Fᵢ·qᵢ)/Σqᵢ', () => {
  test('100 t at 15000 and 200 t at 15300: (1 500 000 + 3 060 000)/300 = 15200.00', () => {
    expect(
      averageFixedPrice([
        { tonnage: '100', futuresPrice: '15000' },
        { tonnage: '200', futuresPrice: '15300' },
      ]),
    ).toBe('15200.00');
  });

  test('40.123 t at 14885 and 59.877 t at 14910: 1 489 996.925/100 t = 14899.969… → 14899.97', () => {
    // 40.123 × 14885 = 597 230.855; 59.877 × 14910 = 892 766.07
    expect(
      averageFixedPrice([
        { tonnage: '40.123', futuresPrice: '14885' },
        { tonnage: '59.877', futuresPrice: '14910' },
      ]),
    ).toBe('14899.97');
  });

  test('no fixing has no average', () => {
    expect(averageFixedPrice([])).toBeNull();
  });
});

describe('pricing state', () => {
  test.each([
    ['300', '0', 'unpriced'],
    ['300', '0.0010', 'partial'],
    ['300', '299.9990', 'partial'],
    ['300', '300', 'priced'],
  ] as const)('%s t with %s fixed is %s', (tonnage, fixed, state) => {
    expect(pricingState(tonnage, fixed)).toBe(state);
    expect(openTonnage(tonnage, fixed)).toBe((Number(tonnage) - Number(fixed)).toFixed(4));
  });
});

describe('unit price P = F̄ + B + quality premium (+ location)', () => {
  test('15200 + basis 850 + premium 450 − location 30 = 16470.00', () => {
    expect(
      contractUnitPrice({
        futuresPrice: '15200',
        basis: '850',
        qualityPremium: '450',
        locationAdjustment: '-30',
      }),
    ).toBe('16470.00');
  });

  test('a discount basis lowers the price: 14899.97 − 120 = 14779.97', () => {
    expect(contractUnitPrice({ futuresPrice: '14899.97', basis: '-120' })).toBe('14779.97');
  });
});

describe('hedge lots and tail', () => {
  test.each([
    ['sale', '100', 20, '0.0000', 'buy'],
    ['sale', '42.5', 8, '2.5000', 'buy'],
    ['purchase', '4.9999', 0, '4.9999', 'sell'],
    ['purchase', '200.123', 40, '0.1230', 'sell'],
  ] as const)('%s fixing %s t: %i lots, %s t unhedged, %s', (side, q, lots, tail, direction) => {
    expect(hedgeLots(side, q, '5')).toEqual({ lots, tail, direction });
  });
});

describe('roll: B_new = B_old + (F_old − F_new)', () => {
  test('basis 800 on CF2601 at 14900 rolled to CF2605 at 15150: 550', () => {
    expect(rollBasis('800', '14900', '15150')).toBe('550.00');
  });
  test('the price is unchanged by the roll: F_old + B_old = F_new + B_new', () => {
    const basis = rollBasis('-35', '15010', '14765');
    expect(contractUnitPrice({ futuresPrice: '14765', basis })).toBe(
      contractUnitPrice({ futuresPrice: '15010', basis: '-35' }),
    );
  });
});

describe('fixing a contract', () => {
  const sale = { side: 'sale', kind: 'basis', tonnage: '300', basis: '850', qualityPremium: '450' } as const;

  test('the second of two fixings: new average, unit price, amounts, lots and tail', () => {
    const outcome = fixContractPrice(
      sale,
      [{ tonnage: '100', futuresPrice: '15000' }],
      {
        tonnage: '122',
        futuresPrice: '15300',
      },
      '5',
    ) as FixingOutcome;
    // F̄ = (1 500 000 + 1 866 600)/222 = 15164.86…; P = 15164.86 + 850 + 450 = 16464.86
    expect(outcome).toEqual({
      fixedTonnage: '222.0000',
      openTonnage: '78.0000',
      averageFixedPrice: '15164.86',
      fixedFuturesAmount: '3366600',
      pricingState: 'partial',
      unitPrice: '16464.86',
      // Σ fixing amounts 1 630 000 + 2 025 200, rounded once (not 222 × the rounded 16464.86 = 3655198.92).
      pricedAmount: '3655200.00',
      fixingUnitPrice: '16600.00',
      fixingAmount: '2025200.00',
      hedge: { lots: 24, tail: '2.0000', direction: 'buy' },
    });
  });

  // Issue 21, worked by hand: 40 t at 14 500, 40 t at 14 505, 40 t at 14 505 on basis 605 (no premium).
  // Σ Fᵢqᵢ = 580 000 + 580 200 + 580 200 = 1 740 400; F̄ = 14 503.333…, shown 14 503.33; the priced amount
  // is 1 740 400 + 120 × 605 = 1 813 000.00 (Σ fixing amounts 604 200 + 604 400 + 604 400), never
  // 120 × (14 503.33 + 605) = 1 812 999.60.
  test('the priced amount is rounded once, from the exact average, not from the rounded one', () => {
    const contract = { side: 'sale', kind: 'basis', tonnage: '120', basis: '605' } as const;
    const done = [
      { tonnage: '40', futuresPrice: '14500' },
      { tonnage: '40', futuresPrice: '14505' },
    ];
    const outcome = fixContractPrice(
      contract,
      done,
      {
        tonnage: '40',
        futuresPrice: '14505',
      },
      '5',
    ) as FixingOutcome;
    expect(outcome).toMatchObject({
      averageFixedPrice: '14503.33',
      fixedFuturesAmount: '1740400',
      unitPrice: '15108.33',
      pricedAmount: '1813000.00',
      fixingAmount: '604400.00',
    });
    expect(exactAverageFixedPrice(outcome.fixedFuturesAmount, '120')).toMatch(/^14503\.3333333/);
  });

  test('the last open tonnes price the contract', () => {
    const outcome = fixContractPrice(
      sale,
      [{ tonnage: '222', futuresPrice: '15164.86' }],
      {
        tonnage: '78',
        futuresPrice: '15000',
      },
      '5',
    ) as FixingOutcome;
    expect(outcome.pricingState).toBe('priced');
    expect(outcome.openTonnage).toBe('0.0000');
  });

  test('more than the open tonnage is refused, saying how much is open', () => {
    const refused = fixContractPrice(
      sale,
      [{ tonnage: '250', futuresPrice: '15000' }],
      {
        tonnage: '50.0001',
        futuresPrice: '15000',
      },
      '5',
    );
    expect(isProblem(refused) && refused.message).toBe('点价吨数 50.0001 超过未点价吨数 50.0000');
  });

  test('a fixed-price contract, a zero tonnage and a zero price are refused', () => {
    expect(
      fixContractPrice({ ...sale, kind: 'spot' }, [], { tonnage: '1', futuresPrice: '15000' }, '5'),
    ).toMatchObject({
      code: 'pricing.notPricedLater',
    });
    expect(fixContractPrice(sale, [], { tonnage: '0', futuresPrice: '15000' }, '5')).toMatchObject({
      code: 'pricing.tonnagePositive',
    });
    expect(fixContractPrice(sale, [], { tonnage: '1', futuresPrice: '0' }, '5')).toMatchObject({
      code: 'pricing.pricePositive',
    });
  });
});

describe('forced fixing', () => {
  const contract = { kind: 'basis', fixingDeadline: '2026-11-20', tonnage: '300', fixedTonnage: '100' };
  test('due on the deadline and after it while tonnage is open, not the day before', () => {
    expect(forcedFixingDue(contract, '2026-11-19')).toBe(false);
    expect(forcedFixingDue(contract, '2026-11-20')).toBe(true);
    expect(forcedFixingDue(contract, '2026-11-23')).toBe(true);
  });
  test('not due once priced, nor for a fixed-price contract', () => {
    expect(forcedFixingDue({ ...contract, fixedTonnage: '300' }, '2026-11-23')).toBe(false);
    expect(forcedFixingDue({ ...contract, kind: 'spot' }, '2026-11-23')).toBe(false);
  });
});

describe('tolerance', () => {
  test('300 t ± 5% allows 285 to 315 t of lines', () => {
    expect(toleranceBand('300', '5')).toEqual({ min: '285.0000', max: '315.0000' });
    expect(withinTolerance('285', '300', '5')).toBe(true);
    expect(withinTolerance('315.0001', '300', '5')).toBe(false);
    expect(withinTolerance('284.9999', '300', '5')).toBe(false);
  });
});
