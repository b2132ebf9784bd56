import { describe, expect, it } from 'vitest';
import {
  type CloseOut,
  contractUnpricedTonnes,
  cropYearOfFuturesMonth,
  exposure,
  exposureOfContractTotals,
  type FuturesFill,
  futuresMtm,
  futuresNetTonnes,
  inventoryMark,
  inventoryMtm,
  inventoryValuationMonth,
  type Matching,
  matchFifo,
  openPositionByMonth,
  pooledHedgeLots,
  pricedContractMtm,
  pricedOpenTonnes,
  pricedPhysicalLong,
  realisedPnl,
  unpricedContractMtm,
  unpricedTonnes,
} from './positions.ts';
import { isProblem } from './problem.ts';

const fill = (
  id: string,
  side: 'buy' | 'sell',
  effect: 'open' | 'close',
  lots: number,
  price: string,
  month = 'CF2605',
): FuturesFill => ({ id, month, side, effect, lots, price });

const matched = (trades: FuturesFill[]): Matching => {
  const result = matchFifo(trades, '5');
  if (isProblem(result)) throw new Error(result.message);
  return result;
};

describe('realised P&L under FIFO', () => {
  it('is side × (close − open) × 5 × lots', () => {
    // long 2 lots at 15000 closed at 15200: +200 × 5 × 2 = 2000
    expect(realisedPnl('buy', '15000', '15200', 2, '5')).toBe('2000.00');
    // Lots of 10 t (the exchange's setting changed): 1 × (15200 − 15000) × 10 × 2 = 4,000.00
    expect(realisedPnl('buy', '15000', '15200', 2, '10')).toBe('4000.00');
    // short 3 lots at 15000 closed (bought back) at 15200: −200 × 5 × 3 = −3000
    expect(realisedPnl('sell', '15000', '15200', 3, '5')).toBe('-3000.00');
  });

  it('closes the oldest lots first, splitting an opening trade', () => {
    // short 10 @ 15000, short 5 @ 15100; buy back 12 @ 14900:
    //  10 lots of the first: (15000 − 14900) × 5 × 10 = 5000
    //   2 lots of the second: (15100 − 14900) × 5 × 2 = 2000
    const result = matched([
      fill('1', 'sell', 'open', 10, '15000'),
      fill('2', 'sell', 'open', 5, '15100'),
      fill('3', 'buy', 'close', 12, '14900'),
    ]);
    expect(result.closeOuts.map((c: CloseOut) => [c.openTradeId, c.lots, c.realisedPnl])).toEqual([
      ['1', 10, '5000.00'],
      ['2', 2, '2000.00'],
    ]);
    expect(result.open).toEqual([
      { tradeId: '2', month: 'CF2605', side: 'sell', lots: 3, price: '15100.00' },
    ]);
  });

  it('matches each month and side apart', () => {
    const result = matched([
      fill('1', 'buy', 'open', 4, '15000', 'CF2605'),
      fill('2', 'buy', 'open', 4, '15300', 'CF2609'),
      fill('3', 'sell', 'open', 2, '15500', 'CF2605'),
      fill('4', 'sell', 'close', 3, '15100', 'CF2609'),
    ]);
    // closes 3 of trade 2 (CF2609 long): (15100 − 15300) × 5 × 3 = −3000
    expect(result.closeOuts).toHaveLength(1);
    expect(result.closeOuts[0]).toMatchObject({ openTradeId: '2', lots: 3, realisedPnl: '-3000.00' });
  });

  it('refuses a close larger than the position', () => {
    const result = matchFifo(
      [fill('1', 'buy', 'open', 2, '15000'), fill('2', 'sell', 'close', 3, '15100')],
      '5',
    );
    expect(isProblem(result) && result.code).toBe('positions.closeExceedsOpen');
  });
});

describe('open position per month', () => {
  it('sums long and short lots with their average open price', () => {
    const result = matched([
      fill('1', 'buy', 'open', 2, '15000'),
      fill('2', 'buy', 'open', 3, '15100'),
      fill('3', 'sell', 'open', 4, '15200'),
      fill('4', 'sell', 'open', 1, '14800', 'CF2609'),
      fill('5', 'sell', 'close', 1, '15050'),
    ]);
    // longs left: trade 1 1 lot @15000, trade 2 3 lots @15100 → (15000 + 45300) / 4 = 15075
    expect(openPositionByMonth(result.open)).toEqual([
      {
        month: 'CF2605',
        longLots: 4,
        shortLots: 4,
        longAveragePrice: '15075.00',
        shortAveragePrice: '15200.00',
        netLots: 0,
      },
      {
        month: 'CF2609',
        longLots: 0,
        shortLots: 1,
        longAveragePrice: null,
        shortAveragePrice: '14800.00',
        netLots: -1,
      },
    ]);
  });
});

describe('hedge lots with pooled tails', () => {
  it('pools the tails of fixings across contracts until they make whole lots', () => {
    const result = pooledHedgeLots(
      [
        { id: 'a', month: 'CF2605', direction: 'buy', tonnage: '7' }, // 7 → 1 lot, tail 2
        { id: 'b', month: 'CF2605', direction: 'buy', tonnage: '4' }, // 2 + 4 = 6 → 1 lot, tail 1
        { id: 'c', month: 'CF2605', direction: 'sell', tonnage: '3' }, // own pool: 0 lots, tail 3
        { id: 'd', month: 'CF2605', direction: 'buy', tonnage: '2.5' }, // 1 + 2.5 → 0 lots, tail 3.5
        { id: 'e', month: 'CF2605', direction: 'buy', tonnage: '11.5' }, // 3.5 + 11.5 = 15 → 3 lots, tail 0
        { id: 'f', month: 'CF2609', direction: 'buy', tonnage: '4' }, // other month: 0 lots, tail 4
      ],
      {},
      '5',
    );
    expect(result.map((r) => [r.fixingId, r.lots, r.pooledTail])).toEqual([
      ['a', 1, '2.0000'],
      ['b', 1, '1.0000'],
      ['c', 0, '3.0000'],
      ['d', 0, '3.5000'],
      ['e', 3, '0.0000'],
      ['f', 0, '4.0000'],
    ]);
  });

  it('starts from the tails already pooled', () => {
    const [result] = pooledHedgeLots(
      [{ id: 'a', month: 'CF2605', direction: 'sell', tonnage: '3' }],
      { 'CF2605:sell': '4' },
      '5',
    );
    expect(result).toMatchObject({ lots: 1, pooledTail: '2.0000' });
  });
});

describe('exposure (domain.md §5)', () => {
  // inventory 100 t; purchase 200 t fixed 150 (delivered 50); sale 120 t fixed 80 (none delivered);
  // sale 60 t unfixed
  const contracts = [
    { side: 'purchase' as const, tonnage: '200', fixedTonnage: '150', deliveredTonnage: '50' },
    { side: 'sale' as const, tonnage: '120', fixedTonnage: '80' },
    { side: 'sale' as const, tonnage: '60', fixedTonnage: '0' },
  ];

  it('unpriced tonnes, sales and purchases apart', () => {
    // sales: (120 − 80) + 60 = 100; purchases: 200 − 150 = 50
    expect(unpricedTonnes(contracts)).toEqual({ sales: '100.0000', purchases: '50.0000' });
  });

  it('priced physical long = inventory + priced open purchases − priced open sales', () => {
    // 100 + (150 − 50) − 80 = 120
    expect(pricedPhysicalLong('100', contracts)).toBe('120.0000');
  });

  it('futures net, net exposure and hedge ratio', () => {
    expect(futuresNetTonnes(3, 25, '5')).toBe('-110.0000');
    // physical 120, futures 5 × (3 − 25) = −110: net 10, ratio 110 / 120 = 0.9167
    expect(
      exposure({ inventoryTonnes: '100', contracts, longLots: 3, shortLots: 25, lotTonnes: '5' }),
    ).toEqual({
      unpricedSales: '100.0000',
      unpricedPurchases: '50.0000',
      pricedPhysicalLong: '120.0000',
      futuresNetTonnes: '-110.0000',
      netExposure: '10.0000',
      hedgeRatio: '0.9167',
    });
  });

  it('gives the same figures from tonnes summed per side', () => {
    // purchases: unpriced 50, priced open 150 − 50 = 100; sales: unpriced 40 + 60 = 100, priced open 80
    expect(
      exposureOfContractTotals({
        inventoryTonnes: '100',
        totals: [
          { side: 'purchase', unpricedTonnes: '50', pricedOpenTonnes: '100' },
          { side: 'sale', unpricedTonnes: '100', pricedOpenTonnes: '80' },
        ],
        longLots: 3,
        shortLots: 25,
        lotTonnes: '5',
      }),
    ).toEqual(exposure({ inventoryTonnes: '100', contracts, longLots: 3, shortLots: 25, lotTonnes: '5' }));
  });

  it('counts a spot contract as priced, and priced open tonnes as priced − delivered (issue 21)', () => {
    // A spot sale of 100 t with 30 t out: unpriced 0 (it counted 100), priced open 100 − 30 = 70.
    // A basis sale of 100 t fixed 60 t with 40 t out: unpriced 40, priced open 60 − 40 = 20 (it counted 60).
    // Inventory 200 t: physical long 200 − 70 − 20 = 110.
    const spot = {
      side: 'sale' as const,
      kind: 'spot',
      tonnage: '100',
      fixedTonnage: '0',
      deliveredTonnage: '30',
    };
    const basis = {
      side: 'sale' as const,
      kind: 'basis',
      tonnage: '100',
      fixedTonnage: '60',
      deliveredTonnage: '40',
    };
    expect(contractUnpricedTonnes(spot).toFixed(4)).toBe('0.0000');
    expect(pricedOpenTonnes(spot).toFixed(4)).toBe('70.0000');
    expect(contractUnpricedTonnes(basis).toFixed(4)).toBe('40.0000');
    expect(pricedOpenTonnes(basis).toFixed(4)).toBe('20.0000');
    expect(
      exposure({
        inventoryTonnes: '200',
        contracts: [spot, basis],
        longLots: 0,
        shortLots: 0,
        lotTonnes: '5',
      }),
    ).toMatchObject({
      unpricedSales: '40.0000',
      pricedPhysicalLong: '110.0000',
    });
  });

  it('has no hedge ratio without a physical long', () => {
    expect(
      exposure({ inventoryTonnes: '0', contracts: [], longLots: 1, shortLots: 0, lotTonnes: '5' }).hedgeRatio,
    ).toBeNull();
  });
});

describe('mark-to-market of each instrument (domain.md §5)', () => {
  const market = { settlement: '15000', marketBasis: '800', qualityAdjustment: '-150' };

  it('futures: side × (S − P_open) × 5 × lots', () => {
    // short 4 @ 15200 at S 15000: −1 × (−200) × 5 × 4 = 4000
    expect(futuresMtm('sell', '15000', '15200', 4, '5')).toBe('4000.00');
    expect(futuresMtm('buy', '15000', '15200', 4, '5')).toBe('-4000.00');
  });

  it('inventory: (S + B_mkt + QA − unit cost) × W', () => {
    // (15000 + 800 − 150 − 15500) × 40 = 150 × 40 = 6000
    expect(inventoryMtm(market, '15500', '40')).toBe('6000.00');
  });

  it('open priced purchase and sale', () => {
    // purchase: (15650 − 15900) × 20 = −5000; sale: (15900 − 15650) × 20 = 5000
    expect(pricedContractMtm('purchase', market, '15900', '20')).toBe('-5000.00');
    expect(pricedContractMtm('sale', market, '15900', '20')).toBe('5000.00');
  });

  it('unpriced sale and purchase', () => {
    // sale at basis 900, market 800: (900 − 800) × 60 = 6000; a purchase the other way: −6000
    expect(unpricedContractMtm('sale', '900', '800', '60')).toBe('6000.00');
    expect(unpricedContractMtm('purchase', '900', '800', '60')).toBe('-6000.00');
  });
});

describe('crop year of a CF month', () => {
  it('runs from September to August', () => {
    expect(cropYearOfFuturesMonth('CF2607')).toBe('2025/26');
    expect(cropYearOfFuturesMonth('CF2609')).toBe('2026/27');
    expect(cropYearOfFuturesMonth('CF2705')).toBe('2026/27');
    expect(cropYearOfFuturesMonth('CF2999')).toBeUndefined();
  });
});

describe('mark of the stock', () => {
  it('is marked on the nearest priced month not before the day', () => {
    expect(inventoryValuationMonth('2026-03-02', ['CF2601', 'CF2609', 'CF2605'])).toBe('CF2605');
    expect(inventoryValuationMonth('2026-03-02', ['CF2603'])).toBe('CF2603');
    expect(inventoryValuationMonth('2026-03-02', ['CF2601'])).toBeUndefined();
  });

  it('adds the batches known enough and counts the others', () => {
    // (14000 + 1200 + 1000 − 15000) × 40 = 48000; (14000 + 1300 − 100 − 15500) × 20.5 = −6150
    expect(
      inventoryMark('14000', [
        { tonnes: '40', unitCost: '15000', qualityAdjustment: '1000', marketBasis: '1200' },
        { tonnes: '20.5', unitCost: '15500', qualityAdjustment: '-100', marketBasis: '1300' },
        { tonnes: '10', unitCost: null, qualityAdjustment: '0', marketBasis: '1200' },
        { tonnes: '10', unitCost: '15000', qualityAdjustment: null, marketBasis: '1200' },
      ]),
    ).toEqual({
      mtm: '41850.00',
      valued: 2,
      valuedTonnes: '60.5000',
      unvalued: 2,
      batches: ['48000.00', '-6150.00', null, null],
    });
  });

  it('leaves a batch without a cost blank, and the total blank when none is valued (issue 21)', () => {
    expect(
      inventoryMark('14000', [{ tonnes: '10', unitCost: null, qualityAdjustment: '0', marketBasis: '1200' }]),
    ).toEqual({ mtm: null, valued: 0, valuedTonnes: '0.0000', unvalued: 1, batches: [null] });
  });

  it('marks a batch on one tax footing: the market out of VAT against the unit cost out of VAT (issue 21, domain.md §5)', () => {
    // A unit cost of 14,065 excl. VAT (batchCost.ts builds it); market 14,000 + 1,200 + 1,000 = 16,200 incl.
    // → 16,200 / 1.09 = 14,862.385321…; less 14,065, × 40 t = 31,895.412844… → 31,895.41 (marked
    // tax-inclusive against the cost it was 85,400.00).
    expect(
      inventoryMark(
        '14000',
        [{ tonnes: '40', unitCost: '14065', qualityAdjustment: '1000', marketBasis: '1200' }],
        '9',
      ).mtm,
    ).toBe('31895.41');
  });
});
