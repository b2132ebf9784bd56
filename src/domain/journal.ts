// The journal (domain-money.md decisions 5 and 16): every money event posts balanced lines, debit = credit to
// the fen, onto accounts of one chart; lines are never edited (a correction is the reversing entry) and a
// closed month takes no entry. Every balance the house shows (a partner's account, a bank's book, the margin
// held) is a sum of these lines.

import Decimal from 'decimal.js';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** The minimal chart (decision 16); a line names one of these and nothing else. */
export const JOURNAL_ACCOUNTS = [
  'bank',
  'receivables',
  'payables',
  'advancesReceived',
  'advancesPaid',
  'clientMarginHeld',
  'supplierMarginPosted',
  'deposits',
  'loansPayable',
  'inventory',
  'revenue',
  'costOfSales',
  'outputVat',
  'outputVatNotInvoiced',
  'inputVat',
  'inputVatAwaiting',
  'interestIncome',
  'interestExpense',
  'fees',
  'commissionsPayable',
  'writeOffs',
] as const;

export type JournalAccount = (typeof JOURNAL_ACCOUNTS)[number];

/** One line: an account, the party or bank account it concerns, and one side of the amount (fen). */
export interface Posting {
  account: JournalAccount;
  debit: DecimalText;
  credit: DecimalText;
  partnerId?: string | null;
  bankAccountId?: string | null;
}

export interface JournalEntry {
  /** YYYY-MM-DD: the day the entry is booked, which decides its month. */
  postedOn: string;
  lines: readonly Posting[];
}

const ZERO = new Decimal(0);
const fenExact = (value: DecimalText) => new Decimal(value).decimalPlaces() <= 2;

/** Moves `amount` from the credited account to the debited one: the two lines of a simple entry. */
export function transfer(
  debit: Omit<Posting, 'debit' | 'credit'>,
  credit: Omit<Posting, 'debit' | 'credit'>,
  amount: DecimalText,
): Posting[] {
  const fen = new Decimal(amount).toFixed(2);
  return [
    { ...debit, debit: fen, credit: '0.00' },
    { ...credit, debit: '0.00', credit: fen },
  ];
}

/**
 * Why an entry may not be posted, or null: at least two lines, each on the chart with exactly one positive
 * side to the fen, and its debits equal to its credits.
 */
export function entryProblem(entry: JournalEntry): Problem | null {
  if (entry.lines.length < 2) return problem('journal.tooFewLines', '凭证至少需要一借一贷两行');
  for (const line of entry.lines) {
    if (!(JOURNAL_ACCOUNTS as readonly string[]).includes(line.account))
      return problem('journal.account', `科目 ${line.account} 不在科目表中`, { account: line.account });
    const debit = new Decimal(line.debit);
    const credit = new Decimal(line.credit);
    if (!fenExact(line.debit) || !fenExact(line.credit)) return problem('journal.fen', '金额须精确到分');
    if (debit.isNegative() || credit.isNegative() || debit.isZero() === credit.isZero())
      return problem('journal.side', '每行须且只能有借方或贷方一个正数金额');
  }
  const { debit, credit } = entryTotals(entry.lines);
  if (!debit.equals(credit))
    return problem('journal.unbalanced', `借贷不平：借方 ${debit.toFixed(2)}，贷方 ${credit.toFixed(2)}`, {
      debit: debit.toFixed(2),
      credit: credit.toFixed(2),
    });
  return null;
}

export function entryTotals(lines: readonly Posting[]) {
  return lines.reduce(
    (sum, line) => ({ debit: sum.debit.plus(line.debit), credit: sum.credit.plus(line.credit) }),
    { debit: ZERO, credit: ZERO },
  );
}

/** The entry that undoes another: the same lines with their sides swapped (never an edit of the original). */
export const reversingLines = (lines: readonly Posting[]): Posting[] =>
  lines.map((line) => ({ ...line, debit: line.credit, credit: line.debit }));

/** The month (YYYY-MM) a day belongs to: the period it is locked with. */
export const periodOf = (day: string) => day.slice(0, 7);

/** A day in a closed month takes no entry: refused in words, the correction goes into an open month. */
export function closedPeriodProblem(day: string, closedMonths: readonly string[]): Problem | null {
  const month = periodOf(day);
  return closedMonths.includes(month)
    ? problem('journal.closed', `${month} 已结账，不能再记账；更正请在未结账的月份做冲销`, { month })
    : null;
}

/** Which lines a view reads: an account, and optionally one party or one bank account. */
export interface AccountView {
  account: JournalAccount;
  partnerId?: string;
  bankAccountId?: string;
}

const inView = (view: AccountView) => (line: Posting) =>
  line.account === view.account &&
  (view.partnerId === undefined || line.partnerId === view.partnerId) &&
  (view.bankAccountId === undefined || line.bankAccountId === view.bankAccountId);

/** An account's balance as debits less credits of its lines (an asset's sign; a liability reads negative). */
export const debitBalance = (lines: readonly Posting[], view: AccountView): string =>
  lines
    .filter(inView(view))
    .reduce((sum, line) => sum.plus(line.debit).minus(line.credit), ZERO)
    .toFixed(2);

/** The accounts a partner's running account (往来账) sums: positive, the partner owes the house. */
export const PARTNER_ACCOUNTS: readonly JournalAccount[] = [
  'receivables',
  'payables',
  'advancesReceived',
  'advancesPaid',
];

/** A partner's running balance: debits less credits of its lines on the partner accounts. */
export const partnerBalance = (lines: readonly Posting[], partnerId: string): string =>
  PARTNER_ACCOUNTS.reduce(
    (sum, account) => sum.plus(debitBalance(lines, { account, partnerId })),
    ZERO,
  ).toFixed(2);

/** A client's money received on its contracts: into the bank, off what the client owes. */
export const clientPaymentReceived = (
  partnerId: string,
  amount: DecimalText,
  bankAccountId?: string | null,
): Posting[] =>
  transfer(
    { account: 'bank', bankAccountId: bankAccountId ?? null },
    { account: 'receivables', partnerId },
    amount,
  );

/** What an outgoing payment is for (SM-6), as the application names it. */
export const PAYMENT_PURPOSES = [
  'prepayment',
  'goods',
  'final',
  'freight',
  'storage',
  'insurance',
  'supervision',
  'inspection',
  'interest',
  'margin',
  'other',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** The account an outgoing payment is charged to: an advance, the payable, the margin posted, or a cost. */
export function paymentDebitAccount(purpose: PaymentPurpose): JournalAccount {
  switch (purpose) {
    case 'prepayment':
      return 'advancesPaid';
    case 'goods':
    case 'final':
      return 'payables';
    case 'margin':
      return 'supplierMarginPosted';
    case 'interest':
      return 'interestExpense';
    default:
      return 'fees';
  }
}

/** Money paid out: charged to the purpose's account (with the payee where it is a partner account), out of the bank. */
export function outgoingPaymentPaid(
  purpose: PaymentPurpose,
  payeeId: string,
  amount: DecimalText,
  bankAccountId?: string | null,
): Posting[] {
  const account = paymentDebitAccount(purpose);
  const partnerId = ['advancesPaid', 'payables', 'supplierMarginPosted'].includes(account) ? payeeId : null;
  return transfer({ account, partnerId }, { account: 'bank', bankAccountId: bankAccountId ?? null }, amount);
}

/** A movement of a client's margin account that moves money (allotments and releases stay inside it). */
export type MarginMoneyKind = 'deposit' | 'withdraw' | 'interest';

export function clientMarginMoved(kind: MarginMoneyKind, partnerId: string, amount: DecimalText): Posting[] {
  const held = { account: 'clientMarginHeld' as const, partnerId };
  const bank = { account: 'bank' as const, bankAccountId: null };
  if (kind === 'deposit') return transfer(bank, held, amount);
  if (kind === 'withdraw') return transfer(held, bank, amount);
  return transfer({ account: 'interestExpense', partnerId: null }, held, amount);
}
