// Client price orders (点价挂单, domain.md §3): the pricing party of a basis or deferred contract asks to
// fix a quantity at the market or at a limit. A market order fills at once at the latest price; a limit
// order waits until a futures price of the contract's month reaches its limit and is then fixed at the limit.

import Decimal from 'decimal.js';
import type { PricingParty } from './pricing.ts';
import type { DecimalText } from './quality.ts';

export type OrderKind = 'market' | 'limit';

/** Expired is read from the valid-until day; rejected: the fixing was refused when the price came. */
export type OrderState = 'pending' | 'filled' | 'cancelled' | 'rejected' | 'expired';

/**
 * Whether a futures price reaches a limit: a buyer fixing (a sale) wants a low price and is filled when the
 * price is at or below the limit; a seller fixing (a purchase) wants a high one, at or above it.
 */
export function limitReached(party: PricingParty, limit: DecimalText, price: DecimalText): boolean {
  const compared = new Decimal(price).comparedTo(limit);
  return party === 'buyer' ? compared <= 0 : compared >= 0;
}

/** An order is valid through its valid-until day; from the day after it has expired. */
export const orderExpired = (validUntil: string, day: string): boolean => day > validUntil;

/** The price an order is fixed at, if this price fills it: a market order at the price, a limit order at its limit. */
export function fillPrice(
  order: { kind: OrderKind; limitPrice?: DecimalText | null; party: PricingParty },
  price: DecimalText,
): string | undefined {
  if (order.kind === 'market') return new Decimal(price).toFixed(2);
  if (order.limitPrice === undefined || order.limitPrice === null) return undefined;
  return limitReached(order.party, order.limitPrice, price)
    ? new Decimal(order.limitPrice).toFixed(2)
    : undefined;
}

/** What the sales manager's check of an order compares it with (both limits are settings). */
export interface OrderCheckFacts {
  kind: OrderKind;
  tonnage: DecimalText;
  limitPrice?: DecimalText | null;
  /** The month's latest futures price, if any was entered. */
  marketPrice?: DecimalText | null;
  /** A salesperson places up to this tonnage alone. */
  tonnageLimit: DecimalText;
  /** A limit more than this share (%) away from the latest price is checked. */
  offMarketPercent: DecimalText;
}

/**
 * Why an order must be approved before it waits for the market (empty: it needs none): more tonnes than a
 * salesperson places alone, or a limit further from the latest price than the setting allows
 * (|limit − F| / F × 100 > percent).
 */
export function orderCheckReasons(facts: OrderCheckFacts): string[] {
  const reasons: string[] = [];
  const tonnage = new Decimal(facts.tonnage);
  if (tonnage.greaterThan(facts.tonnageLimit))
    reasons.push(
      `挂单 ${tonnage.toFixed(4)} 吨超过业务员挂单限额 ${new Decimal(facts.tonnageLimit).toString()} 吨`,
    );
  if (facts.kind === 'limit' && facts.limitPrice && facts.marketPrice) {
    const market = new Decimal(facts.marketPrice);
    if (market.greaterThan(0)) {
      const off = new Decimal(facts.limitPrice).minus(market).abs().dividedBy(market).times(100);
      if (off.greaterThan(facts.offMarketPercent))
        reasons.push(
          `限价 ${new Decimal(facts.limitPrice).toFixed(2)} 偏离最新价 ${market.toFixed(2)} ${off.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)}%，超过 ${new Decimal(facts.offMarketPercent).toString()}%`,
        );
    }
  }
  return reasons;
}
