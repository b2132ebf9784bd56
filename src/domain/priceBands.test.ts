import { bandCrossing, bandSide, priceBandProblem } from './priceBands.ts';

// A band of CF2605 from 14,000 to 15,000 CNY/t.
const band = { lower: '14000', upper: '15000' };

describe('bandSide', () => {
  it('counts a price on a line as inside, beyond it as outside', () => {
    expect(bandSide('14000', band)).toBe('inside');
    expect(bandSide('15000', band)).toBe('inside');
    expect(bandSide('13995', band)).toBe('below');
    expect(bandSide('15005', band)).toBe('above');
  });

  it('reads a one-sided band', () => {
    expect(bandSide('1', { upper: '15000' })).toBe('inside');
    expect(bandSide('99999', { lower: '14000' })).toBe('inside');
  });
});

describe('bandCrossing', () => {
  it('warns once when the price leaves the band, not again while it stays out', () => {
    const prices = ['14800', '15050', '15100', '15200', '14900', '15010'];
    const warnings = prices.map((price, i) => bandCrossing(i === 0 ? null : prices[i - 1], price, band));
    expect(warnings).toEqual([undefined, 'above', undefined, undefined, undefined, 'above']);
  });

  it('warns on the first price seen when it is already outside', () => {
    expect(bandCrossing(null, '13900', band)).toBe('below');
    expect(bandCrossing(undefined, '14500', band)).toBeUndefined();
  });

  it('warns when the price jumps from one side straight to the other', () => {
    expect(bandCrossing('13900', '15100', band)).toBe('above');
    expect(bandCrossing('15100', '13900', band)).toBe('below');
  });

  it('does not warn on coming back inside', () => {
    expect(bandCrossing('15100', '15000', band)).toBeUndefined();
  });
});

describe('priceBandProblem', () => {
  it('refuses a band with no line or with its lines inverted', () => {
    expect(priceBandProblem({})?.code).toBe('bandWithoutLines');
    expect(priceBandProblem({ lower: '15000', upper: '15000' })?.message).toBe('下限 15000 应低于上限 15000');
    expect(priceBandProblem({ lower: '14000' })).toBeUndefined();
    expect(priceBandProblem(band)).toBeUndefined();
  });
});
