import Decimal from 'decimal.js';
import {
  allocatedHedgePnl,
  batchCost,
  type CostLine,
  excludingVat,
  fundedDays,
  fundingInterest,
  purchaseAmount,
} from './batchCost.ts';
import { feeAmount } from './money.ts';
import { inventoryMtm } from './positions.ts';

// domain-money.md §6.5: batch P2602, 39.876 t bought at 14,300, railed at 520/t, stored 60 days at
// 0.35/t/day, insured at 0.03 % of its value, supervised at 3/t, funded 60 days at 3.45 %, hedged by 8 lots
// sold at 14,200 and bought back at 14,600 (−16,000 on 40 t).
const W = '39.876';
const purchase = purchaseAmount(W, '14300');
const P2602: CostLine[] = [
  { component: 'purchase', source: 'CG1', estimated: { included: purchase, vatPercent: '9' } },
  {
    component: 'freight',
    source: 'TL1',
    estimated: { included: feeAmount({ basis: 'perTonne', rate: '520', tonnes: W }), vatPercent: '9' },
  },
  {
    component: 'storage',
    source: 'BG1',
    estimated: {
      included: feeAmount({
        basis: 'perTonneDay',
        rate: '0.35',
        tonnes: W,
        periodFrom: '2026-01-01',
        periodTo: '2026-03-01',
      }),
      vatPercent: '6',
    },
  },
  {
    component: 'insurance',
    source: 'BX1',
    estimated: {
      included: feeAmount({ basis: 'percentOfValue', rate: '0.03', insuredValue: purchase }),
      vatPercent: '6',
    },
  },
  {
    component: 'supervision',
    source: 'JG1',
    estimated: { included: feeAmount({ basis: 'perTonne', rate: '3', tonnes: W }), vatPercent: '6' },
  },
  {
    component: 'interest',
    source: 'CG1',
    estimated: {
      included: fundingInterest({ principal: purchase, ratePercent: '3.45', days: 60, dayCount: 'ACT/365' }),
      vatPercent: null,
    },
  },
];

describe('the cost of batch P2602 (domain-money.md §6.5)', () => {
  it('takes each line out of VAT once: the table’s incl and excl columns', () => {
    expect(
      P2602.map((line) => [line.component, line.estimated.included, excludingVat(line.estimated)]),
    ).toEqual([
      ['purchase', '570226.80', '523143.85'],
      ['freight', '20735.52', '19023.41'],
      ['storage', '837.40', '790.00'],
      ['insurance', '171.07', '161.39'],
      ['supervision', '119.63', '112.86'],
      ['interest', '3233.89', '3233.89'],
    ]);
  });

  it('costs 546,465.40 before the hedge (13,704.12/t) and 562,415.80 after its loss (14,104.12/t)', () => {
    const hedgePnl = allocatedHedgePnl('-16000', W, '40');
    expect(hedgePnl).toBe('-15950.40');
    const cost = batchCost({ tonnes: W, lines: P2602, hedgePnl })!;
    expect(cost.costBeforeHedge).toBe('546465.40');
    expect(cost.cost).toBe('562415.80');
    expect(new Decimal(cost.unitCostBeforeHedge).toFixed(2)).toBe('13704.12');
    expect(new Decimal(cost.unitCost).toFixed(2)).toBe('14104.12');
    // GP against the sale's revenue excl. of §2.10: 572,531.56 − 562,415.80.
    expect(new Decimal('572531.56').minus(cost.cost).toFixed(2)).toBe('10115.76');
  });

  it('shows every component, 0.00 where the batch has none, and the components sum to the cost', () => {
    const cost = batchCost({ tonnes: W, lines: P2602 })!;
    expect(cost.components.map((c) => [c.component, c.cost])).toEqual([
      ['purchase', '523143.85'],
      ['freight', '19023.41'],
      ['storage', '790.00'],
      ['insurance', '161.39'],
      ['supervision', '112.86'],
      ['inspection', '0.00'],
      ['interest', '3233.89'],
    ]);
    const total = cost.components.reduce((s, c) => s.plus(c.cost), new Decimal(0));
    expect(total.toFixed(2)).toBe(cost.costBeforeHedge);
    expect(cost.hedgePnl).toBe('0.00');
    expect(cost.cost).toBe(cost.costBeforeHedge);
  });

  it('is estimated until every line has its invoice; an actual replaces its estimate and shows the difference', () => {
    const estimated = batchCost({ tonnes: W, lines: P2602 })!;
    expect(estimated.allActual).toBe(false);
    expect(estimated.components[1]).toMatchObject({ estimated: '19023.41', actual: null, difference: null });
    // The carrier's invoice says 20,800.00 incl. at 9 %: 19,082.57 excl., 59.16 more than estimated.
    const invoiced = P2602.map((line) =>
      line.component === 'freight' ? { ...line, actual: { included: '20800.00', vatPercent: '9' } } : line,
    );
    const actual = batchCost({ tonnes: W, lines: invoiced })!;
    expect(actual.components[1]).toMatchObject({
      estimated: '19023.41',
      actual: '19082.57',
      difference: '59.16',
      cost: '19082.57',
    });
    expect(actual.costBeforeHedge).toBe('546524.56');
    // A small carrier's ordinary invoice: its VAT cannot be deducted, so the whole amount is the cost.
    const ordinary = P2602.map((line) =>
      line.component === 'freight' ? { ...line, actual: { included: '20800.00', vatPercent: null } } : line,
    );
    expect(batchCost({ tonnes: W, lines: ordinary })!.components[1]!.cost).toBe('20800.00');
  });

  it('has no cost without a purchase or a weight: blank, never 0', () => {
    expect(batchCost({ tonnes: W, lines: P2602.filter((l) => l.component !== 'purchase') })).toBeNull();
    expect(batchCost({ tonnes: '0', lines: P2602 })).toBeNull();
  });

  it('marks unsold P2601 (13,704.12/t) at 15,200 incl. on the excl. footing, never mixing footings', () => {
    const mtm = inventoryMtm({ settlement: '14300', marketBasis: '900' }, '13704.12', '40.112', '9');
    // domain-money.md rounds the market to 13,944.95 first (9,660.17); the exact market gives 9,660.34.
    expect(mtm).toBe('9660.34');
    expect(inventoryMtm({ settlement: '14300', marketBasis: '900' }, '13704.12', '40.112', '0')).toBe(
      '60002.74',
    );
  });
});

describe('funding interest and days', () => {
  it('counts the first day and not the last, and ACT/360 divides by 360', () => {
    expect(fundedDays('2026-01-01', '2026-03-02')).toBe(60);
    expect(fundedDays('2026-03-02', '2026-01-01')).toBe(0);
    expect(fundingInterest({ principal: '360000', ratePercent: '3.6', days: 10, dayCount: 'ACT/360' })).toBe(
      '360.00',
    );
  });

  it('allocates nothing when no tonnes were hedged', () => {
    expect(allocatedHedgePnl('-16000', W, '0')).toBe('0.00');
    expect(allocatedHedgePnl('8000', '20', '40')).toBe('4000.00');
  });
});
