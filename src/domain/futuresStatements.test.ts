import { describe, expect, it } from 'vitest';
import {
  type BookedTrade,
  readStatementSheet,
  reconcileStatement,
  type StatementRow,
  statementDay,
} from './futuresStatements.ts';
import { type FuturesFill, type Matching, matchCloseOuts } from './positions.ts';
import { isProblem } from './problem.ts';

const HEADER = [
  '成交日期',
  '成交时间',
  '合约',
  '买/卖',
  '开/平',
  '成交价',
  '手数',
  '成交额',
  '手续费',
  '成交编号',
];
const read = (rows: unknown[][]) => readStatementSheet(rows, { tick: '5', lotTonnes: '5' });

describe('reading a 成交明细', () => {
  it('reads the rows under a title, in either contract writing, skipping the total line', () => {
    const { rows, problems } = read([
      ['客户成交明细 2026-11-23'],
      [],
      HEADER,
      ['20261123', '09:05:01', 'CF605', '买', '开', '15000', '2', '150000.00', '6.02', 'T001'],
      ['2026-11-23', '', 'cf2609', '卖出', '平今', '15,105', '1', '', '', 'T002'],
      ['合计', '', '', '', '', '', '3', '', '6.02', ''],
    ]);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 4,
        tradeNo: 'T001',
        day: '2026-11-23',
        time: '09:05:01',
        month: 'CF2605',
        side: 'buy',
        effect: 'open',
        lots: 2,
        price: '15000.00',
        fee: '6.02',
      },
      {
        line: 5,
        tradeNo: 'T002',
        day: '2026-11-23',
        time: null,
        month: 'CF2609',
        side: 'sell',
        effect: 'close',
        lots: 1,
        price: '15105.00',
        fee: '0.00',
      },
    ]);
  });

  it('reports each bad row with its line and column, and reads none of the file', () => {
    const { rows, problems } = read([
      HEADER,
      ['20261131', '', 'CF605', '买', '开', '15000', '1', '', '1', 'A1'],
      ['20261123', '', 'SR605', '买', '开', '15000', '1', '', '1', 'A2'],
      ['20261123', '', 'CF605', '借', '开', '15000', '1', '', '1', 'A3'],
      ['20261123', '', 'CF605', '买', '撤', '15000', '1', '', '1', 'A4'],
      ['20261123', '', 'CF605', '买', '开', '15002', '1', '', '1', 'A5'],
      ['20261123', '', 'CF605', '买', '开', '15000', '0', '', '1', 'A6'],
      ['20261123', '', 'CF605', '买', '开', '15000', '1', '75001', '1', 'A7'],
      ['20261123', '', 'CF605', '买', '开', '15000', '1', '', '-1', 'A8'],
      ['20261123', '', 'CF605', '买', '开', '15000', '1', '', '1', 'A1'],
      ['20261123', '25:00', 'CF605', '买', '开', '15000', '1', '', '1', ''],
    ]);
    expect(rows).toHaveLength(0);
    expect(problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'day'],
      [3, 'contract'],
      [4, 'side'],
      [5, 'effect'],
      [6, 'price'],
      [7, 'lots'],
      [8, 'amount'],
      [9, 'fee'],
      [10, 'tradeNo'],
      [11, 'tradeNo'],
      [11, 'time'],
    ]);
    expect(problems[8]!.message).toBe('成交编号 A1 与第 2 行重复');
    expect(problems[6]!.message).toContain('= 75000.00 不符');
  });

  it('refuses a file without the header or a required column', () => {
    expect(read([['a', 'b']]).problems[0]).toMatchObject({ line: 0, code: 'noHeader' });
    expect(read([['成交日期', '成交编号']]).problems.map((p) => p.message)).toContain('缺少“合约”列');
    expect(read([HEADER]).problems[0]).toMatchObject({ code: 'empty' });
  });

  it('reads days in three writings and refuses impossible ones', () => {
    expect(statementDay('20261123')).toBe('2026-11-23');
    expect(statementDay('2026/1/5')).toBe('2026-01-05');
    expect(statementDay('2026-02-29')).toBeUndefined();
  });
});

const row = (tradeNo: string, over: Partial<StatementRow> = {}): StatementRow => ({
  line: 2,
  tradeNo,
  day: '2026-11-23',
  time: null,
  month: 'CF2605',
  side: 'buy',
  effect: 'open',
  lots: 2,
  price: '15000.00',
  fee: '6.00',
  ...over,
});
const booked = (id: string, over: Partial<BookedTrade> = {}): BookedTrade => ({
  id,
  tradeNo: `QH${id}`,
  statementNo: null,
  day: '2026-11-23',
  month: 'CF2605',
  side: 'buy',
  effect: 'open',
  lots: 2,
  price: '15000.00',
  fee: '6.00',
  ...over,
});

describe('reconciling a statement with the book', () => {
  it('matches by number, by terms, and lists what is missing on either side or differs', () => {
    const result = reconcileStatement(
      [
        row('N1', { fee: '3.00' }),
        row('N2', { lots: 5 }),
        row('N3', { price: '15100.00' }),
        row('N4', { side: 'sell', effect: 'close', lots: 1 }),
      ],
      [
        booked('1', { statementNo: 'N1', fee: '3' }),
        booked('2', { statementNo: 'N2', lots: 4 }),
        booked('3', { price: '15100' }),
        booked('4', { price: '14000' }),
        booked('5', { day: '2026-11-20' }),
      ],
    );
    expect(result.matched.map((m) => [m.row.tradeNo, m.trade.id, m.by])).toEqual([
      ['N1', '1', 'number'],
      ['N3', '3', 'terms'],
    ]);
    expect(result.differing).toEqual([
      {
        row: row('N2', { lots: 5 }),
        trade: expect.objectContaining({ id: '2' }),
        differences: [{ field: 'lots', statement: '5', book: '4' }],
        by: 'number',
      },
    ]);
    expect(result.missingInBook.map((r) => r.tradeNo)).toEqual(['N4']);
    // Trade 5 is of another day: this statement does not speak of it.
    expect(result.missingOnStatement.map((t) => t.id)).toEqual(['4']);
  });

  it('lists a trade matched by its terms with another fee as differing', () => {
    const result = reconcileStatement([row('F')], [booked('1', { fee: '0' })]);
    expect(result.matched).toEqual([]);
    expect(result.differing.map((d) => [d.trade.id, d.by, d.differences])).toEqual([
      ['1', 'terms', [{ field: 'fee', statement: '6.00', book: '0.00' }]],
    ]);
  });

  it('takes each trade once: two equal rows match two equal trades, a third is missing in the book', () => {
    const result = reconcileStatement([row('A'), row('B'), row('C')], [booked('1'), booked('2')]);
    expect(result.matched.map((m) => m.trade.id)).toEqual(['1', '2']);
    expect(result.missingInBook.map((r) => r.tradeNo)).toEqual(['C']);
  });
});

const fill = (
  id: string,
  side: 'buy' | 'sell',
  effect: 'open' | 'close',
  lots: number,
  price: string,
): FuturesFill => ({
  id,
  month: 'CF2605',
  side,
  effect,
  lots,
  price,
});
const matched = (method: 'fifo' | 'lifo'): Matching => {
  const result = matchCloseOuts(
    [
      fill('1', 'buy', 'open', 2, '15000'),
      fill('2', 'buy', 'open', 3, '15100'),
      fill('3', 'sell', 'close', 4, '15200'),
    ],
    method,
    '5',
  );
  if (isProblem(result)) throw new Error(result.message);
  return result;
};

describe('close-out method', () => {
  // Long 2 @ 15000 then 3 @ 15100; 4 sold to close @ 15200.
  it('FIFO closes the oldest lots first: 2 × 200 × 5 + 2 × 100 × 5 = 3000, 750 a lot', () => {
    const { closeOuts, open } = matched('fifo');
    expect(closeOuts.map((c) => [c.openTradeId, c.lots, c.realisedPnl])).toEqual([
      ['1', 2, '2000.00'],
      ['2', 2, '1000.00'],
    ]);
    expect(open).toEqual([{ tradeId: '2', month: 'CF2605', side: 'buy', lots: 1, price: '15100.00' }]);
  });

  it('LIFO closes the newest lots first: 3 × 100 × 5 + 1 × 200 × 5 = 2500', () => {
    const { closeOuts, open } = matched('lifo');
    expect(closeOuts.map((c) => [c.openTradeId, c.lots, c.realisedPnl])).toEqual([
      ['2', 3, '1500.00'],
      ['1', 1, '1000.00'],
    ]);
    expect(open).toEqual([{ tradeId: '1', month: 'CF2605', side: 'buy', lots: 1, price: '15000.00' }]);
  });
});
