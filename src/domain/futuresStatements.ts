// A futures company's daily statement (成交明细) and its reconciliation against the trades booked on the
// account (domain.md §5): each row of the file is read and checked with its line; then each row is matched
// to a booked trade by the statement's trade number (成交编号, unique per account) or, for a trade captured
// by hand, by its terms (day, month, buy/sell, open/close, lots, price). A row with no trade is missing in
// the book (the import books it); a trade of the statement's days on no row is missing on the statement; a
// row whose number names a trade with other terms, or whose terms match a trade with another fee, differs
// (listed, nothing changed).

import Decimal from 'decimal.js';
import { futuresMonth, isOnTick } from './futures.ts';
import { toFen } from './money.ts';
import type { TradeEffect, TradeSide } from './positions.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export type StatementField =
  | 'day'
  | 'time'
  | 'contract'
  | 'side'
  | 'effect'
  | 'price'
  | 'lots'
  | 'amount'
  | 'fee'
  | 'tradeNo';

interface StatementColumn {
  key: StatementField;
  /** The header as the futures companies write it, then other writings met. */
  headers: readonly string[];
  required: boolean;
}

/** The columns of a 成交明细 the import reads (others are ignored). */
export const STATEMENT_COLUMNS: readonly StatementColumn[] = [
  { key: 'day', headers: ['成交日期', '交易日期', '日期'], required: true },
  { key: 'time', headers: ['成交时间', '时间'], required: false },
  { key: 'contract', headers: ['合约', '合约代码', '品种合约'], required: true },
  { key: 'side', headers: ['买/卖', '买卖'], required: true },
  { key: 'effect', headers: ['开/平', '开平'], required: true },
  { key: 'price', headers: ['成交价', '成交价格'], required: true },
  { key: 'lots', headers: ['手数', '成交手数', '成交量'], required: true },
  { key: 'amount', headers: ['成交额', '成交金额'], required: false },
  { key: 'fee', headers: ['手续费'], required: false },
  { key: 'tradeNo', headers: ['成交编号', '成交序号'], required: true },
];

/** A problem of the file, with its line (1 = the first line; 0 = the file as a whole) and column. */
export interface StatementRowProblem extends Problem {
  line: number;
  field: StatementField | null;
}

/** One trade of the statement, checked. */
export interface StatementRow {
  line: number;
  tradeNo: string;
  /** YYYY-MM-DD. */
  day: string;
  /** HH:mm:ss, or null when the file has no time. */
  time: string | null;
  /** The market writing: CF2605. */
  month: string;
  side: TradeSide;
  effect: TradeEffect;
  lots: number;
  price: string;
  fee: string;
}

const cellText = (cell: unknown): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell.trim() : String(cell).trim();

const headerName = (text: string) => text.replace(/\s+/g, '').replace(/／/g, '/');

const at = (line: number, field: StatementField | null, found: Problem): StatementRowProblem => ({
  ...found,
  line,
  field,
});

const SIDES: Readonly<Record<string, TradeSide>> = {
  买: 'buy',
  买入: 'buy',
  B: 'buy',
  卖: 'sell',
  卖出: 'sell',
  S: 'sell',
};
const EFFECTS: Readonly<Record<string, TradeEffect>> = {
  开: 'open',
  开仓: 'open',
  平: 'close',
  平仓: 'close',
  平今: 'close',
  平昨: 'close',
};

/** A day written 20261123, 2026-11-23 or 2026/11/23, when it is a real day. */
export function statementDay(text: string): string | undefined {
  const match = /^(\d{4})[-/]?(\d{1,2})[-/]?(\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const decimalOf = (text: string) => {
  const plain = text.replace(/,/g, '');
  return DECIMAL.test(plain) ? new Decimal(plain) : undefined;
};

/** Reads the rows of a statement sheet (the header found by its 成交编号 column) and checks every cell. */
export function readStatementSheet(
  sheet: readonly (readonly unknown[])[],
  { tick, lotTonnes }: { tick: DecimalText; lotTonnes: DecimalText },
): { rows: StatementRow[]; problems: StatementRowProblem[] } {
  const names = (row: readonly unknown[]) => row.map((cell) => headerName(cellText(cell)));
  const headerIndex = sheet.findIndex((row) =>
    names(row).some((name) => STATEMENT_COLUMNS[9]!.headers.includes(name)),
  );
  if (headerIndex < 0)
    return {
      rows: [],
      problems: [at(0, null, problem('noHeader', '找不到表头：文件中没有“成交编号”列'))],
    };
  const header = names(sheet[headerIndex]!);
  const positions = STATEMENT_COLUMNS.map(
    (column) => [column, header.findIndex((name) => column.headers.includes(name))] as const,
  );
  const missing = positions
    .filter(([column, index]) => column.required && index < 0)
    .map(([column]) =>
      at(
        headerIndex + 1,
        null,
        problem('missingColumn', `缺少“${column.headers[0]}”列`, { column: column.headers[0]! }),
      ),
    );
  if (missing.length > 0) return { rows: [], problems: missing };

  const rows: StatementRow[] = [];
  const problems: StatementRowProblem[] = [];
  const seen = new Map<string, number>();
  sheet.forEach((raw, index) => {
    if (index <= headerIndex) return;
    const line = index + 1;
    const cells = Object.fromEntries(
      positions.map(([column, position]) => [column.key, position < 0 ? '' : cellText(raw[position])]),
    ) as Record<StatementField, string>;
    if (Object.values(cells).every((value) => value === '')) return;
    // A total line (合计 / 共 n 条) closes many statements: it has no trade number.
    if (!cells.tradeNo && /合计|总计|共/.test(raw.map(cellText).join(''))) return;
    const before = problems.length;
    const report = (field: StatementField, code: string, message: string) =>
      problems.push(at(line, field, problem(code, message)));

    const tradeNo = cells.tradeNo;
    if (!tradeNo) report('tradeNo', 'missing', '成交编号未填写');
    else if (tradeNo.length > 40) report('tradeNo', 'tooLong', '成交编号超过 40 个字符');
    else if (seen.has(tradeNo))
      report('tradeNo', 'duplicate', `成交编号 ${tradeNo} 与第 ${seen.get(tradeNo)} 行重复`);
    else seen.set(tradeNo, line);

    const day = statementDay(cells.day);
    if (!day) report('day', 'badDay', `成交日期“${cells.day}”不是有效日期（如 20261123 或 2026-11-23）`);
    let time: string | null = null;
    if (cells.time) {
      const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(cells.time);
      if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59)
        report('time', 'badTime', `成交时间“${cells.time}”不是有效时间（如 09:05:30）`);
      else time = `${match[1]!.padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`;
    }
    const month = day ? futuresMonth(cells.contract, day) : undefined;
    if (!cells.contract) report('contract', 'missing', '合约未填写');
    else if (day && !month)
      report('contract', 'badContract', `合约“${cells.contract}”不是棉花期货合约（如 CF605）`);
    const side = SIDES[cells.side.toUpperCase()];
    if (!side) report('side', 'badSide', `买/卖“${cells.side}”只能是 买 或 卖`);
    const effect = EFFECTS[cells.effect];
    if (!effect) report('effect', 'badEffect', `开/平“${cells.effect}”只能是 开 或 平`);
    const price = decimalOf(cells.price);
    if (!price || price.lte(0)) report('price', 'badPrice', `成交价“${cells.price}”不是正数`);
    else if (!isOnTick(price.toString(), tick))
      report(
        'price',
        'offTick',
        `成交价 ${price.toString()} 不是最小变动价位 ${new Decimal(tick).toString()} 的整数倍`,
      );
    const lots = /^\d+$/.test(cells.lots) ? Number(cells.lots) : Number.NaN;
    if (!(lots >= 1 && lots <= 100000)) report('lots', 'badLots', `手数“${cells.lots}”不是 1–100000 的整数`);
    const fee = cells.fee === '' ? new Decimal(0) : decimalOf(cells.fee);
    if (!fee || fee.lt(0)) report('fee', 'badFee', `手续费“${cells.fee}”不是非负数`);
    if (cells.amount && price && lots >= 1) {
      const amount = decimalOf(cells.amount);
      const expected = toFen(price.times(lotTonnes).times(lots));
      if (!amount?.eq(expected))
        report(
          'amount',
          'badAmount',
          `成交额 ${cells.amount} 与 成交价 × 手数 × ${new Decimal(lotTonnes).toString()} 吨 = ${expected} 不符`,
        );
    }
    if (problems.length > before) return;
    rows.push({
      line,
      tradeNo,
      day: day!,
      time,
      month: month!.code,
      side: side!,
      effect: effect!,
      lots,
      price: price!.toFixed(2),
      fee: fee!.toFixed(2),
    });
  });
  if (rows.length === 0 && problems.length === 0)
    problems.push(at(0, null, problem('empty', '文件中没有成交记录')));
  return { rows, problems };
}

/** A trade booked on the account, as the reconciliation reads it. */
export interface BookedTrade {
  id: string;
  tradeNo: string;
  /** The statement's trade number, once a statement confirmed the trade. */
  statementNo: string | null;
  day: string;
  month: string;
  side: TradeSide;
  effect: TradeEffect;
  lots: number;
  price: DecimalText;
  fee: DecimalText;
}

export interface Difference {
  field: 'month' | 'side' | 'effect' | 'lots' | 'price' | 'fee';
  statement: string;
  book: string;
}

export interface Reconciliation {
  /** Rows on a booked trade: by its statement number, or by its terms (the trade then takes the number). */
  matched: { row: StatementRow; trade: BookedTrade; by: 'number' | 'terms' }[];
  /** Rows no trade was booked for: the import books them. */
  missingInBook: StatementRow[];
  /** Trades of the statement's days no row names. */
  missingOnStatement: BookedTrade[];
  /**
   * Rows whose number names a trade with other terms, or matching a trade's terms with another fee: listed,
   * nothing changed (a trade matched by its terms takes the row's number all the same).
   */
  differing: { row: StatementRow; trade: BookedTrade; differences: Difference[]; by: 'number' | 'terms' }[];
}

const sameAmount = (a: DecimalText, b: DecimalText) => new Decimal(a).eq(b);

function differencesOf(row: StatementRow, trade: BookedTrade): Difference[] {
  const found: Difference[] = [];
  const compare = (field: Difference['field'], statement: string, book: string, same: boolean) => {
    if (!same) found.push({ field, statement, book });
  };
  compare('month', row.month, trade.month, row.month === trade.month);
  compare('side', row.side, trade.side, row.side === trade.side);
  compare('effect', row.effect, trade.effect, row.effect === trade.effect);
  compare('lots', String(row.lots), String(trade.lots), row.lots === trade.lots);
  compare('price', row.price, new Decimal(trade.price).toFixed(2), sameAmount(row.price, trade.price));
  compare('fee', row.fee, new Decimal(trade.fee).toFixed(2), sameAmount(row.fee, trade.fee));
  return found;
}

const sameTerms = (row: StatementRow, trade: BookedTrade) =>
  row.day === trade.day &&
  row.month === trade.month &&
  row.side === trade.side &&
  row.effect === trade.effect &&
  row.lots === trade.lots &&
  sameAmount(row.price, trade.price);

/**
 * Reconciles the rows of one account's statement with the trades booked on that account: those of the
 * statement's days and those already carrying one of its numbers. Each trade answers at most one row.
 */
export function reconcileStatement(
  rows: readonly StatementRow[],
  trades: readonly BookedTrade[],
): Reconciliation {
  const result: Reconciliation = { matched: [], missingInBook: [], missingOnStatement: [], differing: [] };
  const used = new Set<string>();
  const byNumber = new Map(trades.filter((t) => t.statementNo).map((t) => [t.statementNo!, t]));
  const pending: StatementRow[] = [];
  for (const row of rows) {
    const trade = byNumber.get(row.tradeNo);
    if (!trade) {
      pending.push(row);
      continue;
    }
    used.add(trade.id);
    const differences = differencesOf(row, trade);
    if (differences.length === 0) result.matched.push({ row, trade, by: 'number' });
    else result.differing.push({ row, trade, differences, by: 'number' });
  }
  for (const row of pending) {
    const trade = trades.find((t) => !t.statementNo && !used.has(t.id) && sameTerms(row, t));
    if (!trade) {
      result.missingInBook.push(row);
      continue;
    }
    used.add(trade.id);
    const differences = differencesOf(row, trade);
    if (differences.length === 0) result.matched.push({ row, trade, by: 'terms' });
    else result.differing.push({ row, trade, differences, by: 'terms' });
  }
  const days = new Set(rows.map((row) => row.day));
  result.missingOnStatement = trades.filter((t) => !used.has(t.id) && days.has(t.day));
  return result;
}
