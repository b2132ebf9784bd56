import Decimal from 'decimal.js';
import { allocatedHedgePnl, batchCost, type CostLine } from './batchCost.ts';
import {
  closingStock,
  fiscalYearOfDay,
  grossProfit,
  hedgeBase,
  linkedHedgePnl,
  perTonne,
  profitOnCollection,
  spreadByWeight,
  stockDays,
  unsoldMark,
} from './profit.ts';

// domain-money.md §6.5: batch P2602 (39.876 t) bought at 14,300, its costs 546,465.40 excl. before hedge; 8 lots
// sold at 14,200 and bought back at 14,600 (−16,000 on 40 t); sold at 15,650 incl. (§1.6), 572,531.56 excl.
describe('profit of batch P2602 (domain-money.md §6.5)', () => {
  const lines: CostLine[] = [
    { component: 'purchase', source: 'CG', estimated: { included: '570226.80', vatPercent: '9' } },
    { component: 'freight', source: 'TL', estimated: { included: '20735.52', vatPercent: '9' } },
    { component: 'storage', source: 'BG', estimated: { included: '837.40', vatPercent: '6' } },
    { component: 'insurance', source: 'BX', estimated: { included: '171.07', vatPercent: '6' } },
    { component: 'supervision', source: 'JG', estimated: { included: '119.63', vatPercent: '6' } },
    { component: 'interest', source: 'CG', estimated: { included: '3233.89', vatPercent: null } },
  ];

  it('links the hedge trade to the contract and gives the batch its share: −15,950.40', () => {
    const linked = linkedHedgePnl([{ realisedPnl: '-16000', tradeTonnes: '40', linkedTonnes: '40' }]);
    expect(linked).toEqual({ pnl: '-16000', tonnes: '40' });
    expect(allocatedHedgePnl(linked.pnl, '39.876', hedgeBase(linked.tonnes, '39.876'))).toBe('-15950.40');
    // The same hedge over 80 t of the contract's batches is shared by them all, never given whole to each.
    expect(allocatedHedgePnl(linked.pnl, '39.876', hedgeBase(linked.tonnes, '79.988'))).toBe('-7976.40');
    // A pooled order of 10 t (2 lots) whose P&L is 2,000, 3 t of it this contract's fixing: 600.
    expect(linkedHedgePnl([{ realisedPnl: '2000', tradeTonnes: '10', linkedTonnes: '3' }]).pnl).toBe('600');
  });

  it('costs the batch 562,415.80 with its hedge and makes a GP of 10,115.76, 253.68/t', () => {
    const cost = batchCost({ tonnes: '39.876', lines, hedgePnl: '-15950.40' })!;
    expect(cost.costBeforeHedge).toBe('546465.40');
    expect(cost.cost).toBe('562415.80');
    const gp = grossProfit({ revenueExcl: '572531.56', cost: cost.cost });
    expect(gp).toBe('10115.76');
    expect(perTonne(gp, '39.876')).toBe('253.68');
    expect(grossProfit({ revenueExcl: '572531.56', cost: cost.cost, saleCostsExcl: '115.76' })).toBe(
      '10000.00',
    );
  });

  it('counts profit on money collected: GP × collected / settled, never above the whole', () => {
    expect(profitOnCollection('10115.76', '312029.70', '624059.40')).toBe('5057.88');
    expect(profitOnCollection('10115.76', '700000', '624059.40')).toBe('10115.76');
    expect(profitOnCollection('10115.76', '0', '0')).toBe('0.00');
  });

  it('marks unsold P2601 on the excl. footing: 9,660.17, never the mixed 60,002.74', () => {
    expect(
      unsoldMark({ marketIncluded: '15200', vatPercent: '9', unitCostExcl: '13704.12', tonnes: '40.112' }),
    ).toEqual({ marketExcl: '13944.95', mtm: '9660.17' });
  });
});

describe('report arithmetic', () => {
  it('spreads a charge over batches by weight to the fen, the shares summing to the charge', () => {
    const shares = spreadByWeight('201.26', ['40.112', '39.876', '40.305']);
    expect(shares.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2)).toBe('201.26');
    expect(shares).toEqual(['67.11', '66.72', '67.43']);
    expect(spreadByWeight('-0.01', ['1', '1'])).toEqual(['0.00', '-0.01']);
    expect(spreadByWeight('5', ['0', '0'])).toEqual(['0.00', '0.00']);
  });

  it('opens the fiscal year in October and closes the stock as opening + in − out', () => {
    expect(fiscalYearOfDay('2025-09-30')).toBe(2025);
    expect(fiscalYearOfDay('2025-10-01')).toBe(2026);
    expect(closingStock('120.5', '40.112', '39.876')).toBe('120.736');
  });
});

describe('stock days', () => {
  it('divides the average stock by the average daily out, none when nothing went out', () => {
    // (400 + 200) / 2 = 300 t held; 300 t out in 30 days = 10 t a day: 30.0 days.
    expect(stockDays('400', '200', '300', 30)).toBe('30.0');
    expect(stockDays('400', '400', '0', 30)).toBeNull();
  });
});
