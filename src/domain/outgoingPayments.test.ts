import {
  needsFinalApproval,
  outgoingCapProblem,
  purchasePaymentCap,
  purposeList,
} from './outgoingPayments.ts';

describe('the caps of a purchase payment (domain-money.md §4.5)', () => {
  // The purchase of P2601–P2605 from a ginner at 14,300: 201.564 t settled, 2,600,000.00 prepaid.
  const contract = { contractValue: '2882365.20', prepayPercent: '90' };

  test('prepayments stay within 90 % of the contract value', () => {
    const cap = purchasePaymentCap('prepayment', contract);
    expect(cap).toBe('2594128.68');
    expect(outgoingCapProblem('2500000.00', '94128.68', cap, 'CG-1')).toBeNull();
    expect(outgoingCapProblem('2500000.00', '94128.69', cap, 'CG-1')?.message).toBe(
      'CG-1 的付款上限为 2594128.68 元，已付及在途 2500000.00 元，本笔最多 94128.68 元',
    );
  });

  test('before the last invoice, invoices of 161.313 t cover less than was paid: nothing more may be paid', () => {
    const cap = purchasePaymentCap('final', {
      ...contract,
      settled: '2880048.60',
      invoicedNet: '2306775.90',
    });
    expect(cap).toBe('2306775.90');
    expect(outgoingCapProblem('2600000.00', '0.01', cap, 'CG-1')?.params).toEqual({
      cap: '2306775.90',
      room: '0.00',
    });
  });

  test('after the final invoice and the red for the claim the payable is 280,048.60', () => {
    const cap = purchasePaymentCap('final', {
      ...contract,
      settled: '2880048.60',
      invoicedNet: '2880048.60',
    });
    expect(outgoingCapProblem('2600000.00', '280048.60', cap, 'CG-1')).toBeNull();
    expect(outgoingCapProblem('2600000.00', '280048.61', cap, 'CG-1')).not.toBeNull();
  });

  test('with no settlement yet, goods money is capped by the contract value', () => {
    expect(purchasePaymentCap('goods', contract)).toBe('2882365.20');
  });
});

describe('the final approval (PayApplyCheckEnd)', () => {
  const finals = purposeList('margin, interest');

  test('280,048.60 of goods is below 500,000.00: the final step is skipped', () => {
    expect(needsFinalApproval('280048.60', '500000.00', 'final', finals)).toBe(false);
  });

  test("the payee's day reaching the threshold needs it, however it is split", () => {
    expect(needsFinalApproval('500000.00', '500000.00', 'goods', finals)).toBe(true);
  });

  test('margin and interest always need it', () => {
    expect(needsFinalApproval('100.00', '500000.00', 'interest', finals)).toBe(true);
    expect(needsFinalApproval('100.00', '500000.00', 'margin', finals)).toBe(true);
  });
});
