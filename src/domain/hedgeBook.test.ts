// Worked examples (issue 21):
// - A hedge buy order of 10 lots against 4 short lots closes 4 and opens 6; against 12 short it closes 10;
//   against none it opens 10 (before: it opened all 10 whenever the shorts were fewer than the order).
// - A fee of 10.00 over trades of 4 and 6 lots: 4.00 and 6.00; over 1 and 2 lots: 3.33 and 6.67 (the last
//   takes what is left, so the parts add up).
// - Realised 5,000.00 on two trades of fee 3.00 and commission 2.50 each: net 5,000 − 11.00 = 4,989.00.
// - CF2605's exchange margin rate: 5 % on 2026-03-31, 10 % from 2026-04-01 (the month before delivery), 20 %
//   from 2026-05-01 (the delivery month); 12 lots at 14,000 and 10 %: 60 t × 14,000 × 0.10 = 84,000.00.
import { describe, expect, it } from 'vitest';
import {
  exchangeMargin,
  exchangeMarginRate,
  hedgeBuyBooking,
  netRealisedPnl,
  shareByLots,
} from './hedgeBook.ts';

describe('a hedge buy order against the shorts held', () => {
  it('closes the shorts that exist and opens only the rest', () => {
    expect(hedgeBuyBooking(10, 4)).toEqual({ closeLots: 4, openLots: 6 });
    expect(hedgeBuyBooking(10, 12)).toEqual({ closeLots: 10, openLots: 0 });
    expect(hedgeBuyBooking(10, 0)).toEqual({ closeLots: 0, openLots: 10 });
  });
  it('shares the order fee by lots, the parts adding up', () => {
    expect(shareByLots('10', [4, 6])).toEqual(['4.00', '6.00']);
    expect(shareByLots('10', [1, 2])).toEqual(['3.33', '6.67']);
    expect(shareByLots('7.5', [3])).toEqual(['7.50']);
  });
});

describe('what the hedge book earns and ties up', () => {
  it('shows realised P&L net of the exchange fee and the broker commission', () => {
    expect(netRealisedPnl('5000', '11')).toBe('4989.00');
    expect(netRealisedPnl('-120.5', '3')).toBe('-123.50');
  });
  const rates = { ordinaryPercent: '5', nearDeliveryPercent: '10', deliveryMonthPercent: '20' };
  it('steps the exchange margin rate up as delivery nears', () => {
    expect(exchangeMarginRate('CF2605', '2026-03-31', rates)).toBe('5');
    expect(exchangeMarginRate('CF2605', '2026-04-01', rates)).toBe('10');
    expect(exchangeMarginRate('CF2605', '2026-05-06', rates)).toBe('20');
    expect(exchangeMarginRate('CF2701', '2026-12-15', rates)).toBe('10');
    expect(exchangeMarginRate('CF2701', '2026-11-30', rates)).toBe('5');
  });
  it('margins both sides of an open position at the month price', () => {
    expect(exchangeMargin(12, '5', '14000', '10')).toBe('84000.00');
    expect(exchangeMargin(0, '5', '14000', '10')).toBe('0.00');
  });
});
