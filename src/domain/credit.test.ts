import {
  type CreditContract,
  type CreditPolicy,
  clientCredit,
  contractCreditUse,
  contractPaymentCap,
  deliveredValue,
  paidTonnage,
  paymentCapProblem,
} from './credit.ts';

const POLICY: CreditPolicy = { commitmentBasis: 'contractValue', toleranceTonnesPrice: 'averageFixed' };
const use = (contract: CreditContract, policy = POLICY) => contractCreditUse(contract, policy);

// Worked by hand. A basis sale of 100 t, 60 t fixed at 16,000 CNY/t, basis 800, CF at 15,500: a tonne not
// yet priced is worth 15,500 + 800 = 16,300. 70 t are out: the 60 fixed tonnes (960,000) and 10 t before
// pricing (163,000) = 1,123,000; the client paid 500,000, so 623,000 is owed. Of the 40 t unfixed, 10 are
// out already: the other 30 t are the unpriced exposure, 30 × 16,300 = 489,000.
const basisSale: CreditContract = {
  kind: 'basis',
  tonnage: '100',
  fixedTonnage: '60',
  fixedPrice: '16000',
  basis: '800',
  futuresPrice: '15500',
  valuationPrice: '16000',
  deliveredTonnage: '70',
  paid: '500000',
};
// A spot sale paid in advance and not yet delivered: its commitment, 50 × 15,800 = 790,000, is covered by the
// 800,000 paid: nothing owed, nothing committed, nothing unpriced.
const prepaidSpot: CreditContract = {
  kind: 'spot',
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
  kind: 'basis',
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
    expect(deliveredValue(basisSale, POLICY)).toBe('1123000.00');
    expect(use(basisSale)).toEqual({
      receivable: '623000.00',
      commitment: '0.00',
      unpricedExposure: '489000.00',
    });
  });

  test('a prepayment is not a receivable: it covers the priced tonnes not yet delivered', () => {
    expect(use(prepaidSpot)).toEqual({ receivable: '0.00', commitment: '0.00', unpricedExposure: '0.00' });
  });

  test('a month without a price is valued at the valuation price', () => {
    expect(use(unquotedMonth).unpricedExposure).toBe('320000.00');
  });

  test('headroom = limit − receivables − commitments − unpriced exposure − reservations − margin shortfall', () => {
    // 2,000,000 − 623,000 − 0 − (489,000 + 320,000) − 48,000 − 37,500.50 = 482,499.50
    expect(
      clientCredit('2000000', [basisSale, prepaidSpot, unquotedMonth], '37500.50', POLICY, '48000'),
    ).toEqual({
      creditLimit: '2000000.00',
      receivables: '623000.00',
      commitments: '0.00',
      unpricedExposure: '809000.00',
      reservations: '48000.00',
      marginShortfall: '37500.50',
      headroom: '482499.50',
    });
  });

  test('over the limit the headroom is negative; without a limit there is none to check', () => {
    expect(clientCredit('1000000', [basisSale, unquotedMonth], '0', POLICY).headroom).toBe('-432000.00');
    expect(clientCredit(null, [basisSale], '0', POLICY)).toMatchObject({
      headroom: null,
      receivables: '623000.00',
    });
  });

  test('fixed tonnes paid for: money over the fixed price, to the kg, never beyond what is fixed', () => {
    expect(paidTonnage('500000', '16000', '60')).toBe('31.2500');
    expect(paidTonnage('100000', '15999.99', '60')).toBe('6.2500');
    expect(paidTonnage('2000000', '16000', '60')).toBe('60.0000');
    expect(paidTonnage('500000', null, '60')).toBe('0.0000');
  });
});

// Issue 21, worked by hand. Three spot sales of 100 t at 16,000 (1,600,000 each), approved, nothing out and
// nothing paid, under a limit of 2,000,000: each commits its whole value. One leaves 400,000 of headroom, so
// the second cannot be decided by the desk (400,000 < 1,600,000); two leave −1,200,000.
const spot = (paid = '0'): CreditContract => ({
  kind: 'spot',
  tonnage: '100',
  fixedTonnage: '0',
  fixedPrice: '16000',
  basis: null,
  futuresPrice: null,
  valuationPrice: '16000',
  deliveredTonnage: '0',
  paid,
});
// A basis sale of 100 t on B = 800 with CF at 15,200: unpriced, its 100 t are worth 100 × 16,000 = 1,600,000
// at the market; fixed in full at 15,000 (P = 15,800) they commit 1,580,000 — fixing frees nothing but the
// price difference. By replacement cost they commit max(0, 15,800 − 16,000) × 100 = 0 at 15,200, and
// (15,800 − 15,500) × 100 = 30,000 once CF falls to 14,700.
const basis = (fixed: boolean, futuresPrice = '15200'): CreditContract => ({
  kind: 'basis',
  tonnage: '100',
  fixedTonnage: fixed ? '100' : '0',
  fixedPrice: fixed ? '15800' : null,
  basis: '800',
  futuresPrice,
  valuationPrice: '16000',
  deliveredTonnage: '0',
  paid: '0',
});

describe('priced tonnes not yet delivered are a commitment (issue 21)', () => {
  test('a spot sale counts as priced in full, at its whole value', () => {
    expect(use(spot())).toEqual({ receivable: '0.00', commitment: '1600000.00', unpricedExposure: '0.00' });
    expect(clientCredit('2000000', [spot()], '0', POLICY).headroom).toBe('400000.00');
    expect(clientCredit('2000000', [spot(), spot()], '0', POLICY).headroom).toBe('-1200000.00');
  });

  test('fixing a basis sale moves its tonnes from unpriced to committed, freeing only the price difference', () => {
    expect(use(basis(false))).toMatchObject({ commitment: '0.00', unpricedExposure: '1600000.00' });
    expect(use(basis(true))).toMatchObject({ commitment: '1580000.00', unpricedExposure: '0.00' });
  });

  test('by replacement cost, only what reselling at the market would lose', () => {
    const policy: CreditPolicy = { ...POLICY, commitmentBasis: 'replacementCost' };
    expect(use(basis(true), policy).commitment).toBe('0.00');
    expect(use(basis(true, '14700'), policy).commitment).toBe('30000.00');
  });

  test('goods out move the priced tonnes from commitment to receivable; money paid ahead covers the rest', () => {
    // 40 t out of the spot sale: 640,000 owed, 60 t × 16,000 = 960,000 committed; 700,000 paid covers
    // the 640,000 out and 60,000 of the commitment.
    const partly = { ...spot(), deliveredTonnage: '40' };
    expect(use(partly)).toEqual({
      receivable: '640000.00',
      commitment: '960000.00',
      unpricedExposure: '0.00',
    });
    expect(use({ ...partly, paid: '700000' })).toEqual({
      receivable: '0.00',
      commitment: '900000.00',
      unpricedExposure: '0.00',
    });
  });

  test('tonnes out within the tolerance of a fully fixed sale are priced by the tolerance rule', () => {
    // 103 t out of the fixed 100 t at P = 15,800: at the average fixed price 103 × 15,800 = 1,627,400;
    // at the day's settlement 100 × 15,800 + 3 × (15,500 + 800) = 1,628,900.
    const over = { ...basis(true, '15500'), deliveredTonnage: '103' };
    expect(deliveredValue(over, POLICY)).toBe('1627400.00');
    expect(deliveredValue(over, { ...POLICY, toleranceTonnesPrice: 'settlementDayPrice' })).toBe(
      '1628900.00',
    );
  });
});

describe('goods money a contract may take (issue 21)', () => {
  // 20 t spot at 15,800 with 5 % tolerance: 21 t × 15,800 = 331,800.00.
  const spot20 = {
    kind: 'spot',
    tonnage: '20',
    tolerancePercent: '5',
    fixedTonnage: '0',
    fixedPrice: '15800',
    openPrice: '16000',
  };

  test('the largest delivery the tolerance allows, at the price it would have', () => {
    expect(contractPaymentCap(spot20, 'averageFixed')).toBe('331800.00');
    // A basis sale of 100 t ± 5 %, 60 t fixed at 15,800, the rest at the previous settlement + B = 15,900:
    // 60 × 15,800 + 45 × 15,900 = 948,000 + 715,500 = 1,663,500.00.
    const basisCap = { ...spot20, kind: 'basis', tonnage: '100', fixedTonnage: '60', openPrice: '15900' };
    expect(contractPaymentCap(basisCap, 'averageFixed')).toBe('1663500.00');
  });

  test('a payment past the cap is refused with what is left', () => {
    expect(paymentCapProblem('0', '9999999999.99', '331800.00', 'XS202611-0001')?.message).toBe(
      '合同 XS202611-0001 的货款上限为 331800.00 元（含溢短装），已收及在途 0.00 元，本笔最多 331800.00 元',
    );
    expect(paymentCapProblem('300000', '31800', '331800.00', 'XS202611-0001')).toBeNull();
    expect(paymentCapProblem('300000', '31800.01', '331800.00', 'XS202611-0001')?.params).toEqual({
      cap: '331800.00',
      room: '31800.00',
    });
  });
});
