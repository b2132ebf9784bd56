// Bank statements (domain-money.md §4.2, §4.3, decision 13): the lines of a statement file as transactions
// of one account — value date, in or out, amount, counterparty, summary, the bank's serial number (unique per
// account, so a file imported twice adds nothing) and the balance the bank states after it —, and the
// reconciliation of the book with the statement (余额调节).

import Decimal from 'decimal.js';
import { type Posting, transfer } from './journal.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** A bad row of a statement file: its line (0 for the file as a whole) and what is wrong, in words. */
export interface FileRowProblem {
  line: number;
  message: string;
}

export interface StatementLine {
  line: number;
  serialNo: string;
  valueDate: string;
  direction: 'in' | 'out';
  amount: string;
  balanceAfter: string | null;
  counterpartyName: string;
  counterpartyAccount: string;
  summary: string;
}

/** The headings a bank's file may give each column (Chinese banks' usual words, and English). */
const HEADINGS: Readonly<Record<string, readonly string[]>> = {
  serialNo: ['流水号', '交易流水号', '银行流水号', 'serial', 'serial no', 'reference'],
  valueDate: ['交易日期', '记账日期', '日期', 'date', 'value date'],
  credit: ['收入', '收入金额', '贷方发生额', '贷方金额', 'credit', 'in'],
  debit: ['支出', '支出金额', '借方发生额', '借方金额', 'debit', 'out'],
  balanceAfter: ['余额', '账户余额', 'balance'],
  counterpartyName: ['对方户名', '对方账户名称', '对方名称', 'counterparty'],
  counterpartyAccount: ['对方账号', '对方账户', 'counterparty account'],
  summary: ['摘要', '用途', '附言', 'summary', 'memo'],
};

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
const AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/;
const DATE = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})/;

/** The day of a cell: a Date (xlsx) or 2026-11-23, 2026/11/23, 20261123. */
function dayOf(cell: unknown): string | null {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const match = DATE.exec(text(cell));
  if (!match) return null;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? null : day;
}

const amountOf = (cell: unknown) => text(cell).replace(/[,，\s]/g, '');

/**
 * Reads a statement sheet: its heading row names the columns (HEADINGS), each later row a transaction with
 * its serial number, date, and exactly one of income and expense. Every bad row is answered with its line.
 */
export function readStatement(sheet: readonly (readonly unknown[])[]): {
  rows: StatementLine[];
  problems: FileRowProblem[];
} {
  const headingAt = sheet.findIndex((cells) =>
    cells.some((cell) => HEADINGS.serialNo!.includes(text(cell).toLowerCase())),
  );
  if (headingAt < 0)
    return {
      rows: [],
      problems: [{ line: 0, message: '找不到标题行：须有“流水号”“交易日期”“收入”“支出”列' }],
    };
  const headings = sheet[headingAt]!.map((cell) => text(cell).toLowerCase());
  const column = (key: string) => headings.findIndex((heading) => HEADINGS[key]!.includes(heading));
  const at = Object.fromEntries(Object.keys(HEADINGS).map((key) => [key, column(key)]));
  const missing = ['serialNo', 'valueDate', 'credit', 'debit'].filter((key) => at[key]! < 0);
  if (missing.length > 0)
    return {
      rows: [],
      problems: [
        { line: headingAt + 1, message: `缺少列：${missing.map((key) => HEADINGS[key]![0]).join('、')}` },
      ],
    };
  const rows: StatementLine[] = [];
  const problems: FileRowProblem[] = [];
  const seen = new Set<string>();
  for (const [index, cells] of sheet.slice(headingAt + 1).entries()) {
    const line = headingAt + index + 2;
    const cell = (key: string) => (at[key]! >= 0 ? cells[at[key]!] : undefined);
    if (cells.every((value) => text(value) === '')) continue;
    const serialNo = text(cell('serialNo'));
    const valueDate = dayOf(cell('valueDate'));
    const credit = amountOf(cell('credit'));
    const debit = amountOf(cell('debit'));
    const balance = amountOf(cell('balanceAfter'));
    const problem = (message: string) => problems.push({ line, message });
    if (!/^[\w-]{1,64}$/.test(serialNo)) {
      problem(`流水号“${serialNo}”无效`);
      continue;
    }
    if (seen.has(serialNo)) {
      problem(`流水号 ${serialNo} 在文件中重复`);
      continue;
    }
    seen.add(serialNo);
    if (!valueDate) {
      problem(`交易日期“${text(cell('valueDate'))}”不是日期`);
      continue;
    }
    const given = [credit, debit].filter((value) => value !== '' && !/^0+(\.0+)?$/.test(value));
    if (given.length !== 1) {
      problem('收入和支出须且只能填一项');
      continue;
    }
    if (!AMOUNT.test(given[0]!) || new Decimal(given[0]!).lessThanOrEqualTo(0)) {
      problem(`金额“${given[0]}”不是正的金额（最多两位小数）`);
      continue;
    }
    if (balance !== '' && !AMOUNT.test(balance)) {
      problem(`余额“${balance}”不是金额`);
      continue;
    }
    rows.push({
      line,
      serialNo,
      valueDate,
      direction: credit === given[0] ? 'in' : 'out',
      amount: new Decimal(given[0]!).toFixed(2),
      balanceAfter: balance === '' ? null : new Decimal(balance).toFixed(2),
      counterpartyName: text(cell('counterpartyName')).slice(0, 100),
      counterpartyAccount: text(cell('counterpartyAccount')).slice(0, 40),
      summary: text(cell('summary')).slice(0, 200),
    });
  }
  return { rows, problems };
}

/** The four kinds of item between the book and the statement at a day (decision 13). */
export interface ReconcilingItems {
  bankReceivedNotBooked: DecimalText;
  bankPaidNotBooked: DecimalText;
  bookedReceivedNotInBank: DecimalText;
  bookedPaidNotInBank: DecimalText;
}

/**
 * The reconciliation: book + bank received not booked − bank paid not booked, against statement + booked
 * received not in bank − booked paid not in bank. Both sides and their difference (0.00 when they agree).
 */
export function reconcile(book: DecimalText, statement: DecimalText, items: ReconcilingItems) {
  const adjustedBook = new Decimal(book).plus(items.bankReceivedNotBooked).minus(items.bankPaidNotBooked);
  const adjustedBank = new Decimal(statement)
    .plus(items.bookedReceivedNotInBank)
    .minus(items.bookedPaidNotInBank);
  return {
    adjustedBook: adjustedBook.toFixed(2),
    adjustedBank: adjustedBank.toFixed(2),
    difference: adjustedBook.minus(adjustedBank).toFixed(2),
  };
}

/** The documents a bank line is matched to (核销): a client's payment received, a payment out paid. */
export type BankMatchKind = 'clientPayment' | 'outgoingPayment';

/** A line of the statement as the match reads it: `matched` is what its standing matches already take. */
export interface BankLineForMatch {
  serialNo: string;
  accountId: string;
  direction: 'in' | 'out';
  valueDate: string;
  amount: DecimalText;
  status: string;
  partnerId: string | null;
  matched: DecimalText;
}

/** The document a line is matched to: `matched` is what the lines already matched to it take. */
export interface BankMatchTarget {
  kind: BankMatchKind;
  documentNo: string;
  partnerId: string;
  amount: DecimalText;
  status: string;
  matched: DecimalText;
  /** A payment out: the account it was paid from and the day it was booked. */
  bankAccountId?: string | null;
  bookedOn?: string | null;
}

const MATCHABLE_TARGET: Readonly<Record<BankMatchKind, readonly string[]>> = {
  clientPayment: ['paid', 'reconciled'],
  outgoingPayment: ['paid'],
};

/** What remains of an amount once `taken` is matched, to the fen. */
export const unmatchedOf = (amount: DecimalText, taken: DecimalText) =>
  new Decimal(amount).minus(taken).toFixed(2);

/**
 * Why `amount` of a bank line may not be matched to the document, or null: the line is claimed first and
 * by the document's partner; money in meets a client's payment received, money out a payment out paid
 * from the same account and booked on or before the bank's day; neither side goes past what remains of it.
 */
export function bankMatchProblem(
  line: BankLineForMatch,
  target: BankMatchTarget,
  amount: DecimalText,
): Problem | null {
  if (!['claimed', 'partlyMatched'].includes(line.status))
    return problem(
      'bankMatch.state',
      line.status === 'matched'
        ? `流水 ${line.serialNo} 已全额核销`
        : `流水 ${line.serialNo} 须先认领往来单位再核销`,
    );
  const wanted: BankMatchKind = line.direction === 'in' ? 'clientPayment' : 'outgoingPayment';
  if (target.kind !== wanted)
    return problem(
      'bankMatch.direction',
      line.direction === 'in'
        ? `流水 ${line.serialNo} 是收入，只能核销客户收款`
        : `流水 ${line.serialNo} 是支出，只能核销付款单`,
    );
  if (target.partnerId !== line.partnerId)
    return problem(
      'bankMatch.partner',
      `${target.documentNo} 的往来单位不是流水 ${line.serialNo} 认领的单位`,
    );
  if (!MATCHABLE_TARGET[target.kind].includes(target.status))
    return problem(
      'bankMatch.targetState',
      target.kind === 'clientPayment'
        ? `客户收款 ${target.documentNo} 尚未确认到账，不能核销`
        : `付款单 ${target.documentNo} 尚未付款，不能核销`,
    );
  if (target.kind === 'outgoingPayment') {
    if (target.bankAccountId !== line.accountId)
      return problem('bankMatch.account', `付款单 ${target.documentNo} 不是从该账户付出的`);
    if (target.bookedOn && target.bookedOn > line.valueDate)
      return problem(
        'bankMatch.day',
        `付款单 ${target.documentNo} 的付款日期 ${target.bookedOn} 晚于银行交易日期 ${line.valueDate}`,
      );
  }
  const value = new Decimal(amount);
  if (!value.isFinite() || value.lessThanOrEqualTo(0) || value.decimalPlaces() > 2)
    return problem('bankMatch.amount', '核销金额须为正数，最多两位小数');
  const lineRoom = unmatchedOf(line.amount, line.matched);
  if (value.greaterThan(lineRoom))
    return problem(
      'bankMatch.lineRoom',
      `流水 ${line.serialNo} 未核销金额为 ${lineRoom} 元，本次最多核销 ${lineRoom} 元`,
      {
        room: lineRoom,
      },
    );
  const targetRoom = unmatchedOf(target.amount, target.matched);
  if (value.greaterThan(targetRoom))
    return problem(
      'bankMatch.targetRoom',
      `${target.documentNo} 未核销金额为 ${targetRoom} 元，本次最多核销 ${targetRoom} 元`,
      { room: targetRoom },
    );
  return null;
}

/** The amount a match takes when none is given: all that remains of the line and of the document. */
export const defaultMatchAmount = (line: BankLineForMatch, target: BankMatchTarget) =>
  Decimal.min(unmatchedOf(line.amount, line.matched), unmatchedOf(target.amount, target.matched)).toFixed(2);

/** A claimed line's state by what its matches take: matched in full, in part, or not yet. */
export function bankLineState(
  amount: DecimalText,
  matched: DecimalText,
): 'claimed' | 'partlyMatched' | 'matched' {
  const taken = new Decimal(matched);
  if (taken.isZero()) return 'claimed';
  return taken.greaterThanOrEqualTo(amount) ? 'matched' : 'partlyMatched';
}

/**
 * What a match posts: a client's payment was booked into the bank on no particular account; matched, that
 * much moves onto the account the bank names. A payment out already names its account: nothing to post.
 */
export function bankMatchPostings(kind: BankMatchKind, accountId: string, amount: DecimalText): Posting[] {
  if (kind === 'outgoingPayment') return [];
  return transfer(
    { account: 'bank', bankAccountId: accountId },
    { account: 'bank', bankAccountId: null },
    amount,
  );
}
