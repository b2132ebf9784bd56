import {
  type CreditContract,
  clientCredit,
  contractReceivable,
  deliveredValue,
  paidTonnage,
  unpricedExposure,
} from './credit.ts';

// Worked by hand. A basis sale of 100 t, 60 t fixed at 16,000 CNY/t, basis 800, CF at 15,500: a tonne not
// yet priced is worth 15,500 + 800 = 16,300. 70 t are out: the 60 fixed tonnes (960,000) and 10 t before
// pricing (163,000) = 1,123,000; the client paid 500,000, so 623,000 is owed. Of the 40 t unfixed, 10 are
// out already: the other 30 t are the unpriced exposure, 30 × 16,300 = 489,000.
const basisSale: CreditContract = {
  tonnage: '100',
  fixedTonnage: '60',
  fixedPrice: '16000',
  basis: '800',
  futuresPrice: '15500',
  valuationPrice: '16000',
  deliveredTonnage: '70',
  paid: '500000',
};
// A spot sale paid in advance and not yet delivered: nothing owed, nothing unpriced.
const prepaidSpot: CreditContract = {
  tonnage: '50',
  fixedTonnage: '50',
  fixedPrice: '15800',
  basis: null,
  futuresPrice: null,
  valuationPrice: '16000',
  deliveredTonnage: '0',
  paid: '800000',
};
// A basis sale of a month without a price yet: 20 t at the valuation price, 16,000 = 320,000.
const unquotedMonth: CreditContract = {
  tonnage: '20',
  fixedTonnage: '0',
  fixedPrice: null,
  basis: '700',
  futuresPrice: null,
  valuationPrice: '16000',
  deliveredTonnage: '0',
  paid: '0',
};

describe('a client’s credit', () => {
  test('goods out are valued fixed tonnes first, the rest at the market', () => {
    expect(deliveredValue(basisSale)).toBe('1123000.00');
    expect(contractReceivable(basisSale)).toBe('623000.00');
    expect(unpricedExposure(basisSale)).toBe('489000.00');
  });

  test('a prepayment is not a receivable, and a spot sale has nothing unpriced', () => {
    expect(contractReceivable(prepaidSpot)).toBe('0.00');
    expect(unpricedExposure(prepaidSpot)).toBe('0.00');
  });

  test('a month without a price is valued at the valuation price', () => {
    expect(unpricedExposure(unquotedMonth)).toBe('320000.00');
  });

  test('headroom = limit − receivables − unpriced exposure − margin shortfall', () => {
    // 2,000,000 − 623,000 − (489,000 + 320,000) − 37,500.50 = 530,499.50
    expect(clientCredit('2000000', [basisSale, prepaidSpot, unquotedMonth], '37500.50')).toEqual({
      creditLimit: '2000000.00',
      receivables: '623000.00',
      unpricedExposure: '809000.00',
      marginShortfall: '37500.50',
      headroom: '530499.50',
    });
  });

  test('over the limit the headroom is negative; without a limit there is none to check', () => {
    expect(clientCredit('1000000', [basisSale, unquotedMonth], '0').headroom).toBe('-432000.00');
    expect(clientCredit(null, [basisSale], '0')).toMatchObject({ headroom: null, receivables: '623000.00' });
  });

  test('fixed tonnes paid for: money over the fixed price, to the kg, never beyond what is fixed', () => {
    expect(paidTonnage('500000', '16000', '60')).toBe('31.2500');
    expect(paidTonnage('100000', '15999.99', '60')).toBe('6.2500');
    expect(paidTonnage('2000000', '16000', '60')).toBe('60.0000');
    expect(paidTonnage('500000', null, '60')).toBe('0.0000');
  });
});
