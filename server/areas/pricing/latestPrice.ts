// The price table as the rest of pricing reads it (client orders fill at it, the demo seeds from it): apart
// from futuresPrices.ts, which saves prices and sets off client orders, so the two do not import each other.

import type { Queryable } from '../../platform/db/index.ts';

/** The latest price of a month on or before a day: the last price of its latest trading day in the table. */
export async function latestPrice(
  db: Queryable,
  month: string,
  day: string,
): Promise<{ tradeDate: string; lastPrice: string; settlementPrice: string | null } | undefined> {
  const [row] = await db.query<{ tradeDate: string; lastPrice: string; settlementPrice: string | null }>(
    `select to_char(trade_date, 'YYYY-MM-DD') as "tradeDate", last_price::text as "lastPrice",
            settlement_price::text as "settlementPrice"
       from futures_prices where futures_month = $1 and trade_date <= $2::date
      order by trade_date desc limit 1`,
    [month, day],
  );
  return row;
}
