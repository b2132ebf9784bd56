// domain-money.md §2.8 with the P2601 line of §2.10 (a): 40.112 t, 621,736.00 incl.
import { agreesWithin, deductionPeriod, matchReceivedLine } from './receivedInvoice.ts';

const P2601 = { quantity: '40.112', amount: '621736.00' };
const NONE = { quantity: '0', amount: '0' };

describe('a received invoice line matched to its batch (§2.8)', () => {
  test('agrees within 0.01 in money and in tonnes', () => {
    expect(agreesWithin(P2601, { quantity: '40.112', amount: '621736.01' })).toBe(true);
    expect(agreesWithin(P2601, { quantity: '40.112', amount: '621736.02' })).toBe(false);
    expect(agreesWithin(P2601, { quantity: '40.123', amount: '621736.00' })).toBe(false);
  });

  test('never beyond what the batch has left to be invoiced, past the tolerance', () => {
    expect(matchReceivedLine('P2601', P2601, NONE, P2601)).toBeNull();
    const before = { quantity: '38.700', amount: '600000.00' };
    expect(matchReceivedLine('P2601', P2601, before, { quantity: '1.412', amount: '21736.01' })).toBeNull();
    expect(
      matchReceivedLine('P2601', P2601, before, { quantity: '1.412', amount: '21736.02' }),
    ).toMatchObject({
      code: 'received.overAmount',
      params: { left: '21736.00' },
    });
    expect(matchReceivedLine('P2601', P2601, before, { quantity: '1.423', amount: '1' })).toMatchObject({
      code: 'received.overQuantity',
    });
  });
});

describe('the deduction period (勾选)', () => {
  test('is a month, never before the month of issue', () => {
    expect(deductionPeriod('2026-11', '2026-11-25')).toBeNull();
    expect(deductionPeriod('2026-12', '2026-11-25')).toBeNull();
    expect(deductionPeriod('2026-10', '2026-11-25')).toMatchObject({ code: 'received.periodBeforeIssue' });
    expect(deductionPeriod('2026-13', '2026-11-25')).toMatchObject({ code: 'received.period' });
  });
});
