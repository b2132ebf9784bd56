// The demo's statements, speculation orders and team limits: the speculation account's statement of the
// day imported (its captured trades matched, one row booked from it, one captured trade missing on it), a
// speculation order filled and one left open, and a team limit on the hedge book's team.

import { readStatementSheet } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { exchangeRulesOn } from '../../platform/exchange.ts';
import type { CallContext } from '../../platform/http/calls.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { BUSINESS_TIME_ZONE } from '../../platform/time.ts';
import { fillSpeculationOrder } from './speculation.ts';
import { type ImportStatementBody, importStatement } from './statements.ts';
import { insertTrade } from './trades.ts';

const plus = (price: string, step: number) => String(Number(price) + step);

export async function deskDemo(
  tx: Queryable,
  hook: HookContext,
  accounts: { speculation: string },
  priced: Map<string, string>,
) {
  const months = [...priced.entries()];
  const [nearest] = months;
  if (!nearest) return;
  const [month, price] = months[1] ?? nearest;
  const { today } = hook;
  const day = today.replaceAll('-', '');

  // A trade captured by hand the statement will not know.
  await insertTrade(hook, {
    accountId: accounts.speculation,
    book: 'speculation',
    futuresMonth: month,
    side: 'buy',
    effect: 'open',
    lots: 1,
    price,
    fee: '5',
    tradedAt: `${today} 13:10:00+08`,
  });
  const contract = (code: string) => `CF${code.slice(3)}`;
  const sheet = [
    ['成交明细'],
    ['成交日期', '成交时间', '合约', '买/卖', '开/平', '成交价', '手数', '成交额', '手续费', '成交编号'],
    [day, '09:15:00', contract(nearest[0]), '买', '开', nearest[1], '20', '', '20', `${day}0001`],
    [day, '10:05:00', contract(month), '买', '开', plus(price, 10), '2', '', '4', `${day}0002`],
    [day, '14:20:00', contract(nearest[0]), '卖', '平', nearest[1], '8', '', '20', `${day}0003`],
  ];
  const { tick, lotTonnes } = await exchangeRulesOn(hook.db, today);
  const { rows } = readStatementSheet(sheet, { tick, lotTonnes });
  const call = {
    db: tx,
    body: { accountId: accounts.speculation, fileName: `成交明细${day}.csv`, content: '', confirm: true },
    session: { userId: hook.actor.userId, loginName: hook.actor.loginName },
    now: hook.now,
    record: {},
  } as unknown as CallContext<ImportStatementBody>;
  await importStatement(call, rows, BUSINESS_TIME_ZONE);

  // The speculation desk's orders: one filled, one waiting at its limit.
  const order = async (side: 'buy' | 'sell', effect: 'open' | 'close', lots: number, limit: string) =>
    (
      await tx.query<{ id: string }>(
        `insert into speculation_orders (account_id, futures_month, side, effect, lots, limit_price, created_by,
            created_at, order_no)
         values ($1, $2, $3, $4, $5, $6, $7, $8, null) returning id::text`,
        [accounts.speculation, month, side, effect, lots, limit, hook.actor.userId, hook.now],
      )
    )[0]!.id;
  const filled = await order('buy', 'open', 3, plus(price, 20));
  const waiting = await order('sell', 'close', 4, plus(price, 150));
  await tx.query(
    `update speculation_orders set order_no = 'WT' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = any($1::bigint[])`,
    [[filled, waiting], today],
  );
  await fillSpeculationOrder(hook, filled, {
    price: plus(price, 15),
    tradedAt: `${today} 10:40:00+08`,
    fee: '6',
  });

  // The hedge book's team keeps within its own limit.
  await tx.query(
    `insert into futures_team_limits (team, book, lot_limit, effective_from, remark)
     select team, book, 3000, $1, '演示' from futures_accounts where team is not null and book = 'hedge' group by team, book`,
    [today],
  );
}
