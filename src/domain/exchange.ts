// What the exchange accepts on a business day (domain.md §1, issue 21 "Prices and months the exchange would
// accept"): a futures price on the month's tick and inside the day's limit band around the previous
// settlement, for a month that is listed and still trading; a roll into a later trading month; a fixing
// deadline no later than the month's last trading day. The exchange's parameters are data (versioned
// settings futuresLotTonnes, futuresTickPerTonne, dailyLimitPercent, futuresContractMonths,
// futuresLastTradingDayOrdinal, futuresListedMonthsAhead, deliveryUnitLots, the exchange margin rates),
// passed in here, never read.
//
// Rules chosen where domain.md is silent (also in the README):
// - The last trading day is the rule of §1 (the n-th trading day of the delivery month, n a setting), counted
//   on the stored holiday calendar; a month is listed from `listedMonthsAhead` calendar months ahead (12).
// - The limit band applies where the month has a settlement on record before the day (the price table's own
//   rule for a month's first day in the table): with none, only the tick is checked.

import Decimal from 'decimal.js';
import { dailyLimitBand, type FuturesMonth, futuresMonth, isOnTick, type PriceBand } from './futures.ts';
import { isTradingDay } from './margin.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** The exchange's calendar rules, as the settings of the day hold them. */
export interface ExchangeCalendar {
  /** Delivery months the exchange lists (CF: 1, 3, 5, 7, 9, 11). */
  contractMonths: readonly number[];
  /** The last trading day is this trading day of the delivery month (CF: the 10th). */
  lastTradingDayOrdinal: number;
  /** A month is listed this many calendar months ahead of the day at most (CF: about a year, 12). */
  listedMonthsAhead: number;
  /** Exchange holidays, YYYY-MM-DD (weekends never trade). */
  holidays: ReadonlySet<string>;
}

/** The exchange's parameters on a day: its calendar and the price rules. */
export interface ExchangeRules extends ExchangeCalendar {
  /** Tonnes per lot (CF: 5). */
  lotTonnes: DecimalText;
  /** Minimum price step, CNY/t (CF: 5). */
  tick: DecimalText;
  /** Daily limit, % of the previous settlement (CF: 4). */
  limitPercent: DecimalText;
}

/** The contract months of a setting's text, "1,3,5,7,9,11"; undefined unless each is a month 1–12, once. */
export function contractMonthsOf(text: string): number[] | undefined {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  const months = parts.map(Number);
  const valid =
    months.length > 0 &&
    months.every((m) => Number.isInteger(m) && m >= 1 && m <= 12) &&
    new Set(months).size === months.length;
  return valid ? [...months].sort((a, b) => a - b) : undefined;
}

/** A price is a whole number of ticks: 14205 on a 5 tick is, 14201 is not. */
export const onTick = (price: DecimalText, tick: DecimalText): boolean => isOnTick(price, tick);

/** The nearest prices on the tick below and above (14201 → 14200, 14205). */
export function neighbouringTicks(price: DecimalText, tick: DecimalText): { below: string; above: string } {
  const step = new Decimal(tick);
  const below = new Decimal(price).dividedBy(step).floor().times(step);
  const above = new Decimal(price).dividedBy(step).ceil().times(step);
  return { below: below.toString(), above: above.toString() };
}

/**
 * A price lies within the day's limit band around the previous settlement (limit prices included):
 * previous 14805 at 4 %, tick 5 → 14215–15395. With no previous settlement on record, every price does.
 */
export function withinLimitBand(
  price: DecimalText,
  previousSettlement: DecimalText | undefined,
  limitPercent: DecimalText,
  tick: DecimalText,
): boolean {
  if (previousSettlement === undefined) return true;
  const band = dailyLimitBand(previousSettlement, limitPercent, tick);
  const value = new Decimal(price);
  return value.greaterThanOrEqualTo(band.lower) && value.lessThanOrEqualTo(band.upper);
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The last trading day of a month: the n-th trading day of its delivery month. CF2611 (n = 10, no holiday
 * in November 2026): 2, 3, 4, 5, 6, 9, 10, 11, 12, 13 → 2026-11-13.
 */
export function lastTradingDay(
  month: Pick<FuturesMonth, 'year' | 'month'>,
  calendar: Pick<ExchangeCalendar, 'lastTradingDayOrdinal' | 'holidays'>,
): string {
  let count = 0;
  for (let day = 1; day <= 31; day++) {
    const date = new Date(Date.UTC(month.year, month.month - 1, day));
    if (date.getUTCMonth() !== month.month - 1) break;
    if (!isTradingDay(iso(date), calendar.holidays)) continue;
    count += 1;
    if (count === calendar.lastTradingDayOrdinal) return iso(date);
  }
  // A month with fewer trading days than the ordinal trades to its last one.
  for (let day = 31; day >= 1; day--) {
    const date = new Date(Date.UTC(month.year, month.month - 1, day));
    if (date.getUTCMonth() === month.month - 1 && isTradingDay(iso(date), calendar.holidays))
      return iso(date);
  }
  return iso(new Date(Date.UTC(month.year, month.month, 0)));
}

const monthsBetween = (day: string, month: Pick<FuturesMonth, 'year' | 'month'>) =>
  (month.year - Number(day.slice(0, 4))) * 12 + (month.month - Number(day.slice(5, 7)));

/**
 * Why a month does not trade on a day, if it does not: not a contract month of the exchange, past its last
 * trading day, or not listed yet (more than `listedMonthsAhead` months ahead).
 */
export function tradingMonthProblem(
  month: FuturesMonth,
  day: string,
  calendar: ExchangeCalendar,
): Problem | undefined {
  if (!calendar.contractMonths.includes(month.month))
    return problem(
      'exchange.notContractMonth',
      `不是挂牌的合约月份：${month.code} 不在交易所的合约月份之列`,
      {
        month: month.code,
      },
    );
  const last = lastTradingDay(month, calendar);
  if (day > last)
    return problem(
      'exchange.monthExpired',
      `合约已停止交易：${month.code} 的最后交易日是 ${last}，${day} 已不交易`,
      {
        month: month.code,
        last,
        day,
      },
    );
  if (monthsBetween(day, month) > calendar.listedMonthsAhead)
    return problem('exchange.monthNotListed', `合约尚未挂牌：${month.code} 在 ${day} 尚未挂牌交易`, {
      month: month.code,
      day,
    });
  return undefined;
}

/** Whether a month (either writing) is listed and still trading on the day. */
export function isTradingMonth(code: string, day: string, calendar: ExchangeCalendar): boolean {
  const month = futuresMonth(code, day);
  return month !== undefined && tradingMonthProblem(month, day, calendar) === undefined;
}

/**
 * The months trading on a day, nearest first, in the market writing: on 2026-11-23 (CF2611 ended on 13
 * November) CF2701, CF2703, …, CF2711.
 */
export function tradingMonths(day: string, calendar: ExchangeCalendar): string[] {
  const year = Number(day.slice(0, 4));
  const found: string[] = [];
  for (let y = year; y <= year + Math.ceil(calendar.listedMonthsAhead / 12) + 1; y++)
    for (const m of calendar.contractMonths) {
      const code = `CF${String(y % 100).padStart(2, '0')}${String(m).padStart(2, '0')}`;
      if (isTradingMonth(code, day, calendar)) found.push(code);
    }
  return found;
}

/** The price rules of one month on one day. */
export interface MonthPriceRules {
  month: string;
  day: string;
  tick: DecimalText;
  limitPercent: DecimalText;
  /** The month's settlement of the trading day before, if on record. */
  previousSettlement?: DecimalText;
}

/** The acceptable band of a month on a day, when a previous settlement is on record. */
export const monthLimitBand = (rules: MonthPriceRules): PriceBand | undefined =>
  rules.previousSettlement === undefined
    ? undefined
    : dailyLimitBand(rules.previousSettlement, rules.limitPercent, rules.tick);

/**
 * Why a futures price (of a fixing, a roll leg, a client's limit order) is not a price the exchange would
 * trade the month at on the day: not positive, off the tick (the neighbouring ticks named), or outside the
 * limit band (the band and the settlement it comes from named). `what` names the price in the message.
 * 14201 on tick 5 → off tick (14200 or 14205); 1420 against 14805 at 4 % → outside 14215–15395.
 */
export function exchangePriceProblem(
  price: DecimalText,
  rules: MonthPriceRules,
  what = '期货价格',
): Problem | undefined {
  const value = new Decimal(price);
  const shown = value.toString();
  if (value.lessThanOrEqualTo(0))
    return problem('exchange.notPositive', `价格必须大于 0：${what} ${shown}`, { price: shown });
  const tick = new Decimal(rules.tick).toString();
  if (!onTick(price, rules.tick)) {
    const { below, above } = neighbouringTicks(price, rules.tick);
    return problem(
      'exchange.offTick',
      `不在最小变动价位上：${what} ${shown} 不是 ${tick} 元/吨的整数倍，可用 ${below} 或 ${above}`,
      { price: shown, tick, below, above },
    );
  }
  const band = monthLimitBand(rules);
  if (band && !withinLimitBand(price, rules.previousSettlement, rules.limitPercent, rules.tick)) {
    const lower = new Decimal(band.lower).toString();
    const upper = new Decimal(band.upper).toString();
    const previous = new Decimal(rules.previousSettlement!).toString();
    const percent = new Decimal(rules.limitPercent).toString();
    return problem(
      'exchange.outsideBand',
      `超出涨跌停板：${what} ${shown} 不在 ${rules.month} ${rules.day} 的 ${lower}–${upper} 之内（前一交易日结算价 ${previous} ±${percent}%）`,
      { price: shown, month: rules.month, day: rules.day, lower, upper, previous, percent },
    );
  }
  return undefined;
}

/**
 * Why a roll from one month into another cannot be: the new month must be later than the old one (a roll
 * moves a position forward, CF2705 → CF2709), and trading on the day (checked by the caller with
 * tradingMonthProblem).
 */
export function rollMonthsProblem(from: FuturesMonth, to: FuturesMonth): Problem | undefined {
  if (to.year * 12 + to.month <= from.year * 12 + from.month)
    return problem('exchange.rollNotLater', `移入月份 ${to.code} 必须晚于移出月份 ${from.code}`, {
      from: from.code,
      to: to.code,
    });
  return undefined;
}

/**
 * A fixing deadline falls on or before the month's last trading day (after it the month has no price to fix
 * at): CF2705, whose 10th trading day is 2027-05-19 (3–5 May are holidays), refuses a deadline of 2027-05-20.
 */
export function fixingDeadlineProblem(
  deadline: string,
  month: FuturesMonth,
  calendar: Pick<ExchangeCalendar, 'lastTradingDayOrdinal' | 'holidays'>,
): Problem | undefined {
  const last = lastTradingDay(month, calendar);
  if (deadline > last)
    return problem(
      'exchange.deadlineAfterLastTradingDay',
      `点价截止日 ${deadline} 晚于 ${month.code} 的最后交易日 ${last}`,
      { deadline, month: month.code, last },
    );
  return undefined;
}
