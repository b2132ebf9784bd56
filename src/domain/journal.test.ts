import Decimal from 'decimal.js';
import {
  clientMarginMoved,
  clientPaymentReceived,
  closedPeriodProblem,
  debitBalance,
  entryProblem,
  entryTotals,
  outgoingPaymentPaid,
  type PaymentPurpose,
  type Posting,
  partnerBalance,
  reversingLines,
  transfer,
} from './journal.ts';

describe('a journal entry', () => {
  test('balances to the fen or is refused in words', () => {
    const lines = transfer({ account: 'bank' }, { account: 'receivables', partnerId: '7' }, '339765.56');
    expect(entryProblem({ postedOn: '2026-03-20', lines })).toBeNull();
    const short = [lines[0]!, { ...lines[1]!, credit: '339765.55' }];
    expect(entryProblem({ postedOn: '2026-03-20', lines: short })).toMatchObject({
      code: 'journal.unbalanced',
      message: '借贷不平：借方 339765.56，贷方 339765.55',
    });
  });

  test('has two lines at least, each one side positive, to the fen, on the chart', () => {
    const [debit, credit] = transfer({ account: 'bank' }, { account: 'fees' }, '10.00');
    expect(entryProblem({ postedOn: '2026-03-01', lines: [debit!] })?.code).toBe('journal.tooFewLines');
    expect(
      entryProblem({ postedOn: '2026-03-01', lines: [{ ...debit!, credit: '10.00' }, credit!] })?.code,
    ).toBe('journal.side');
    expect(
      entryProblem({ postedOn: '2026-03-01', lines: [{ ...debit!, debit: '10.001' }, credit!] })?.code,
    ).toBe('journal.fen');
    expect(
      entryProblem({
        postedOn: '2026-03-01',
        lines: [{ ...debit!, account: 'cash' as never }, credit!],
      })?.code,
    ).toBe('journal.account');
  });

  test('is undone by its reversing entry, never edited: the account returns to where it was', () => {
    const received = clientPaymentReceived('7', '2800000.00');
    const both = [...received, ...reversingLines(received)];
    expect(entryProblem({ postedOn: '2026-04-01', lines: reversingLines(received) })).toBeNull();
    expect(partnerBalance(received, '7')).toBe('-2800000.00');
    expect(partnerBalance(both, '7')).toBe('0.00');
  });

  test('a closed month takes no entry; the next month does', () => {
    expect(closedPeriodProblem('2026-03-31', ['2026-03'])?.message).toBe(
      '2026-03 已结账，不能再记账；更正请在未结账的月份做冲销',
    );
    expect(closedPeriodProblem('2026-04-01', ['2026-03'])).toBeNull();
  });
});

describe('the money events', () => {
  test("the mill's running account of §4.4: payments received make it prepaid, a refund brings it back", () => {
    const lines = [
      ...clientPaymentReceived('mill', '2800000.00'),
      ...clientPaymentReceived('mill', '327731.96'),
    ];
    expect(partnerBalance(lines, 'mill')).toBe('-3127731.96');
    expect(debitBalance(lines, { account: 'bank' })).toBe('3127731.96');
  });

  test('a prepayment to a supplier is an advance (prepaid, +), goods money pays the payable, a fee is a cost', () => {
    const lines = [
      ...outgoingPaymentPaid('prepayment', 'gin', '2600000.00', '1'),
      ...outgoingPaymentPaid('final', 'gin', '280048.60', '1'),
      ...outgoingPaymentPaid('freight', 'carrier', '12600.00', '1'),
    ];
    expect(debitBalance(lines, { account: 'advancesPaid', partnerId: 'gin' })).toBe('2600000.00');
    expect(partnerBalance(lines, 'gin')).toBe('2880048.60');
    expect(partnerBalance(lines, 'carrier')).toBe('0.00');
    expect(debitBalance(lines, { account: 'fees' })).toBe('12600.00');
    expect(debitBalance(lines, { account: 'bank', bankAccountId: '1' })).toBe('-2892648.60');
  });

  test("a client's margin: deposits and interest are held for the client, a withdrawal leaves the bank", () => {
    const lines = [
      ...clientMarginMoved('deposit', '9', '500000.00'),
      ...clientMarginMoved('interest', '9', '145.83'),
      ...clientMarginMoved('withdraw', '9', '100000.00'),
    ];
    expect(debitBalance(lines, { account: 'clientMarginHeld', partnerId: '9' })).toBe('-400145.83');
    expect(debitBalance(lines, { account: 'interestExpense' })).toBe('145.83');
  });
});

/** A small seeded generator (mulberry32): the same sequences on every run, many of them. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('random sequences of money events (seeded property test)', () => {
  const PURPOSES: PaymentPurpose[] = ['prepayment', 'goods', 'final', 'freight', 'margin', 'interest'];

  test.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'seed %i: every view is the sum of its events and the book balances',
    (seed) => {
      const random = seeded(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      const amount = () => new Decimal(Math.floor(random() * 100_000_000) + 1).dividedBy(100).toFixed(2);
      const partners = ['1', '2', '3', '4'];
      const entries: Posting[][] = [];
      // What each view should read, tallied from the events themselves, not from the lines.
      const expected = new Map<string, Decimal>();
      const add = (key: string, value: Decimal.Value) =>
        expected.set(key, (expected.get(key) ?? new Decimal(0)).plus(value));
      for (let step = 0; step < 300; step += 1) {
        const partner = pick(partners);
        const value = amount();
        const roll = random();
        if (roll < 0.3) {
          entries.push(clientPaymentReceived(partner, value));
          add(`partner:${partner}`, new Decimal(value).negated());
          add('bank', value);
        } else if (roll < 0.6) {
          const purpose = pick(PURPOSES);
          entries.push(outgoingPaymentPaid(purpose, partner, value, '1'));
          if (['prepayment', 'goods', 'final'].includes(purpose)) add(`partner:${partner}`, value);
          add('bank', new Decimal(value).negated());
        } else if (roll < 0.8) {
          const kind = pick(['deposit', 'withdraw', 'interest'] as const);
          entries.push(clientMarginMoved(kind, partner, value));
          add(`margin:${partner}`, kind === 'withdraw' ? value : new Decimal(value).negated());
          if (kind !== 'interest') add('bank', kind === 'deposit' ? value : new Decimal(value).negated());
        } else if (entries.length > 0) {
          // A correction: some earlier entry reversed, which must take its every effect back out.
          const earlier = pick(entries);
          const reversal = reversingLines(earlier);
          entries.push(reversal);
          for (const p of partners) add(`partner:${p}`, new Decimal(partnerBalance(reversal, p)));
          for (const p of partners)
            add(`margin:${p}`, debitBalance(reversal, { account: 'clientMarginHeld', partnerId: p }));
          add('bank', debitBalance(reversal, { account: 'bank' }));
        }
      }
      for (const lines of entries) expect(entryProblem({ postedOn: '2026-03-02', lines })).toBeNull();
      const all = entries.flat();
      const totals = entryTotals(all);
      expect(totals.debit.toFixed(2)).toBe(totals.credit.toFixed(2));
      const read = (key: string) => (expected.get(key) ?? new Decimal(0)).toFixed(2);
      for (const p of partners) {
        expect(partnerBalance(all, p)).toBe(read(`partner:${p}`));
        expect(debitBalance(all, { account: 'clientMarginHeld', partnerId: p })).toBe(read(`margin:${p}`));
      }
      expect(debitBalance(all, { account: 'bank' })).toBe(read('bank'));
    },
  );
});
