import { readStatement, reconcile } from './bankStatements.ts';

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
