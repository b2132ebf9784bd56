// The lines of a run from its sources, without a database (domain-money.md §5.4, batch P2602: 39.876 t, revenue
// 572,531.56 excl., cost 562,415.80, GP 10,115.76): profit share at 10 % gives the purchaser 404.63 and the
// salesperson 606.95, the manager 505.79 on top; per tonne the B2B channel takes its own rate; with 60 % of the
// contract collected 60 % is payable; a batch without a cost earns no GP-based line.
import Decimal from 'decimal.js';
import { commissionLines, monthEnd, type Scheme } from './runs.ts';

const SOURCE = {
  lineId: '1',
  settlementId: '1',
  settlementNo: 'JS-P2602',
  contractNo: 'XS-P2602',
  clientName: '无锡一棉',
  batchNo: 'P2602',
  weight: '39.876',
  revenueExcl: '572531.56',
  otherExcl: '0',
  goodsExcl: '572531.56',
  settleDate: '2026-11-18',
  salespersonId: '7',
  purchaserId: '2',
  managerId: '1',
  channel: 'self' as const,
  totalAmount: '624059.40',
  paidAmount: '374435.64',
};
const SCHEME: Scheme = {
  scheme: 'profitShare',
  ratePurchase: '3.00',
  rateSale: '5.00',
  rateB2b: '4.00',
  sharePercent: '10',
  purchaseSharePercent: '40',
  managementPercent: '5',
  payableOn: 'settlement',
};
// 562,415.80 / 39.876 t, exact: the cost comes back to the fen.
const COSTS = new Map([['P2602', new Decimal('562415.80').dividedBy('39.876').toString()]]);
const byRole = (lines: ReturnType<typeof commissionLines>['lines']) =>
  Object.fromEntries(lines.map((line) => [line.role, line]));

test('profit share: GP 10,115.76, purchaser 404.63, salesperson 606.95, manager 505.79', () => {
  const { lines, uncosted } = commissionLines([SOURCE], COSTS, SCHEME);
  expect(uncosted).toBe(0);
  const roles = byRole(lines);
  expect(roles.purchaser).toMatchObject({ grossProfit: '10115.76', gross: '404.63', basis: 'grossProfit' });
  expect(roles.salesperson).toMatchObject({ gross: '606.95', net: '606.95', payable: '606.95' });
  expect(roles.manager).toMatchObject({ gross: '505.79', rate: '5' });
});

test('payable on collection: 60 % of the contract collected, 60 % of each line', () => {
  const { lines } = commissionLines([SOURCE], COSTS, { ...SCHEME, payableOn: 'collection' });
  expect(byRole(lines).salesperson).toMatchObject({ payable: '364.17', collectedShare: '0.6' });
});

test('per tonne: 119.63 and 199.38; a B2B sale at the channel rate', () => {
  const perTonne = { ...SCHEME, scheme: 'perTonne' as const };
  expect(byRole(commissionLines([SOURCE], COSTS, perTonne).lines)).toMatchObject({
    purchaser: { gross: '119.63', basis: 'tonnes' },
    salesperson: { gross: '199.38', channel: 'self' },
  });
  const b2b = byRole(commissionLines([{ ...SOURCE, channel: 'b2b' }], COSTS, perTonne).lines);
  expect(b2b.salesperson).toMatchObject({ gross: '159.50', channel: 'b2b', rate: '4.00' });
  expect(b2b.purchaser).toMatchObject({ gross: '119.63', channel: 'self' });
});

test('a claim on the settlement lowers the GP once, spread by value; a batch without cost earns no share', () => {
  const claimed = { ...SOURCE, otherExcl: '-1000.00' };
  expect(byRole(commissionLines([claimed], COSTS, SCHEME).lines).purchaser!.grossProfit).toBe('9115.76');
  const { lines, uncosted } = commissionLines([SOURCE], new Map(), SCHEME);
  expect(uncosted).toBe(1);
  expect(lines).toEqual([]);
});

test('a month ends on its last day', () => {
  expect(monthEnd('2026-11')).toBe('2026-11-30');
  expect(monthEnd('2028-02')).toBe('2028-02-29');
});
