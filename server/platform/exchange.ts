// The exchange's parameters on a business day, read where they are used (issue 21, "Exchange parameters are
// data"): the versioned settings of the exchange (lot, tick, limit band, contract months, the last trading
// day's ordinal, how far ahead a month is listed, the delivery unit, the exchange margin rates) and the
// stored holiday calendar. The rules that use them are src/domain/exchange.ts.

import {
  contractMonthsOf,
  type ExchangeCalendar,
  type ExchangeRules,
  exchangePriceProblem,
  futuresMonth,
  tradingMonthProblem,
} from '../../src/domain/index.ts';
import type { Queryable } from './db/index.ts';
import { settingOn } from './settings.ts';

/** The exchange holidays on record (a small table: a few dozen days a year). */
async function holidaysOf(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ day: string }>(`select to_char(day, 'YYYY-MM-DD') as day from holidays`);
  return new Set(rows.map((row) => row.day));
}

/** The exchange's calendar on a day: contract months, last trading day rule, listing horizon, holidays. */
export async function exchangeCalendarOn(db: Queryable, day: string): Promise<ExchangeCalendar> {
  const months = await settingOn(db, 'futuresContractMonths', day);
  return {
    contractMonths: contractMonthsOf(months) ?? [1, 3, 5, 7, 9, 11],
    lastTradingDayOrdinal: Number(await settingOn(db, 'futuresLastTradingDayOrdinal', day)),
    listedMonthsAhead: Number(await settingOn(db, 'futuresListedMonthsAhead', day)),
    holidays: await holidaysOf(db),
  };
}

/** Every parameter of the exchange's price rules on a day. */
export async function exchangeRulesOn(db: Queryable, day: string): Promise<ExchangeRules> {
  return {
    ...(await exchangeCalendarOn(db, day)),
    lotTonnes: await settingOn(db, 'futuresLotTonnes', day),
    tick: await settingOn(db, 'futuresTickPerTonne', day),
    limitPercent: await settingOn(db, 'dailyLimitPercent', day),
  };
}

/** The exchange's margin rates on a day, % of a position's value: normal, near delivery, delivery month. */
export interface ExchangeMarginRates {
  normalPercent: string;
  nearDeliveryPercent: string;
  deliveryMonthPercent: string;
}

export async function exchangeMarginRatesOn(db: Queryable, day: string): Promise<ExchangeMarginRates> {
  return {
    normalPercent: await settingOn(db, 'exchangeMarginPercent', day),
    nearDeliveryPercent: await settingOn(db, 'exchangeMarginNearDeliveryPercent', day),
    deliveryMonthPercent: await settingOn(db, 'exchangeMarginDeliveryMonthPercent', day),
  };
}

/** The lot size on a day, tonnes per lot. */
export const lotTonnesOn = (db: Queryable, day: string): Promise<string> =>
  settingOn(db, 'futuresLotTonnes', day);

/**
 * A month's settlement of the latest day before `day` that has one, from the futures price table (the
 * exchange's own figures, kept by the pricing area; none while that area is not installed).
 */
async function previousSettlementOf(db: Queryable, month: string, day: string): Promise<string | undefined> {
  const [table] = await db.query<{ present: boolean }>(
    `select to_regclass('futures_prices') is not null as present`,
  );
  if (!table?.present) return undefined;
  const [row] = await db.query<{ price: string }>(
    `select settlement_price::text as price from futures_prices
      where futures_month = $1 and trade_date < $2::date and settlement_price is not null
      order by trade_date desc limit 1`,
    [month, day],
  );
  return row?.price;
}

/** Why a month (either writing) is not listed or no longer trades on a day, in words; undefined when it trades. */
export async function monthTradingRefusal(
  db: Queryable,
  code: string,
  day: string,
): Promise<string | undefined> {
  const month = futuresMonth(code, day);
  if (!month) return `不是期货合约月份：${code}`;
  return tradingMonthProblem(month, day, await exchangeCalendarOn(db, day))?.message;
}

/** A futures price someone enters for a month (a fixing, a roll leg, a client's limit). */
export interface EnteredPrice {
  /** Either writing, CF705 or CF2705. */
  month: string;
  day: string;
  price: string;
  /** How the message names the price: 期货价格, 移出价, 移入价, 限价. */
  what?: string;
}

/**
 * Why the exchange would not trade `price` for `month` on `day`, in words a person can act on: the month not
 * listed or past its last trading day, the price off the tick (the neighbouring ticks named) or outside the
 * day's limit band around the previous settlement (the band named). Undefined when it would.
 */
export async function exchangePriceRefusal(
  db: Queryable,
  entered: EnteredPrice,
): Promise<string | undefined> {
  const month = futuresMonth(entered.month, entered.day);
  if (!month) return `不是期货合约月份：${entered.month}`;
  const rules = await exchangeRulesOn(db, entered.day);
  const notTrading = tradingMonthProblem(month, entered.day, rules);
  if (notTrading) return notTrading.message;
  const previous = await previousSettlementOf(db, month.code, entered.day);
  return exchangePriceProblem(
    entered.price,
    {
      month: month.code,
      day: entered.day,
      tick: rules.tick,
      limitPercent: rules.limitPercent,
      ...(previous ? { previousSettlement: previous } : {}),
    },
    entered.what,
  )?.message;
}
