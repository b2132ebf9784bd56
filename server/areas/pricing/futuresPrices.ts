// Storage of the futures price table (FuturesPrice): one row per trading day and CF month, the month in its
// market writing. A save is refused (400, nothing changed) for a day that is not a trading day or not yet
// come, a month not trading that day, a price off the tick or outside the daily limit around the month's
// previous settlement, a high below the low or a price outside the day's range; the rules are
// src/domain/futures.ts, the tick and limit the settings of the day. The exchange's daily quote file (or a
// plain table of day, month, last and settlement price) is imported with a preview of every row.

import Decimal from 'decimal.js';
import {
  type FuturesMonth,
  type FuturesPriceRow,
  futuresMonth,
  futuresMonthWritings,
  futuresPriceProblem,
  type PriceRowProblem,
  priceBarProblems,
  readFuturesPriceRows,
  readQuoteSheet,
} from '../../../src/domain/futures.ts';
import { tradingMonthProblem } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { exchangeCalendarOn } from '../../platform/exchange.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { CommandService, HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { priceEntered } from './clientOrders.ts';
import { priceSheet } from './quoteFile.ts';
import {
  FUTURES_PRICE_SAVED,
  type FuturesPriceSaved,
  SETTLEMENT_PRICE_SAVED,
  type SettlementSaved,
} from './settlementHooks.ts';

/** The month's settlement of the latest earlier day that has one (the previous trading day's, normally). */
const PREVIOUS_SETTLEMENT = `(select p.settlement_price from futures_prices p
   where p.futures_month = t.futures_month and p.trade_date < t.trade_date and p.settlement_price is not null
   order by p.trade_date desc limit 1)`;

export async function previousSettlement(
  db: Queryable,
  month: string,
  tradeDate: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ price: string }>(
    `select settlement_price::text as price from futures_prices
      where futures_month = $1 and trade_date < $2::date and settlement_price is not null
      order by trade_date desc limit 1`,
    [month, tradeDate],
  );
  return row?.price;
}

/** Why the exchange has no prices on a day, if it has none: a weekend or an exchange holiday. */
async function notTradingDay(db: Queryable, day: string): Promise<string | undefined> {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return `${day} 是周末，交易所不交易`;
  const [holiday] = await db.query<{ name: string }>('select name from holidays where day = $1::date', [day]);
  return holiday ? `${day} 是交易所休市日（${holiday.name}）` : undefined;
}

/**
 * Whether the month is listed and still trading on the day: up to its last trading day (the n-th trading day
 * of the delivery month, domain.md §1) on the stored holiday calendar, with the exchange's settings of the day.
 */
async function monthProblem(db: Queryable, month: FuturesMonth, day: string): Promise<string | undefined> {
  return tradingMonthProblem(month, day, await exchangeCalendarOn(db, day))?.message;
}

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/**
 * Before the row is written: the month in its one writing (the exchange's CF605 read against the trade
 * date), and the day's row of that month locked; another row of the same day and month is refused.
 */
async function oneRowPerDayAndMonth(
  db: Queryable,
  id: string | undefined,
  record: Record<string, unknown> | undefined,
) {
  const tradeDate = given(record?.tradeDate);
  const month = tradeDate && futuresMonth(String(record?.futuresMonth ?? ''), tradeDate);
  if (!record || !tradeDate || !month) return;
  record.futuresMonth = month.code;
  const taken = await db.query(
    `select id from futures_prices where trade_date = $1::date and futures_month = $2 and id::text <> $3
      for update`,
    [tradeDate, month.code, id ?? ''],
  );
  if (taken.length > 0)
    throw new FieldErrors({ futuresMonth: `${month.code} 在 ${tradeDate} 已有行情，请修改已有的那一条` });
  if (id) await keepPricesFixedAt(db, id, record);
}

const sameDecimal = (entered: unknown, kept: string | null) => {
  const value = given(entered);
  if (value === undefined || kept === null) return value === undefined && kept === null;
  return new Decimal(value).equals(kept);
};

/**
 * A row fixings were made at keeps its day, month and prices (they are what those fixings rest on). Its
 * settlement, while it has none, may still be entered (issue 21): no fixing can rest on a price not yet there,
 * and margins and calls run on the settlement, a field apart from the last price a market order used.
 */
async function keepPricesFixedAt(db: Queryable, id: string, record: Record<string, unknown>) {
  const [row] = await db.query<StoredPrice & { fixingsMade: number }>(
    `select to_char(trade_date, 'YYYY-MM-DD') as "tradeDate", futures_month as "futuresMonth",
            last_price::text as "lastPrice", settlement_price::text as "settlementPrice",
            fixings_made as "fixingsMade"
       from futures_prices where id = $1 for update`,
    [id],
  );
  if (!row || row.fixingsMade === 0) return;
  const unchanged =
    record.tradeDate === row.tradeDate &&
    record.futuresMonth === row.futuresMonth &&
    sameDecimal(record.lastPrice, row.lastPrice) &&
    (row.settlementPrice === null || sameDecimal(record.settlementPrice, row.settlementPrice));
  if (!unchanged)
    throw badRequest(
      `${row.tradeDate} ${row.futuresMonth} 的行情已成交点价 ${row.fixingsMade} 笔，价格不能再修改（备注仍可修改）`,
    );
}

interface StoredPrice {
  tradeDate: string;
  futuresMonth: string;
  lastPrice: string;
  settlementPrice: string | null;
  openPrice?: string | null;
  highPrice?: string | null;
  lowPrice?: string | null;
  closePrice?: string | null;
}

/** The quote's prices other than last and settlement, each checked against the tick and the limit. */
const BAR_PRICES = [
  ['openPrice', '开盘价'],
  ['highPrice', '最高价'],
  ['lowPrice', '最低价'],
  ['closePrice', '收盘价'],
] as const;

const STORED_PRICE = `to_char(trade_date, 'YYYY-MM-DD') as "tradeDate", futures_month as "futuresMonth",
  last_price::text as "lastPrice", settlement_price::text as "settlementPrice",
  open_price::text as "openPrice", high_price::text as "highPrice", low_price::text as "lowPrice",
  close_price::text as "closePrice"`;

async function storedPrice(db: Queryable, id: string): Promise<StoredPrice> {
  const [row] = await db.query<StoredPrice>(`select ${STORED_PRICE} from futures_prices where id = $1`, [id]);
  if (!row) throw new Error(`futures price ${id} vanished`);
  return row;
}

/** The exchange's rules on a stored row: refused with the problem of each field. */
export async function exchangeRuleProblems(
  db: Queryable,
  price: StoredPrice,
  today: string,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const day = price.tradeDate;
  if (day > today) problems.tradeDate = `交易日期 ${day} 尚未到来，不能录入行情`;
  else {
    const closed = await notTradingDay(db, day);
    if (closed) problems.tradeDate = closed;
  }
  const month = futuresMonth(price.futuresMonth, day);
  const notTraded = month && (await monthProblem(db, month, day));
  if (notTraded) problems.futuresMonth = notTraded;
  if (Object.keys(problems).length > 0) return problems;
  const rules = {
    tick: await settingOn(db, 'futuresTickPerTonne', day),
    limitPercent: await settingOn(db, 'dailyLimitPercent', day),
    previousSettlement: await previousSettlement(db, price.futuresMonth, day),
  };
  const last = futuresPriceProblem(price.lastPrice, rules);
  if (last) problems.lastPrice = `最新价：${last.message}`;
  const settlement = price.settlementPrice && futuresPriceProblem(price.settlementPrice, rules);
  if (settlement) problems.settlementPrice = `结算价：${settlement.message}`;
  for (const [field, name] of BAR_PRICES) {
    const value = price[field];
    const found = value && futuresPriceProblem(value, rules);
    if (found) problems[field] = `${name}：${found.message}`;
  }
  for (const [field, found] of Object.entries(priceBarProblems(price))) problems[field] ??= found.message;
  return problems;
}

async function checkExchangeRules(hook: HookContext, id: string) {
  const problems = await exchangeRuleProblems(hook.db, await storedPrice(hook.db, id), hook.today);
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
}

/** At most this many bad lines are named in a refusal's message (the answer's data lists them all). */
const NAMED_PROBLEMS = 5;

const refusalMessage = (problems: readonly PriceRowProblem[]) => {
  const lines = new Set(problems.map((p) => p.line)).size;
  const named = problems.slice(0, NAMED_PROBLEMS).map((p) => p.message);
  return `文件中有 ${lines} 行有误，未导入任何行情：${named.join('；')}${problems.length > NAMED_PROBLEMS ? '……' : ''}`;
};

/** A row of the table as the import compares and writes it. */
interface QuoteValues {
  lastPrice: string;
  settlementPrice: string | null;
  openPrice: string | null;
  highPrice: string | null;
  lowPrice: string | null;
  closePrice: string | null;
  volume: number | null;
  openInterest: number | null;
}

const QUOTE_FIELDS = [
  'lastPrice',
  'settlementPrice',
  'openPrice',
  'highPrice',
  'lowPrice',
  'closePrice',
  'volume',
  'openInterest',
] as const;

const QUOTE_COLUMNS: Record<(typeof QUOTE_FIELDS)[number], string> = {
  lastPrice: 'last_price',
  settlementPrice: 'settlement_price',
  openPrice: 'open_price',
  highPrice: 'high_price',
  lowPrice: 'low_price',
  closePrice: 'close_price',
  volume: 'volume',
  openInterest: 'open_interest',
};

type StoredQuote = QuoteValues & { id: string; fixingsMade: number };

async function storedQuote(
  db: Queryable,
  tradeDate: string,
  month: string,
): Promise<StoredQuote | undefined> {
  const [row] = await db.query<StoredQuote>(
    `select id::text, last_price::text as "lastPrice", settlement_price::text as "settlementPrice",
            open_price::text as "openPrice", high_price::text as "highPrice", low_price::text as "lowPrice",
            close_price::text as "closePrice", volume, open_interest as "openInterest",
            fixings_made as "fixingsMade"
       from futures_prices where trade_date = $1::date and futures_month = $2 for update`,
    [tradeDate, month],
  );
  return row;
}

const sameValue = (a: string | number | null, b: string | number | null) =>
  a === null || b === null ? a === b : new Decimal(a).equals(b);

/** The row after the import: what the file gives, and what it leaves out as stored (a plain table has no quote). */
function mergedQuote(row: FuturesPriceRow, stored: QuoteValues | undefined): QuoteValues {
  const pick = <K extends keyof QuoteValues>(key: K, given: QuoteValues[K] | undefined): QuoteValues[K] =>
    given !== undefined ? given : stored ? stored[key] : (null as QuoteValues[K]);
  return {
    lastPrice: row.lastPrice,
    settlementPrice: pick('settlementPrice', row.settlementPrice),
    openPrice: pick('openPrice', row.openPrice),
    highPrice: pick('highPrice', row.highPrice),
    lowPrice: pick('lowPrice', row.lowPrice),
    closePrice: pick('closePrice', row.closePrice),
    volume: pick('volume', row.volume),
    openInterest: pick('openInterest', row.openInterest),
  };
}

/** What the import does with one row of the file. */
export interface PlannedQuote extends QuoteValues {
  line: number;
  tradeDate: string;
  futuresMonth: string;
  /** The month in both writings: CF2605 (CF605). */
  month: string;
  /** A new day and month, a stored one changed, or one the file gives exactly as stored (nothing written). */
  action: 'create' | 'replace' | 'unchanged';
  /** What the row set off (limit orders filled, contracts force-fixed, other areas' words). */
  effects: string;
}

/** The rows of the file, from either layout; the layout's own refusals (no trade date) thrown. */
async function fileRows(input: Record<string, unknown>) {
  const chosen = given(input.tradeDate);
  const sheet = await priceSheet(given(input.fileName), String(input.content ?? ''));
  const quotes = readQuoteSheet(sheet, chosen);
  if (!quotes) return { layout: 'table' as const, ...readFuturesPriceRows(sheet) };
  const titled = readQuoteSheet(sheet)?.tradeDate;
  if (!quotes.tradeDate) throw badRequest('文件的标题没有写明交易日期：请选择这份行情的交易日期');
  if (titled && chosen && titled !== chosen)
    throw badRequest(`文件标题的交易日期是 ${titled}，与所选的 ${chosen} 不一致，请核对`);
  return { layout: 'exchange' as const, ...quotes };
}

/**
 * Imports a price file in one transaction, in date order (so a day's limit is checked against the settlement
 * imported for the day before): the exchange's daily quote file, or a plain table of trade date, month, last
 * and settlement price (a settlement it leaves empty keeps the one stored). A day and month already in the
 * table is replaced, or left alone when the file gives it as stored: importing a file again changes nothing
 * and sets off nothing. Every bad row is answered with its line; any one refuses the whole file (400,
 * nothing written), while the preview lists them with the rows that would be written.
 */
const importPrices: CommandService = async (context) => {
  const { db, input, actor, now, today, preview } = context;
  const read = await fileRows(input);
  if (read.rows.length === 0 && read.problems.length === 0)
    throw badRequest(
      read.layout === 'exchange'
        ? '文件中没有棉花（CF）合约的行情'
        : '没有可导入的行情：每行应为交易日期、合约、最新价、结算价，或交易所的每日行情表',
    );
  const rows = [...read.rows].sort(
    (a, b) => a.tradeDate.localeCompare(b.tradeDate) || a.futuresMonth.localeCompare(b.futuresMonth),
  );
  const problems: PriceRowProblem[] = [...read.problems];
  const plan: PlannedQuote[] = [];
  for (const row of rows) {
    const stored = await storedQuote(db, row.tradeDate, row.futuresMonth);
    const values = mergedQuote(row, stored);
    const action = !stored
      ? 'create'
      : QUOTE_FIELDS.every((field) => sameValue(values[field], stored[field]))
        ? 'unchanged'
        : 'replace';
    plan.push({
      line: row.line,
      tradeDate: row.tradeDate,
      futuresMonth: row.futuresMonth,
      month: futuresMonthWritings(row.futuresMonth),
      action,
      ...values,
      effects: '',
    });
    if (action === 'unchanged') continue;
    if (
      stored &&
      stored.fixingsMade > 0 &&
      !(
        sameValue(values.lastPrice, stored.lastPrice) &&
        (stored.settlementPrice === null || sameValue(values.settlementPrice, stored.settlementPrice))
      )
    ) {
      problems.push({
        line: row.line,
        message: `第 ${row.line} 行：${row.tradeDate} ${row.futuresMonth} 的行情已成交点价 ${stored.fixingsMade} 笔，价格不能再修改`,
      });
      continue;
    }
    const columns = QUOTE_FIELDS.map((field) => QUOTE_COLUMNS[field]);
    const [written] = await db.query<{ id: string }>(
      `insert into futures_prices (trade_date, futures_month, ${columns.join(', ')}, source, updated_by, updated_at)
       values ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')}, 'imported', $${columns.length + 3}, $${columns.length + 4})
       on conflict (trade_date, futures_month) do update
          set ${columns.map((column) => `${column} = excluded.${column}`).join(', ')}, source = 'imported',
              updated_by = excluded.updated_by, updated_at = excluded.updated_at
       returning id::text`,
      [row.tradeDate, row.futuresMonth, ...QUOTE_FIELDS.map((field) => values[field]), actor.userId, now],
    );
    const found = await exchangeRuleProblems(db, await storedPrice(db, written!.id), today);
    for (const message of Object.values(found))
      problems.push({ line: row.line, message: `第 ${row.line} 行：${message}` });
  }
  problems.sort((a, b) => a.line - b.line);
  const counted = {
    imported: plan.length,
    added: plan.filter((row) => row.action === 'create').length,
    replaced: plan.filter((row) => row.action === 'replace').length,
    unchanged: plan.filter((row) => row.action === 'unchanged').length,
    skipped: 'skipped' in read ? read.skipped : 0,
  };
  if (problems.length > 0) {
    const message = refusalMessage(problems);
    if (!preview) throw badRequest(message, { problems, rows: plan, ...counted });
    return { summary: message, data: { ...counted, problems, rows: plan } };
  }
  // Only once every row passed: orders, forced fixings and other areas follow the days in order.
  const effects: string[] = [];
  for (const planned of plan) {
    if (planned.action === 'unchanged') continue;
    const said = await pricesSaved(context, { ...planned, source: 'imported', preview });
    planned.effects = said.join('，');
    if (said.length > 0) effects.push(`${planned.tradeDate} ${planned.futuresMonth}：${planned.effects}`);
  }
  const days = [...new Set(plan.map((row) => row.tradeDate))];
  const changed = counted.added + counted.replaced;
  const summary =
    changed === 0
      ? `导入期货行情：文件中的 ${plan.length} 条行情与已有的完全相同，没有任何变化`
      : `导入期货行情 ${plan.length} 条（${days[0]}${days.length > 1 ? ` 至 ${days.at(-1)}` : ''}，新增 ${counted.added} 条，更新 ${counted.replaced} 条，未变 ${counted.unchanged} 条）` +
        (effects.length > 0 ? `；${effects.join('；')}` : '');
  return { summary, data: { ...counted, problems: [], rows: plan } };
};

/**
 * A day's price saved (entered or imported): the limit orders it reaches fill, its settlement force-fixes the
 * overdue contracts of its month and is told to the other areas' listeners. Answers what happened, in words.
 */
async function pricesSaved(
  hook: HookContext,
  price: StoredPrice & { source: 'entered' | 'imported'; preview: boolean },
): Promise<string[]> {
  const said = await priceEntered(hook, price);
  said.push(
    ...((await hook.emit?.(FUTURES_PRICE_SAVED, {
      tradeDate: price.tradeDate,
      futuresMonth: price.futuresMonth,
      lastPrice: price.lastPrice,
      settlementPrice: price.settlementPrice,
      source: price.source,
      preview: price.preview,
    } satisfies FuturesPriceSaved)) ?? []),
  );
  if (price.settlementPrice)
    said.push(
      ...((await hook.emit?.(SETTLEMENT_PRICE_SAVED, {
        tradeDate: price.tradeDate,
        futuresMonth: price.futuresMonth,
        settlementPrice: price.settlementPrice,
        source: price.source,
        preview: price.preview,
      } satisfies SettlementSaved)) ?? []),
    );
  return said;
}

export const futuresPriceStorage: ResourceStorage = {
  table: 'futures_prices',
  columns: {
    previousSettlement: { read: PREVIOUS_SETTLEMENT },
    source: { read: 't.source' },
    change: { read: `coalesce(t.settlement_price, t.last_price) - ${PREVIOUS_SETTLEMENT}` },
    updatedBy: { read: 't.updated_by' },
    updateTime: { read: 't.updated_at' },
  },
  // A row saved on the form is the desk's (entered), even one first imported.
  stamps: (hook) => ({ updated_at: hook.now, updated_by: hook.actor.userId, source: 'entered' }),
  lockFirst: oneRowPerDayAndMonth,
  saveExtra: checkExchangeRules,
  // A price fixings were made at stays: they rest on it.
  onDelete: async (db, ids) => {
    const used = await db.query<{ day: string; month: string }>(
      `select to_char(trade_date, 'YYYY-MM-DD') as day, futures_month as month from futures_prices
        where id = any($1::bigint[]) and fixings_made > 0`,
      [ids],
    );
    if (used.length > 0)
      throw badRequest(
        `已有点价按这些行情成交，不能删除：${used.map((row) => `${row.day} ${row.month}`).join('、')}`,
      );
  },
  // A price entered fills the limit orders it reaches; a settlement sets off the forced fixing of its day.
  afterSave: async (hook, id) => {
    const said = await pricesSaved(hook, {
      ...(await storedPrice(hook.db, id)),
      source: 'entered',
      preview: false,
    });
    return said.length > 0 ? { effects: said.join('，') } : {};
  },
  commands: { importPrices },
};
