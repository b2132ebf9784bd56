// The hedging part of the demo company: a hedge and a speculation account at the demo's broker, the hedge
// book's short position against the stock of each month the contracts name, the hedge orders of the demo's
// fixings (the older ones filled, the newest left open for the desk) and a few speculation trades.

import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { latestPrice } from '../pricing/index.ts';
import { deskDemo } from './demoDesk.ts';
import { fillHedgeOrder, generateHedgeOrders } from './hedgeOrders.ts';
import { rollsDemo } from './rolls.ts';
import { insertTrade } from './trades.ts';

/** Orders left open for the desk to fill. */
const LEFT_OPEN = 3;

export async function hedgingDemo(tx: Queryable, { now, today }: DemoContext): Promise<void> {
  const [broker] = await tx.query<{ id: string }>(
    `select id::text from partners where 'broker' = any(kinds) order by partners.id limit 1`,
  );
  const [trader] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'trader'`);
  if (!broker || !trader) return;
  const account = async (accountNo: string, team: string, book: string) =>
    (
      await tx.query<{ id: string }>(
        `insert into futures_accounts (account_no, broker_id, team, book) values ($1, $2, $3, $4) returning id::text`,
        [accountNo, broker.id, team, book],
      )
    )[0]!.id;
  const hedgeAccount = await account('GTJA-88001', '新疆组', 'hedge');
  const speculationAccount = await account('GTJA-88002', '投机组', 'speculation');
  const hook: HookContext = {
    db: tx,
    actor: { userId: trader.id, loginName: 'trader' },
    now,
    today,
    channel: '',
  };

  // The stock is hedged short first: each month the contracts name, enough lots for the buy-backs to come.
  const months = await tx.query<{ month: string; buyLots: number }>(
    `select futures_month as month,
            coalesce(sum(floor(fixed_tonnage / setting_on('futuresLotTonnes', $1::date)::numeric))
              filter (where side = 'sale'), 0)::int as "buyLots"
       from transaction_contracts where futures_month is not null group by futures_month order by futures_month`,
    [today],
  );
  const priced = new Map<string, string>();
  for (const { month, buyLots } of months) {
    const latest = await latestPrice(tx, month, today);
    if (!latest) continue;
    const price = latest.settlementPrice ?? latest.lastPrice;
    priced.set(month, price);
    await insertTrade(hook, {
      accountId: hedgeAccount,
      book: 'hedge',
      futuresMonth: month,
      side: 'sell',
      effect: 'open',
      lots: buyLots + 40,
      price,
      fee: '120',
      tradedAt: `${latest.tradeDate} 09:05:00+08`,
    });
  }

  await generateHedgeOrders(hook);
  const orders = await tx.query<{ id: string; month: string }>(
    `select id::text, futures_month as month from hedge_orders where status = 'open' order by hedge_orders.id`,
  );
  for (const order of orders.slice(0, Math.max(0, orders.length - LEFT_OPEN))) {
    const price = priced.get(order.month);
    if (!price) continue;
    await fillHedgeOrder(hook, order.id, {
      accountId: hedgeAccount,
      price,
      tradedAt: `${today} 10:30:00+08`,
      fee: '15',
    });
  }

  // The speculation book: a long opened and partly closed in the nearest month.
  const [nearest] = [...priced.entries()];
  if (nearest) {
    const [month, price] = nearest;
    const trade = (side: 'buy' | 'sell', effect: 'open' | 'close', lots: number, time: string) =>
      insertTrade(hook, {
        accountId: speculationAccount,
        book: 'speculation',
        futuresMonth: month,
        side,
        effect,
        lots,
        price,
        fee: '20',
        tradedAt: `${today} ${time}+08`,
      });
    await trade('buy', 'open', 20, '09:15:00');
    await trade('sell', 'close', 8, '14:20:00');
  }

  // A roll of the hedge book's nearest month into the next one (with an unpriced basis contract when one
  // fits), and a transfer of short lots to the speculation book.
  await rollsDemo(hook, { hedgeAccount, speculationAccount, prices: priced });
  // Its statement of the day reconciled, its orders, and the team limits.
  await deskDemo(tx, hook, { speculation: speculationAccount }, priced);
}
