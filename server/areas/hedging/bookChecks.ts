// What every trade booked also checks and keeps, besides the book's own limit (trades.ts): the lot limit of
// the account's team in its book and month (futures_team_limits, versioned by day), and the realised P&L
// of the closes of the book and month by the close-out method in effect (setting futuresCloseOutMethod).

import Decimal from 'decimal.js';
import {
  type CloseOutMethod,
  type FuturesFill,
  isProblem,
  matchCloseOuts,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { lotTonnesOn } from '../../platform/exchange.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { settingOn } from '../../platform/settings.ts';
import { BUSINESS_TIME_ZONE } from '../../platform/time.ts';

/**
 * The lot size of a futures trade, selected with it: the versioned setting `futuresLotTonnes` in force on
 * the business day it was done (issue 21). A close-out's realised P&L uses its closing trade's.
 */
export const TRADE_LOT_TONNES = `setting_on('futuresLotTonnes', (traded_at at time zone '${BUSINESS_TIME_ZONE}')::date) as "lotTonnes"`;

const BOOK_NAME: Record<string, string> = { hedge: '套保账簿', speculation: '投机账簿' };

/** The close-out method in effect on a day. */
export async function closeOutMethodOn(db: Queryable, day: string): Promise<CloseOutMethod> {
  return (await settingOn(db, 'futuresCloseOutMethod', day)) === 'lifo' ? 'lifo' : 'fifo';
}

/** A book's trades of a month in the order they were done (less those about to be deleted). */
export const monthTrades = (db: Queryable, book: string, month: string, leaving: readonly string[] = []) =>
  db.query<FuturesFill>(
    `select id::text, futures_month as month, side, effect, lots, price::text, ${TRADE_LOT_TONNES} from futures_trades
      where book = $1 and futures_month = $2 and id <> all($3::bigint[]) order by traded_at, futures_trades.id`,
    [book, month, leaving],
  );

/**
 * Writes each close trade's realised P&L of the book and month (the sum of its close-outs), only where it
 * changed (a trade booked late in a long month moves none or a few). The trades may be given when read.
 */
export async function refreshRealisedPnl(
  db: Queryable,
  book: string,
  month: string,
  day: string,
  leaving: readonly string[] = [],
  trades?: readonly FuturesFill[],
) {
  const matching = matchCloseOuts(
    trades ?? (await monthTrades(db, book, month, leaving)),
    await closeOutMethodOn(db, day),
    await lotTonnesOn(db, day),
  );
  if (isProblem(matching)) return;
  const sums = new Map<string, Decimal>();
  for (const closeOut of matching.closeOuts)
    sums.set(
      closeOut.closeTradeId,
      (sums.get(closeOut.closeTradeId) ?? new Decimal(0)).plus(closeOut.realisedPnl),
    );
  const ids = [...sums.keys()];
  await db.query(
    `update futures_trades t set realised_pnl = v.pnl::numeric
       from unnest($3::bigint[], $4::text[]) as v(id, pnl)
      where t.id = v.id and t.book = $1 and t.futures_month = $2
        and t.realised_pnl is distinct from v.pnl::numeric`,
    [book, month, ids, ids.map((id) => sums.get(id)!.toFixed(2))],
  );
}

/**
 * The team of the account (or, without one, every team of the book) must stay within its lot limit of the
 * month on either side; otherwise the booking is refused whole, saying the team, the position and the limit.
 */
export async function checkTeamLimits(
  db: Queryable,
  book: string,
  month: string,
  day: string,
  accountId?: string,
) {
  const rows = await db.query<{ team: string; longLots: number; shortLots: number; limit: number }>(
    `select a.team,
            (coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'open'), 0)
              - coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'close'), 0))::int as "longLots",
            (coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'open'), 0)
              - coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'close'), 0))::int as "shortLots",
            l.lot_limit as "limit"
       from futures_trades t
       join futures_accounts a on a.id = t.account_id
       join lateral (select lot_limit from futures_team_limits l
                      where l.team = a.team and l.book = $1 and l.effective_from <= $3::date
                      order by l.effective_from desc limit 1) l on true
      where t.book = $1 and t.futures_month = $2
        and ($4::bigint is null or a.team = (select team from futures_accounts where id = $4))
      group by a.team, l.lot_limit`,
    [book, month, day, accountId ?? null],
  );
  const over = rows.find((row) => Math.max(row.longLots, row.shortLots) > row.limit);
  if (over)
    throw badRequest(
      `${over.team} ${BOOK_NAME[book] ?? book} ${month} 持仓将为多头 ${over.longLots} 手、空头 ${over.shortLots} 手，` +
        `超过该组每月限额 ${over.limit} 手，未入账`,
    );
}

/**
 * Before trades are deleted: what is left of each of their books and months must still match (no close
 * left beyond its position), and the closes left get their realised P&L again.
 */
export async function checkTradesLeaving(db: Queryable, ids: readonly string[], day: string) {
  const groups = await db.query<{ book: string; month: string }>(
    `select distinct book, futures_month as month from futures_trades where id = any($1::bigint[])`,
    [ids],
  );
  for (const { book, month } of groups) {
    const matching = matchCloseOuts(
      await monthTrades(db, book, month, ids),
      'fifo',
      await lotTonnesOn(db, day),
    );
    if (isProblem(matching))
      throw badRequest(`删除后${BOOK_NAME[book] ?? book}：${matching.message}，未删除（请先删除平仓成交）`);
    await refreshRealisedPnl(db, book, month, day, ids);
  }
}
