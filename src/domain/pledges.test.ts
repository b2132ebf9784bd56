// domain-money.md §3.5, borrower role: four batches, 160.500 t valued at S 14,300 + B_mkt 900 + QA 0 = 15,200.
import Decimal from 'decimal.js';
import {
  collateralValue,
  drawProblem,
  loanInterest,
  loanToValue,
  ltvPercentShown,
  pledgeCallDeadline,
  pledgeLinesProblem,
  pledgePrice,
  pledgeRiskStatus,
  pledgeTopUp,
  redemptionInterest,
  redemptionPrincipal,
} from './pledges.ts';

const LINES = { advancePercent: '70', warningPercent: '75', callPercent: '80', disposalPercent: '85' };
const TONNES = ['40.000', '40.500', '39.800', '40.200'];
const at = (settlement: string) =>
  TONNES.map((tonnes) => ({
    tonnes,
    price: pledgePrice(
      { settlement, marketBasis: '900', qualityPremium: '0', unitCost: null },
      'lowerOfCostOrMarket',
    ),
  }));
const L = '1700000.00';

describe('pledge valuation (worked example §3.5)', () => {
  it('values 160.500 t at 15,200 as CV 2,439,600.00; a draw of 1,700,000.00 is within 70 %, LTV 69.68 %', () => {
    expect(collateralValue(at('14300'))).toBe('2439600.00');
    expect(drawProblem(L, '2439600.00', '70')).toBeNull();
    expect(drawProblem('1707720.01', '2439600.00', '70')?.params).toEqual({ most: '1707720.00' });
    expect(ltvPercentShown(loanToValue(L, '0', '2439600.00'))).toBe('69.68');
  });

  it('takes the lower of cost and market by default, the market when asked', () => {
    const batch = { settlement: '14300', marketBasis: '900', qualityPremium: '150', unitCost: '15100' };
    expect(pledgePrice(batch, 'lowerOfCostOrMarket')).toBe('15100');
    expect(pledgePrice(batch, 'market')).toBe('15350');
    expect(pledgePrice({ ...batch, unitCost: null }, 'lowerOfCostOrMarket')).toBe('15350');
  });

  it.each([
    ['13500', '2311200.00', '73.55', 'normal'],
    ['12800', '2198850.00', '77.31', 'warning'],
    ['12200', '2102550.00', '80.85', 'called'],
  ])('as S falls to %s: CV %s, LTV %s %%, %s', (settlement, cv, shown, status) => {
    expect(collateralValue(at(settlement))).toBe(cv);
    const ltv = loanToValue(L, '0', cv);
    expect(ltvPercentShown(ltv)).toBe(shown);
    expect(pledgeRiskStatus(ltv, LINES)).toBe(status);
  });

  it('reads the exact LTV: a hair under the call line is a warning, 85 % disposing, an overdue call disposing', () => {
    expect(pledgeRiskStatus(new Decimal('0.79999'), LINES)).toBe('warning');
    expect(pledgeRiskStatus(new Decimal('0.85'), LINES)).toBe('disposing');
    expect(pledgeRiskStatus(new Decimal('0.5'), LINES, { callOverdue: true })).toBe('disposing');
  });

  it('counts the deposit paid to meet a call against the loan: LTV = (L − deposit) / CV', () => {
    const ltv = loanToValue(L, '228215.00', '2102550.00');
    expect(ltv?.toFixed(6)).toBe('0.700000');
    expect(pledgeRiskStatus(ltv, LINES)).toBe('normal');
  });

  it('asks a top-up of 228,215.00 in cash or 326,021.43 more collateral at CV 2,102,550.00', () => {
    expect(pledgeTopUp(L, '0', '2102550.00', '70')).toEqual({ cash: '228215.00', collateral: '326021.43' });
  });

  it('refuses lines out of order', () => {
    expect(pledgeLinesProblem(LINES)).toBeNull();
    expect(pledgeLinesProblem({ ...LINES, callPercent: '74' })?.code).toBe('pledge.lines');
  });
});

describe('redemption of a subset (worked example §3.5)', () => {
  it('frees batch 2 (CV_X 615,600.00) for the pro-rata 428,971.96, larger than keep-LTV 423,200.00', () => {
    expect(
      redemptionPrincipal({ principal: L, cv: '2439600.00', cvRedeemed: '615600.00', advancePercent: '70' }),
    ).toEqual({ proRata: '428971.96', keepLtv: '423200.00', principal: '428971.96' });
    const after = new Decimal(L).minus('428971.96');
    expect(after.toFixed(2)).toBe('1271028.04');
    expect(ltvPercentShown(loanToValue(after.toFixed(2), '0', '1824000.00'))).toBe('69.68');
  });

  it('takes the keep-LTV amount when the price has fallen, rounded up to the fen, never past L', () => {
    // At S 12,200 the rest (3 batches, 120.000 t × 13,100 = 1,572,000.00) may carry 1,100,400.00.
    const fallen = redemptionPrincipal({
      principal: L,
      cv: '2102550.00',
      cvRedeemed: '530550.00',
      advancePercent: '70',
    });
    expect(fallen).toEqual({ proRata: '428971.96', keepLtv: '599600.00', principal: '599600.00' });
    const thirds = redemptionPrincipal({
      principal: '100.00',
      cv: '3',
      cvRedeemed: '1',
      advancePercent: '0.00001',
    });
    expect(thirds.keepLtv).toBe('100.00');
    expect(
      redemptionPrincipal({ principal: L, cv: '2439600.00', cvRedeemed: '2439600.00', advancePercent: '70' })
        .principal,
    ).toBe(L);
  });

  it('adds the interest on it: 428,971.96 × 3.45 % × 20/365 = 810.93', () => {
    const terms = { ratePercent: '3.45', dayCount: 'ACT/365' as const, countLastDay: false };
    expect(redemptionInterest('428971.96', '2026-11-01', '2026-11-21', terms)).toBe('810.93');
  });
});

describe('loan interest in pieces (worked example §3.5)', () => {
  const terms = { ratePercent: '3.45', dayCount: 'ACT/365' as const, countLastDay: true };
  it('20 days at 1,700,000.00 and 10 at 1,471,785.00 make 3,213.70 + 1,391.14 = 4,604.84', () => {
    const counted = loanInterest({
      from: '2026-11-01',
      to: '2026-11-30',
      movements: [
        { valueDate: '2026-11-01', amount: L },
        { valueDate: '2026-11-21', amount: '-228215.00' },
      ],
      terms,
    });
    expect(counted).toMatchObject({
      interest: '4604.84',
      pieces: [
        { days: 20, interest: '3213.70' },
        { days: 10, interest: '1391.14' },
      ],
    });
  });

  it('4,820.55 with no repayment; 算头不算尾 under ACT/360 leaves the last day out', () => {
    const flat = {
      from: '2026-11-01',
      to: '2026-11-30',
      movements: [{ valueDate: '2026-11-01', amount: L }],
    };
    expect(loanInterest({ ...flat, terms })).toMatchObject({ interest: '4820.55' });
    // 29 days (1–29 Nov): 1,700,000.00 × 3.45 % × 29/360 = 4,724.58.
    expect(
      loanInterest({ ...flat, terms: { ratePercent: '3.45', dayCount: 'ACT/360', countLastDay: false } }),
    ).toMatchObject({ interest: '4724.58', pieces: [{ days: 29 }] });
  });
});

describe('call deadline', () => {
  it('counts banking days: raised on Friday 27 Nov 2026, two banking days → Tuesday 1 Dec', () => {
    expect(pledgeCallDeadline('2026-11-27', 2)).toBe('2026-12-01');
    expect(pledgeCallDeadline('2026-11-23', 2)).toBe('2026-11-25');
  });
});
