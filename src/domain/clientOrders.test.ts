import { fillPrice, limitReached, orderCheckReasons, orderExpired } from './clientOrders.ts';
import { pricingParty } from './pricing.ts';

describe('a limit order fills when the price reaches its limit', () => {
  test('the buyer fixing a sale is filled at or below the limit', () => {
    expect(pricingParty('sale', 'basis')).toBe('buyer');
    expect(limitReached('buyer', '14800', '14805')).toBe(false);
    expect(limitReached('buyer', '14800', '14800')).toBe(true);
    expect(limitReached('buyer', '14800', '14795')).toBe(true);
  });

  test('the seller fixing a purchase is filled at or above the limit', () => {
    expect(pricingParty('purchase', 'deferred')).toBe('seller');
    expect(limitReached('seller', '15200', '15195')).toBe(false);
    expect(limitReached('seller', '15200', '15200.00')).toBe(true);
    expect(limitReached('seller', '15200', '15300')).toBe(true);
  });

  test('a limit order is fixed at its limit, a market order at the price', () => {
    expect(fillPrice({ kind: 'limit', limitPrice: '14800', party: 'buyer' }, '14750')).toBe('14800.00');
    expect(fillPrice({ kind: 'limit', limitPrice: '14800', party: 'buyer' }, '14805')).toBeUndefined();
    expect(fillPrice({ kind: 'market', party: 'seller' }, '14805')).toBe('14805.00');
  });

  test('an order is valid through its valid-until day', () => {
    expect(orderExpired('2026-11-30', '2026-11-30')).toBe(false);
    expect(orderExpired('2026-11-30', '2026-12-01')).toBe(true);
  });
});

describe('which orders the sales manager checks', () => {
  const facts = {
    kind: 'limit',
    tonnage: '100',
    limitPrice: '15000',
    marketPrice: '15500',
    tonnageLimit: '200',
    offMarketPercent: '3',
  } as const;

  test('100 t at 15000 against 15500: 3.23% off, more than 3%, is checked; 15050 (2.90%) is not', () => {
    // |15000 − 15500| / 15500 = 3.2258…% → 3.23%; |15050 − 15500| / 15500 = 2.903…%.
    expect(orderCheckReasons(facts)).toEqual(['限价 15000.00 偏离最新价 15500.00 3.23%，超过 3%']);
    expect(orderCheckReasons({ ...facts, limitPrice: '15050' })).toEqual([]);
    // Exactly at the line is within it: 15500 × 0.97 = 15035.
    expect(orderCheckReasons({ ...facts, limitPrice: '15035' })).toEqual([]);
  });

  test('more tonnes than the limit is checked, a market order too; no price entered leaves the limit unchecked', () => {
    expect(orderCheckReasons({ ...facts, tonnage: '200.0001', limitPrice: '15500' })).toEqual([
      '挂单 200.0001 吨超过业务员挂单限额 200 吨',
    ]);
    expect(orderCheckReasons({ ...facts, kind: 'market', tonnage: '250', limitPrice: null })).toHaveLength(1);
    expect(orderCheckReasons({ ...facts, marketPrice: null })).toEqual([]);
  });
});
