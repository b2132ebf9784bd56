import {
  type BankLineForMatch,
  type BankMatchTarget,
  bankLineState,
  bankMatchPostings,
  bankMatchProblem,
  defaultMatchAmount,
  readStatement,
  reconcile,
} from './bankStatements.ts';
import { entryProblem } from './journal.ts';

describe('a bank statement file', () => {
  const heading = ['交易日期', '流水号', '收入', '支出', '余额', '对方户名', '对方账号', '摘要'];

  test('reads each line as a transaction in or out, with the balance the bank states', () => {
    const { rows, problems } = readStatement([
      ['中国农业银行 账户明细'],
      heading,
      ['2026-11-20', 'A0001', '339,765.56', '', '5586545.81', '无锡一棉', '6222000011112222', '货款'],
      ['20261120', 'A0002', '', '28.50', '5586517.31', '', '', '手续费'],
      [],
    ]);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 3,
        serialNo: 'A0001',
        valueDate: '2026-11-20',
        direction: 'in',
        amount: '339765.56',
        balanceAfter: '5586545.81',
        counterpartyName: '无锡一棉',
        counterpartyAccount: '6222000011112222',
        summary: '货款',
      },
      expect.objectContaining({ serialNo: 'A0002', direction: 'out', amount: '28.50', line: 4 }),
    ]);
  });

  test('answers every bad line with its number and what is wrong', () => {
    const { problems } = readStatement([
      heading,
      ['2026-11-20', 'A1', '10', '5', '', '', '', ''],
      ['2026-11-32', 'A2', '10', '', '', '', '', ''],
      ['2026-11-20', 'A1', '10', '', '', '', '', ''],
      ['2026-11-20', 'A3', '-10', '', '', '', '', ''],
    ]);
    expect(problems).toEqual([
      { line: 2, message: '收入和支出须且只能填一项' },
      { line: 3, message: '交易日期“2026-11-32”不是日期' },
      { line: 4, message: '流水号 A1 在文件中重复' },
      { line: 5, message: '金额“-10”不是正的金额（最多两位小数）' },
    ]);
  });

  test('refuses a file without its heading row', () => {
    expect(readStatement([['a', 'b']]).problems[0]!.line).toBe(0);
  });
});

describe('the reconciliation (余额调节, §4.3)', () => {
  test('the month end of §4.3: the statement must show 5,586,517.31', () => {
    const items = {
      bankReceivedNotBooked: '339765.56',
      bankPaidNotBooked: '28.50',
      bookedReceivedNotInBank: '0',
      bookedPaidNotInBank: '12600.00',
    };
    expect(reconcile('5234180.25', '5586517.31', items)).toEqual({
      adjustedBook: '5573917.31',
      adjustedBank: '5573917.31',
      difference: '0.00',
    });
    expect(reconcile('5234180.25', '5586517.30', items).difference).toBe('0.01');
  });
});

describe('matching a claimed bank line to its documents (核销, SM-7)', () => {
  // The mill of §4.4 pays its balance of 327,731.96 into the basic account on 04-08.
  const line: BankLineForMatch = {
    serialNo: 'NX0408',
    accountId: '1',
    direction: 'in',
    valueDate: '2026-04-08',
    amount: '327731.96',
    status: 'claimed',
    partnerId: '7',
    matched: '0',
  };
  const receipt: BankMatchTarget = {
    kind: 'clientPayment',
    documentNo: 'SK2026040800001',
    partnerId: '7',
    amount: '327731.96',
    status: 'paid',
    matched: '0',
  };

  test('a receipt claimed by the mill matches its payment received, in full', () => {
    expect(bankMatchProblem(line, receipt, '327731.96')).toBeNull();
    expect(defaultMatchAmount(line, receipt)).toBe('327731.96');
    expect(bankLineState(line.amount, '327731.96')).toBe('matched');
  });

  test('in part: two payments of the mill take one line, the state follows the sum', () => {
    const first = { ...receipt, amount: '200000.00' };
    expect(defaultMatchAmount(line, first)).toBe('200000.00');
    expect(bankLineState(line.amount, '200000.00')).toBe('partlyMatched');
    const second = { ...receipt, documentNo: 'SK2026040800002', amount: '127731.96' };
    expect(
      bankMatchProblem({ ...line, status: 'partlyMatched', matched: '200000.00' }, second, '127731.96'),
    ).toBeNull();
    expect(bankLineState(line.amount, '327731.96')).toBe('matched');
    expect(bankLineState(line.amount, '0')).toBe('claimed');
  });

  test('never past what remains of the line or of the document, said with the most it may be', () => {
    expect(bankMatchProblem({ ...line, matched: '300000.00' }, receipt, '27731.97')).toMatchObject({
      code: 'bankMatch.lineRoom',
      message: '流水 NX0408 未核销金额为 27731.96 元，本次最多核销 27731.96 元',
    });
    expect(bankMatchProblem(line, { ...receipt, matched: '327731.00' }, '1.00')).toMatchObject({
      code: 'bankMatch.targetRoom',
      params: { room: '0.96' },
    });
    expect(bankMatchProblem(line, receipt, '0')?.code).toBe('bankMatch.amount');
    expect(bankMatchProblem(line, receipt, '1.001')?.code).toBe('bankMatch.amount');
  });

  test('claimed first, by the document’s partner; in meets a receipt, out a payment paid', () => {
    expect(bankMatchProblem({ ...line, status: 'unmatched', partnerId: null }, receipt, '1')?.message).toBe(
      '流水 NX0408 须先认领往来单位再核销',
    );
    expect(bankMatchProblem({ ...line, status: 'matched' }, receipt, '1')?.code).toBe('bankMatch.state');
    expect(bankMatchProblem({ ...line, partnerId: '8' }, receipt, '1')?.code).toBe('bankMatch.partner');
    expect(bankMatchProblem(line, { ...receipt, status: 'approved' }, '1')?.message).toBe(
      '客户收款 SK2026040800001 尚未确认到账，不能核销',
    );
    const payment: BankMatchTarget = {
      kind: 'outgoingPayment',
      documentNo: 'FK2026040800003',
      partnerId: '7',
      amount: '12600.00',
      status: 'paid',
      matched: '0',
      bankAccountId: '1',
      bookedOn: '2026-04-08',
    };
    expect(bankMatchProblem(line, payment, '1')?.code).toBe('bankMatch.direction');
    const out = { ...line, direction: 'out' as const, amount: '12600.00' };
    expect(bankMatchProblem(out, payment, '12600.00')).toBeNull();
    expect(bankMatchProblem(out, { ...payment, bankAccountId: '2' }, '12600.00')?.code).toBe(
      'bankMatch.account',
    );
    expect(bankMatchProblem(out, { ...payment, bookedOn: '2026-04-09' }, '12600.00')?.code).toBe(
      'bankMatch.day',
    );
  });

  test('a receipt matched moves that much onto the account the bank names; a payment out posts nothing', () => {
    const lines = bankMatchPostings('clientPayment', '1', '327731.96');
    expect(lines).toEqual([
      { account: 'bank', bankAccountId: '1', debit: '327731.96', credit: '0.00' },
      { account: 'bank', bankAccountId: null, debit: '0.00', credit: '327731.96' },
    ]);
    expect(entryProblem({ postedOn: '2026-04-08', lines })).toBeNull();
    expect(bankMatchPostings('outgoingPayment', '1', '12600.00')).toEqual([]);
  });
});
