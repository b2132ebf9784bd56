// Zhengzhou cotton futures (domain.md §1): the writing of a CF contract month, the tick and the daily
// price limit a day's price must respect. The tick and the limit are exchange policy: passed in (settings
// futuresTickPerTonne and dailyLimitPercent), never read here.

import Decimal from 'decimal.js';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** CF contract months: Jan, Mar, May, Jul, Sep, Nov. */
export const CF_MONTHS = [1, 3, 5, 7, 9, 11] as const;

/** Either writing of a CF month, as a form accepts it: the exchange's CF605 or the market's CF2605. */
export const FUTURES_MONTH_TEXT = 'CF\\d?\\d(0[13579]|11)';

/** The one stored writing of a CF month: the market's four digits (CF2605). */
export const CANONICAL_FUTURES_MONTH = /^CF\d{2}(0[13579]|11)$/;

export interface FuturesMonth {
  /** The market writing, stored and shown: CF2605. */
  code: string;
  /** The exchange writing: CF605. */
  exchangeCode: string;
  year: number;
  /** 1–12, always one of CF_MONTHS. */
  month: number;
}

const monthOf = (year: number, month: number): FuturesMonth => {
  const mm = String(month).padStart(2, '0');
  const yy = String(year % 100).padStart(2, '0');
  return { code: `CF${yy}${mm}`, exchangeCode: `CF${yy.slice(1)}${mm}`, year, month };
};

/**
 * A CF month from either writing (CF605, CF2605; spaces and case ignored), or undefined when the text is
 * not a CF contract month. The exchange's three digits name the year by its last digit only: it is the
 * year of that digit nearest to the reference day (a trade date; five years back to four ahead).
 */
export function futuresMonth(text: string, reference: string): FuturesMonth | undefined {
  const match = /^CF(\d{3,4})$/.exec(text.replace(/\s+/g, '').toUpperCase());
  if (!match) return undefined;
  const digits = match[1]!;
  const month = Number(digits.slice(-2));
  if (!(CF_MONTHS as readonly number[]).includes(month)) return undefined;
  const referenceYear = Number(reference.slice(0, 4));
  if (digits.length === 4) {
    const century = Math.floor(referenceYear / 100) * 100;
    return monthOf(century + Number(digits.slice(0, 2)), month);
  }
  const digit = Number(digits[0]);
  for (let year = referenceYear - 5; year <= referenceYear + 4; year++)
    if (year % 10 === digit) return monthOf(year, month);
  return undefined;
}

/**
 * A stored month in both writings, as screens show it: `CF2605 (CF605)`. Text that is not a market writing
 * of a CF month is answered as it is.
 */
export function futuresMonthWritings(code: string): string {
  const match = /^CF(\d)(\d)(0[13579]|11)$/.exec(code);
  return match ? `${code} (CF${match[2]}${match[3]})` : code;
}

/** The months between two (year, month) pairs, b − a. */
const monthsBetween = (a: { year: number; month: number }, b: { year: number; month: number }) =>
  (b.year - a.year) * 12 + (b.month - a.month);

/**
 * Why a month has no price on a trade date, if it has none: it was delivered before that day, or it is
 * not listed yet (the exchange lists a month about a year ahead). The last trading day (10th trading day
 * of the delivery month) is the exchange calendar's: the server checks it where the calendar has it.
 */
export function monthNotTradedProblem(month: FuturesMonth, tradeDate: string): Problem | undefined {
  const day = { year: Number(tradeDate.slice(0, 4)), month: Number(tradeDate.slice(5, 7)) };
  const ahead = monthsBetween(day, month);
  if (ahead < 0)
    return problem(
      'futures.monthExpired',
      `${month.code} 已于 ${month.year} 年 ${month.month} 月交割，${tradeDate} 没有行情`,
      {
        month: month.code,
        tradeDate,
      },
    );
  if (ahead > 12)
    return problem('futures.monthNotListed', `${month.code} 在 ${tradeDate} 尚未挂牌交易`, {
      month: month.code,
      tradeDate,
    });
  return undefined;
}

/** A price is a whole number of ticks. */
export const isOnTick = (price: DecimalText, tick: DecimalText): boolean =>
  new Decimal(price).modulo(tick).isZero();

export interface PriceBand {
  lower: string;
  upper: string;
}

/**
 * The day's price limits: the previous settlement ± limit %, the upper limit rounded down and the lower one
 * up to the tick, so both are prices that can trade. 15000 at 4 % and tick 5: 14400 – 15600.
 */
export function dailyLimitBand(
  previousSettlement: DecimalText,
  limitPercent: DecimalText,
  tick: DecimalText,
): PriceBand {
  const settlement = new Decimal(previousSettlement);
  const width = settlement.times(limitPercent).dividedBy(100);
  const step = new Decimal(tick);
  const upper = settlement.plus(width).dividedBy(step).floor().times(step);
  const lower = settlement.minus(width).dividedBy(step).ceil().times(step);
  return { lower: lower.toFixed(2), upper: upper.toFixed(2) };
}

/** The rules of the exchange a day's price obeys, as passed in (settings of the trade date). */
export interface PriceRules {
  tick: DecimalText;
  limitPercent: DecimalText;
  /** The month's settlement price of the trading day before; absent for its first day in the table. */
  previousSettlement?: DecimalText;
}

/**
 * Why a price cannot be a day's price, if it cannot: not positive, off the tick, or outside the daily limit
 * around the previous settlement (limit prices themselves are allowed).
 */
export function futuresPriceProblem(price: DecimalText, rules: PriceRules): Problem | undefined {
  const value = new Decimal(price);
  if (value.lessThanOrEqualTo(0)) return problem('futures.notPositive', '价格必须大于 0');
  if (!isOnTick(value.toString(), rules.tick))
    return problem(
      'futures.offTick',
      `价格必须是最小变动价位 ${new Decimal(rules.tick).toString()} 元/吨的整数倍`,
      {
        tick: new Decimal(rules.tick).toString(),
      },
    );
  if (rules.previousSettlement === undefined) return undefined;
  const band = dailyLimitBand(rules.previousSettlement, rules.limitPercent, rules.tick);
  if (value.lessThan(band.lower) || value.greaterThan(band.upper)) {
    const lower = new Decimal(band.lower).toString();
    const upper = new Decimal(band.upper).toString();
    const previous = new Decimal(rules.previousSettlement).toString();
    return problem(
      'futures.outsideLimit',
      `价格超出涨跌停板：前一交易日结算价 ${previous}，±${new Decimal(rules.limitPercent).toString()}% 为 ${lower}–${upper}`,
      { lower, upper, previous },
    );
  }
  return undefined;
}

/** One row of a price file: a day's prices of a month. */
export interface FuturesPriceRow {
  /** 1-based line of the file. */
  line: number;
  tradeDate: string;
  futuresMonth: string;
  lastPrice: string;
  settlementPrice?: string;
  /** The day's quote (the exchange's file); absent: the stored one is kept, null: there is none (no trade). */
  openPrice?: string | null;
  highPrice?: string | null;
  lowPrice?: string | null;
  closePrice?: string | null;
  /** Lots. */
  volume?: number | null;
  openInterest?: number | null;
}

/** A day's quote of a month: the prices that must lie between its low and its high. */
export interface PriceBar {
  openPrice?: DecimalText | null;
  highPrice?: DecimalText | null;
  lowPrice?: DecimalText | null;
  closePrice?: DecimalText | null;
  lastPrice?: DecimalText | null;
}

const BAR_NAMES = { openPrice: '开盘价', closePrice: '收盘价', lastPrice: '最新价' } as const;

/**
 * Why a day's quote cannot be, field by field: the high below the low, or the open, close or last price
 * outside the day's range. Only the prices given are compared.
 */
export function priceBarProblems(bar: PriceBar): Partial<Record<keyof PriceBar, Problem>> {
  const problems: Partial<Record<keyof PriceBar, Problem>> = {};
  const { highPrice: high, lowPrice: low } = bar;
  if (high && low && new Decimal(high).lessThan(low)) {
    problems.highPrice = problem(
      'futures.highBelowLow',
      `最高价 ${new Decimal(high).toString()} 低于最低价 ${new Decimal(low).toString()}`,
      { high: new Decimal(high).toString(), low: new Decimal(low).toString() },
    );
    return problems;
  }
  for (const key of ['openPrice', 'closePrice', 'lastPrice'] as const) {
    const value = bar[key];
    if (!value) continue;
    const shown = new Decimal(value).toString();
    if (high && new Decimal(value).greaterThan(high))
      problems[key] = problem(
        'futures.aboveHigh',
        `${BAR_NAMES[key]} ${shown} 高于最高价 ${new Decimal(high).toString()}`,
      );
    else if (low && new Decimal(value).lessThan(low))
      problems[key] = problem(
        'futures.belowLow',
        `${BAR_NAMES[key]} ${shown} 低于最低价 ${new Decimal(low).toString()}`,
      );
  }
  return problems;
}

export interface PriceRowProblem {
  line: number;
  message: string;
}

const DATE_FORMS = [
  /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
  /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/,
  /^(\d{4})(\d{2})(\d{2})$/,
];

/** A date as the exchange's files and spreadsheets write it (2026-11-20, 2026/11/20, 20261120), or undefined. */
export function tradeDateOf(text: string): string | undefined {
  for (const form of DATE_FORMS) {
    const match = form.exec(text.trim());
    if (!match) continue;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
    return date.toISOString().slice(0, 10);
  }
  return undefined;
}

const PRICE_TEXT = /^\d+(\.\d{1,2})?$/;

/**
 * The rows of a price file (CSV or a pasted table): trade date, month, last price, settlement price
 * (optional); a first line naming the columns is skipped. Each bad row is a problem with its line.
 */
export function readFuturesPriceRows(sheet: readonly (readonly unknown[])[]): {
  rows: FuturesPriceRow[];
  problems: PriceRowProblem[];
} {
  const rows: FuturesPriceRow[] = [];
  const problems: PriceRowProblem[] = [];
  sheet.forEach((cells, index) => {
    const line = index + 1;
    const [date = '', month = '', last = '', settlement = ''] = cells.map((cell) =>
      String(cell ?? '')
        .trim()
        .replace(/,/g, ''),
    );
    if (!date && !month && !last) return;
    const tradeDate = tradeDateOf(date);
    if (!tradeDate) {
      if (index === 0) return;
      problems.push({ line, message: `第 ${line} 行：交易日期“${date}”不是日期（如 2026-11-20）` });
      return;
    }
    const parsed = futuresMonth(month, tradeDate);
    if (!parsed) problems.push({ line, message: `第 ${line} 行：合约月份“${month}”应如 CF605 或 CF2605` });
    if (!PRICE_TEXT.test(last)) problems.push({ line, message: `第 ${line} 行：最新价“${last}”不是价格` });
    if (settlement && !PRICE_TEXT.test(settlement))
      problems.push({ line, message: `第 ${line} 行：结算价“${settlement}”不是价格` });
    if (parsed && PRICE_TEXT.test(last) && (!settlement || PRICE_TEXT.test(settlement)))
      rows.push({
        line,
        tradeDate,
        futuresMonth: parsed.code,
        lastPrice: last,
        ...(settlement ? { settlementPrice: settlement } : {}),
      });
  });
  problems.push(...repeatedRows(rows));
  return { rows, problems: problems.sort((a, b) => a.line - b.line) };
}

/** A day and month the file gives twice: each later row is a problem naming the first. */
function repeatedRows(rows: readonly FuturesPriceRow[]): PriceRowProblem[] {
  const problems: PriceRowProblem[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.tradeDate}|${row.futuresMonth}`;
    const first = seen.get(key);
    if (first !== undefined)
      problems.push({
        line: row.line,
        message: `第 ${row.line} 行：${row.futuresMonth} 在 ${row.tradeDate} 的行情与第 ${first} 行重复`,
      });
    else seen.set(key, row.line);
  }
  return problems;
}

/** The columns of the exchange's daily quote file (郑州商品交易所期货每日行情表) this import reads. */
const QUOTE_COLUMNS = {
  month: ['品种月份', '品种代码', '合约代码'],
  openPrice: ['今开盘', '开盘价'],
  highPrice: ['最高价'],
  lowPrice: ['最低价'],
  closePrice: ['今收盘', '收盘价'],
  settlementPrice: ['今结算', '结算价'],
  volume: ['成交量'],
  openInterest: ['持仓量', '空盘量'],
} as const;

type QuoteColumn = keyof typeof QUOTE_COLUMNS;

const QUOTE_NAMES: Record<Exclude<QuoteColumn, 'month'>, string> = {
  openPrice: '今开盘',
  highPrice: '最高价',
  lowPrice: '最低价',
  closePrice: '今收盘',
  settlementPrice: '今结算',
  volume: '成交量',
  openInterest: '持仓量',
};

/** A heading without its unit and spaces: 成交量(手) → 成交量. */
const heading = (cell: unknown) =>
  String(cell ?? '')
    .replace(/\s+/g, '')
    .replace(/[(（].*$/, '');

/** The line of the exchange file's column headings and where each column is, if the sheet has them. */
function quoteHeader(
  sheet: readonly (readonly unknown[])[],
): { index: number; columns: Partial<Record<QuoteColumn, number>> } | undefined {
  for (let index = 0; index < Math.min(sheet.length, 20); index++) {
    const cells = (sheet[index] ?? []).map(heading);
    const columns: Partial<Record<QuoteColumn, number>> = {};
    for (const [key, names] of Object.entries(QUOTE_COLUMNS) as [QuoteColumn, readonly string[]][]) {
      const at = cells.findIndex((cell) => names.includes(cell));
      if (at >= 0) columns[key] = at;
    }
    // The month, the settlement and the day's range name the layout (a plain table has none of the last).
    const { month, settlementPrice, highPrice, lowPrice } = columns;
    if ([month, settlementPrice, highPrice, lowPrice].every((at) => at !== undefined))
      return { index, columns };
  }
  return undefined;
}

/** The trade date a title line names: 郑州商品交易所期货每日行情表(2026-11-20), 2026年11月20日, 20261120. */
function titleDate(cells: readonly unknown[]): string | undefined {
  const text = cells.map((cell) => String(cell ?? '')).join(' ');
  const match =
    /(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})/.exec(text) ??
    /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/.exec(text);
  return match ? tradeDateOf(`${match[1]}-${match[2]}-${match[3]}`) : undefined;
}

/** A number cell as written in the file: thousands separators and spaces dropped; '', - and -- are none. */
const numberText = (cell: unknown) => {
  const text = String(cell ?? '')
    .replace(/[,，\s]/g, '')
    .trim();
  return text === '' || /^-+$/.test(text) ? undefined : text;
};

const LOTS_TEXT = /^\d+(\.0+)?$/;

/** What the exchange's daily quote file holds: its trade date, the CF rows, each bad row. */
export interface QuoteSheet {
  /** The day the title names (or the one chosen when it names none); absent when neither says it. */
  tradeDate?: string;
  rows: FuturesPriceRow[];
  problems: PriceRowProblem[];
  /** Rows of other products (SR, TA, …), skipped. */
  skipped: number;
}

/**
 * Reads the exchange's daily quote file (a title line naming the day, then 品种月份, 昨结算, 今开盘, 最高价,
 * 最低价, 今收盘, 今结算, …, 成交量(手), 持仓量, …). Rows of other products and the 小计/总计 lines are
 * passed over; every CF row is read or answered as a problem with its line: a month in neither writing, a
 * price or lot count that is not a number, no settlement (the day's file always has one), the high below the
 * low, a month given twice. The last price of a row is its close, else its settlement. Undefined when the
 * sheet is not in the exchange's layout.
 */
export function readQuoteSheet(
  sheet: readonly (readonly unknown[])[],
  chosenDate?: string,
): QuoteSheet | undefined {
  const header = quoteHeader(sheet);
  if (!header) return undefined;
  let fileDate: string | undefined;
  for (let index = 0; index < header.index && !fileDate; index++) fileDate = titleDate(sheet[index] ?? []);
  const tradeDate = fileDate ?? chosenDate;
  const rows: FuturesPriceRow[] = [];
  const problems: PriceRowProblem[] = [];
  let skipped = 0;
  const { columns } = header;
  for (let index = header.index + 1; index < sheet.length; index++) {
    const cells = sheet[index] ?? [];
    const line = index + 1;
    const code = String(cells[columns.month!] ?? '').replace(/\s+/g, '');
    if (!code || /小计|总计|合计/.test(cells.map(String).join(''))) continue;
    if (!/^[A-Za-z]{1,3}\d/.test(code)) continue;
    if (!/^CF\d/i.test(code)) {
      skipped += 1;
      continue;
    }
    const said = (message: string) => problems.push({ line, message: `第 ${line} 行：${message}` });
    const month = tradeDate ? futuresMonth(code, tradeDate) : undefined;
    if (tradeDate && !month) said(`合约月份“${code}”应如 CF605 或 CF2605`);
    const value = (key: Exclude<QuoteColumn, 'month'>): string | null | undefined => {
      const at = columns[key];
      const text = at === undefined ? undefined : numberText(cells[at]);
      if (text === undefined) return null;
      const lots = key === 'volume' || key === 'openInterest';
      if (!(lots ? LOTS_TEXT : PRICE_TEXT).test(text)) {
        said(`${QUOTE_NAMES[key]}“${String(cells[at!] ?? '').trim()}”不是${lots ? '手数' : '价格'}`);
        return undefined;
      }
      // An untraded month is quoted with zero prices: it has no open, high, low or close that day.
      return !lots && new Decimal(text).isZero() ? null : text;
    };
    const before = problems.length;
    const read = {
      openPrice: value('openPrice'),
      highPrice: value('highPrice'),
      lowPrice: value('lowPrice'),
      closePrice: value('closePrice'),
      settlementPrice: value('settlementPrice'),
      volume: value('volume'),
      openInterest: value('openInterest'),
    };
    if (read.settlementPrice === null) said('今结算为空：交易所的日行情每个合约都有结算价');
    const bar = priceBarProblems(read);
    for (const found of Object.values(bar)) said(found.message);
    if (problems.length > before || !month || !tradeDate || !read.settlementPrice) continue;
    const lots = (text: string | null | undefined) => (text ? Number(new Decimal(text).toFixed(0)) : null);
    rows.push({
      line,
      tradeDate,
      futuresMonth: month.code,
      lastPrice: read.closePrice ?? read.settlementPrice,
      settlementPrice: read.settlementPrice,
      openPrice: read.openPrice ?? null,
      highPrice: read.highPrice ?? null,
      lowPrice: read.lowPrice ?? null,
      closePrice: read.closePrice ?? null,
      volume: lots(read.volume),
      openInterest: lots(read.openInterest),
    });
  }
  const repeated = repeatedRows(rows);
  problems.push(...repeated);
  const twice = new Set(repeated.map((found) => found.line));
  return {
    ...(tradeDate ? { tradeDate } : {}),
    rows: rows.filter((read) => !twice.has(read.line)),
    problems: problems.sort((a, b) => a.line - b.line),
    skipped,
  };
}
