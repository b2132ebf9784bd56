// The hedge book as a trader and the treasury read it (issue 21, "Exposure and valuation a trader can
// trust"): how a hedge buy order is booked against the shorts the book holds, the realised P&L net of what
// the trades cost, and the exchange margin the open positions tie up (domain.md §1: ≥5 %, stepping up as
// delivery nears). Decimal text in and out; nothing here reads settings — the rates are passed in.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import type { DecimalText } from './quality.ts';

/** What a hedge buy order books: the shorts it closes and the longs it opens with the rest. */
export interface HedgeBuyBooking {
  closeLots: number;
  openLots: number;
}

/**
 * A hedge buy order of `lots` against the short lots the hedge book holds in its month: it closes
 * min(lots, shorts) and opens only the rest (10 lots against 4 short: close 4, open 6; against 12 short:
 * close 10; against none: open 10).
 */
export function hedgeBuyBooking(lots: number, shortLots: number): HedgeBuyBooking {
  const closeLots = Math.max(0, Math.min(lots, shortLots));
  return { closeLots, openLots: lots - closeLots };
}

/**
 * A fee for the whole order shared over its trades by lots, to the fen; the last trade takes what is left,
 * so the parts add up to the fee (10.00 over 4 + 6 lots: 4.00 and 6.00; 10.00 over 1 + 2: 3.33 and 6.67).
 */
export function shareByLots(total: DecimalText, lots: readonly number[]): string[] {
  const all = lots.reduce((sum, n) => sum + n, 0);
  let left = new Decimal(total);
  return lots.map((n, index) => {
    if (index === lots.length - 1) return left.toFixed(2);
    const part = all === 0 ? new Decimal(0) : new Decimal(toFen(new Decimal(total).times(n).dividedBy(all)));
    left = left.minus(part);
    return part.toFixed(2);
  });
}

/**
 * Realised futures P&L net of what the trades cost: realised − Σ (exchange fee + broker commission) of the
 * book and month's trades, open and close alike (a cost is paid when the trade is done). Realised 5,000.00
 * on two trades of fee 3.00 and commission 2.50 each: 5,000 − 11.00 = 4,989.00.
 */
export function netRealisedPnl(realised: DecimalText, costs: DecimalText): string {
  return toFen(new Decimal(realised).minus(costs));
}

/** The exchange margin rates, percent of the contract value (domain.md §1, settings exchangeMargin*). */
export interface ExchangeMarginRates {
  /** In the ordinary months. */
  ordinaryPercent: DecimalText;
  /** From the first day of the month before the delivery month. */
  nearDeliveryPercent: DecimalText;
  /** From the first day of the delivery month. */
  deliveryMonthPercent: DecimalText;
}

/**
 * The rate the exchange charges on a CF month on a day, stepping up as delivery nears (domain.md §1: ≥5 %,
 * then 10 %, then 20 %). The house's rule where the exchange's calendar is not kept as data: the near-delivery
 * rate from the first day of the month before the delivery month, the delivery-month rate from its first day.
 * CF2605 on 2026-03-31: 5 %; on 2026-04-01: 10 %; on 2026-05-06: 20 %.
 */
export function exchangeMarginRate(month: string, day: string, rates: ExchangeMarginRates): string {
  const match = /^CF(\d{2})(\d{2})$/.exec(month);
  if (!match) return new Decimal(rates.ordinaryPercent).toString();
  const delivery = (2000 + Number(match[1])) * 12 + Number(match[2]) - 1;
  const current = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
  const percent =
    current >= delivery
      ? rates.deliveryMonthPercent
      : current === delivery - 1
        ? rates.nearDeliveryPercent
        : rates.ordinaryPercent;
  return new Decimal(percent).toString();
}

/**
 * The exchange margin an open position ties up: (long + short lots) × lot × S × rate, to the fen — both
 * sides are margined. 12 lots of 5 t at 14,000 and 10 %: 60 t × 14,000 × 0.10 = 84,000.00.
 */
export function exchangeMargin(
  lots: number,
  lotTonnes: DecimalText,
  price: DecimalText,
  ratePercent: DecimalText,
): string {
  return toFen(new Decimal(lots).times(lotTonnes).times(price).times(ratePercent).dividedBy(100));
}
