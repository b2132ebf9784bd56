import {
  costInvoiceDeductedPostings,
  costInvoiceDeductible,
  costInvoiceDeductionProblem,
  costInvoiceMatchedPostings,
  costInvoiceMatchProblem,
  costInvoiceSplit,
  spreadLargestRemainder,
  tonneDays,
} from './costInvoices.ts';
import { entryProblem } from './journal.ts';

describe('a package’s storage bill spread over its batches by tonne-days (decision 15)', () => {
  // The package of §7.5: A 42.150 t, B 41.700 t, C 42.600 t, stored 1–30 November (30 days).
  const days = (tonnage: string) =>
    tonneDays({ tonnage, periodFrom: '2026-11-01', periodTo: '2026-11-30', estimate: null });

  test('tonne-days are tonnes × days, both ends counted', () => {
    expect(days('42.150')).toBe('1264.5');
    expect(tonneDays({ tonnage: null, periodFrom: '2026-11-01', periodTo: null, estimate: '800.00' })).toBe(
      '800',
    );
  });

  test('the warehouse’s bill of 2,276.10 is spread to the fen, the shares summing to the bill', () => {
    const parts = spreadLargestRemainder('2276.10', [
      { key: 'A', weight: days('42.150') },
      { key: 'B', weight: days('41.700') },
      { key: 'C', weight: days('42.600') },
    ]);
    // 126.450 t × 30 days = 3,793.5 tonne-days at 0.60 a tonne-day: the shares are exact.
    expect([...parts.entries()]).toEqual([
      ['A', '758.70'],
      ['B', '750.60'],
      ['C', '766.80'],
    ]);
  });

  test('the fens left over go to the largest remainders, earlier first on a tie', () => {
    const parts = spreadLargestRemainder('100.00', [
      { key: 'A', weight: '1' },
      { key: 'B', weight: '1' },
      { key: 'C', weight: '1' },
    ]);
    expect([...parts.values()]).toEqual(['33.34', '33.33', '33.33']);
    const uneven = spreadLargestRemainder('10.00', [
      { key: 'A', weight: '2' },
      { key: 'B', weight: '1' },
    ]);
    expect([...uneven.values()]).toEqual(['6.67', '3.33']);
    expect([
      ...spreadLargestRemainder('1.00', [
        { key: 'A', weight: '0' },
        { key: 'B', weight: '0' },
      ]).values(),
    ]).toEqual(['0.50', '0.50']);
  });
});

describe('matching a cost invoice to its fee records (SM-5, §4.6)', () => {
  const invoice = { invoiceNo: '25651234', sellerId: '5', costKind: 'storage' as const, amount: '2276.10' };
  const fee = { feeNo: 'CC-1', kind: 'storage', payeeId: '5', status: 'confirmed', actualInvoiceNo: null };

  test('the lines sum to the invoice within 0.01 per line', () => {
    const lines = [{ amount: '758.70' }, { amount: '750.60' }, { amount: '766.81' }];
    expect(costInvoiceMatchProblem(invoice, lines, [fee])).toBeNull();
    expect(costInvoiceMatchProblem(invoice, [{ amount: '2276.12' }], [fee])).toMatchObject({
      code: 'costInvoice.sum',
      message: '发票 25651234 金额 2276.10 元，对应费用合计 2276.12 元，不一致',
    });
    expect(costInvoiceMatchProblem(invoice, [], [])?.code).toBe('costInvoice.noLines');
  });

  test('each fee is of the invoice’s kind, its seller’s, confirmed, and matched once', () => {
    const one = [{ amount: '2276.10' }];
    expect(costInvoiceMatchProblem(invoice, one, [{ ...fee, kind: 'insurance' }])?.code).toBe(
      'costInvoice.kind',
    );
    expect(costInvoiceMatchProblem(invoice, one, [{ ...fee, payeeId: '6' }])?.code).toBe('costInvoice.payee');
    expect(costInvoiceMatchProblem(invoice, one, [{ ...fee, payeeId: null }])).toBeNull();
    expect(costInvoiceMatchProblem(invoice, one, [{ ...fee, status: 'draft' }])?.code).toBe(
      'costInvoice.feeState',
    );
    expect(costInvoiceMatchProblem(invoice, one, [{ ...fee, actualInvoiceNo: '1' }])?.message).toBe(
      '费用 CC-1 已核对发票 1',
    );
  });

  test('storage at 6 %: excl. 2,147.26 and VAT 128.84; deductible VAT leaves the cost, then is deducted', () => {
    expect(costInvoiceSplit('2276.10', '6')).toEqual({
      included: '2276.10',
      excluded: '2147.26',
      vat: '128.84',
    });
    expect(costInvoiceDeductible('storage', '01')).toBe(true);
    expect(costInvoiceDeductible('storage', '02')).toBe(false);
    expect(costInvoiceDeductible('interest', '01')).toBe(false);
    const matched = costInvoiceMatchedPostings('storage', '128.84', true);
    expect(matched).toEqual([
      { account: 'inputVatAwaiting', debit: '128.84', credit: '0.00' },
      { account: 'fees', debit: '0.00', credit: '128.84' },
    ]);
    expect(entryProblem({ postedOn: '2026-11-23', lines: matched })).toBeNull();
    expect(costInvoiceMatchedPostings('storage', '128.84', false)).toEqual([]);
    expect(costInvoiceDeductedPostings('128.84')).toEqual([
      { account: 'inputVat', debit: '128.84', credit: '0.00' },
      { account: 'inputVatAwaiting', debit: '0.00', credit: '128.84' },
    ]);
  });

  test('deducted only when deductible, in a period yyyy-mm not after this month', () => {
    const special = { invoiceNo: '25651234', deductible: true };
    expect(costInvoiceDeductionProblem(special, '2026-11', '2026-11-23')).toBeNull();
    expect(costInvoiceDeductionProblem(special, '2026-12', '2026-11-23')?.code).toBe('costInvoice.period');
    expect(costInvoiceDeductionProblem(special, '2026-13', '2026-11-23')?.code).toBe('costInvoice.period');
    expect(
      costInvoiceDeductionProblem({ ...special, deductible: false }, '2026-11', '2026-11-23')?.code,
    ).toBe('costInvoice.notDeductible');
  });
});
