import {
  financialCommission,
  managementRoyalty,
  netCommission,
  overdueDeduction,
  payableOnCollection,
  perTonneCommission,
  profitShareCommission,
} from './commission.ts';

// domain-money.md §5.4: batch P2602, 39.876 t, GP 10,115.76 (§6.5).
describe('the commissions on batch P2602 (domain-money.md §5.4)', () => {
  it('per tonne: the purchaser 119.63 at 3/t, the salesperson 199.38 at 5/t', () => {
    expect(perTonneCommission('39.876', '3')).toBe('119.63');
    expect(perTonneCommission('39.876', '5')).toBe('199.38');
  });

  it('profit share at 10 %: a pool of 1,011.58, 404.63 to the purchaser and the residual 606.95 to sales', () => {
    expect(profitShareCommission('10115.76', '10', '40')).toEqual({
      pool: '1011.58',
      purchaser: '404.63',
      salesperson: '606.95',
    });
    // No pool on a loss.
    expect(profitShareCommission('-500', '10', '40')).toEqual({
      pool: '0.00',
      purchaser: '0.00',
      salesperson: '0.00',
    });
  });

  it('deducts P2602’s share of the overdue funding (96.62 of 485.91): the salesperson nets 510.33', () => {
    const deduction = overdueDeduction({
      overdue: '339765.56',
      ratePercent: '4.35',
      days: 12,
      lineValue: '624059.40',
      contractValue: '3138498.90',
    });
    expect(deduction).toEqual({ contract: '485.91', line: '96.62' });
    expect(netCommission('606.95', [deduction.line])).toEqual({
      deducted: '96.62',
      net: '510.33',
      carryForward: '0.00',
    });
  });

  it('pays the manager 5 % of GP (505.79) and the financier 10 % of financing income (367.93)', () => {
    expect(managementRoyalty('10115.76', '5')).toBe('505.79');
    expect(managementRoyalty('-10115.76', '5')).toBe('0.00');
    expect(financialCommission('3679.31', '10')).toBe('367.93');
  });

  it('pays on collection pro rata: 60 % collected makes 306.20 of 510.33 payable', () => {
    expect(payableOnCollection('510.33', '60', '100')).toBe('306.20');
    expect(payableOnCollection('510.33', '150', '100')).toBe('510.33');
    expect(payableOnCollection('510.33', '0', '0')).toBe('0.00');
  });

  it('never takes a line below 0: the rest carries into the next run, unless the setting says not', () => {
    expect(netCommission('100', ['150'])).toEqual({
      deducted: '150.00',
      net: '0.00',
      carryForward: '-50.00',
    });
    expect(netCommission('100', ['150'], '0', false).carryForward).toBe('0.00');
    expect(netCommission('100', ['20'], '-50.00')).toEqual({
      deducted: '20.00',
      net: '30.00',
      carryForward: '0.00',
    });
  });
});
