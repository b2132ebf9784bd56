// Storage of futures accounts and trades. A trade is refused (400, nothing booked) when its book is not its
// account's, its price is off the tick, a close is larger than the position it closes (FIFO, by book and
// month), or the book's open lots of the month on either side would pass the book's limit (settings
// hedgeBookLotLimit, speculationBookLotLimit). The rules are src/domain/positions.ts and futures.ts.

import Decimal from 'decimal.js';
import {
  type FuturesFill,
  futuresMonth,
  isOnTick,
  isProblem,
  matchFifo,
  openPositionByMonth,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { lotTonnesOn } from '../../platform/exchange.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { businessInstant } from '../../platform/time.ts';
import { checkTeamLimits, checkTradesLeaving, refreshRealisedPnl, TRADE_LOT_TONNES } from './bookChecks.ts';

export type Book = 'hedge' | 'speculation';

const BOOK_NAME: Record<Book, string> = { hedge: '套保账簿', speculation: '投机账簿' };
export const BOOK_LIMIT_SETTING: Record<Book, string> = {
  hedge: 'hedgeBookLotLimit',
  speculation: 'speculationBookLotLimit',
};

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/** The trading day of a time as entered (its date part). */
const dayOf = (time: string) => time.slice(0, 10);

export const futuresAccountStorage: ResourceStorage = {
  table: 'futures_accounts',
  unique: ['accountNo'],
  clientScope: { names: 'array[t.broker_id]' },
};

/** The trades of a book and month in the order they were done, as the matching reads them. */
export async function bookTrades(db: Queryable, book: string, month?: string): Promise<FuturesFill[]> {
  return db.query<FuturesFill>(
    `select id::text, futures_month as month, side, effect, lots, price::text, ${TRADE_LOT_TONNES} from futures_trades
      where book = $1 and ($2::text is null or futures_month = $2) order by traded_at, futures_trades.id`,
    [book, month ?? null],
  );
}

/**
 * After a trade is written (inside its transaction): the book's trades of the month must still match
 * (no close beyond the position) and stay within the book's lot limit; otherwise the save is refused whole.
 */
export async function checkBookPosition(
  db: Queryable,
  book: Book,
  month: string,
  day: string,
  accountId?: string,
) {
  const trades = await bookTrades(db, book, month);
  const matching = matchFifo(trades, await lotTonnesOn(db, day));
  if (isProblem(matching)) throw badRequest(`${BOOK_NAME[book]}：${matching.message}，未入账`);
  await checkTeamLimits(db, book, month, day, accountId);
  await refreshRealisedPnl(db, book, month, day, [], trades);
  const limit = Number(await settingOn(db, BOOK_LIMIT_SETTING[book], day));
  const [position] = openPositionByMonth(matching.open);
  if (!position) return;
  const largest = Math.max(position.longLots, position.shortLots);
  if (largest > limit)
    throw badRequest(
      `${BOOK_NAME[book]} ${month} 持仓将为多头 ${position.longLots} 手、空头 ${position.shortLots} 手，` +
        `超过每月限额 ${limit} 手，未入账`,
    );
}

/** Accounts of a trade's book are locked first, so two trades of one book are checked one after the other. */
async function lockBook(db: Queryable, id: string | undefined, record: Record<string, unknown> | undefined) {
  const time = given(record?.tradedAt);
  const month = record && time && futuresMonth(String(record.futuresMonth ?? ''), dayOf(time));
  if (record && month) record.futuresMonth = month.code;
  const book = given(record?.book);
  if (book) await db.query('select id from futures_accounts where book = $1 order by id for update', [book]);
  if (id) {
    const [before] = await db.query<{ fixingId: string | null }>(
      'select fixing_id::text as "fixingId" from futures_trades where id = $1',
      [id],
    );
    if (before?.fixingId) throw badRequest('该成交已用于点价套保，不能修改');
  }
}

async function bookTrade(hook: HookContext, id: string, record: Record<string, unknown>) {
  const problems: Record<string, string> = {};
  const [account] = await hook.db.query<{ book: Book; accountNo: string }>(
    'select book, account_no as "accountNo" from futures_accounts where id = $1',
    [String(record.accountId)],
  );
  if (!account) problems.accountId = '期货账户不存在';
  else if (account.book !== record.book)
    problems.book = `账户 ${account.accountNo} 属于${BOOK_NAME[account.book]}，成交只能记入该账簿`;
  const time = String(record.tradedAt);
  const tick = await settingOn(hook.db, 'futuresTickPerTonne', dayOf(time));
  if (!isOnTick(String(record.price), tick))
    problems.price = `成交价必须是最小变动价位 ${new Decimal(tick).toString()} 元/吨的整数倍`;
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  await hook.db.query(
    `update futures_trades set trade_no = coalesce(trade_no, 'QH' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')),
            created_by = coalesce(created_by, $3) where id = $1`,
    [id, hook.today, hook.actor.userId],
  );
  await checkBookPosition(
    hook.db,
    record.book as Book,
    String(record.futuresMonth),
    dayOf(time),
    String(record.accountId),
  );
  await publishChange(hook.db, hook.channel, POSITION_TOPICS);
}

/** What a trade changes: the trades and the positions and exposure (TradeTotal), refetched once it commits. */
export const POSITION_TOPICS = ['pending/OrderTrade', 'pending/TradeTotal'];

export const futuresTradeStorage: ResourceStorage = {
  table: 'futures_trades',
  columns: {
    tradeNo: { read: 't.trade_no' },
    fixingId: { read: 't.fixing_id::text' },
    createdBy: { read: 't.created_by' },
    team: { read: '(select a.team from futures_accounts a where a.id = t.account_id)' },
    allocatedLots: {
      read: '(select coalesce(sum(a.lots), 0)::int from futures_allocations a where a.trade_id = t.id)',
    },
  },
  lockFirst: lockBook,
  saveExtra: bookTrade,
  onDelete: async (db, ids, today) => {
    const linked = await db.query<{ tradeNo: string }>(
      `select trade_no as "tradeNo" from futures_trades where id = any($1::bigint[]) and fixing_id is not null`,
      [ids],
    );
    if (linked.length > 0)
      throw badRequest(`成交已用于点价套保，不能删除：${linked.map((row) => row.tradeNo).join('、')}`);
    await checkTradesLeaving(db, ids, today);
  },
};

/** Books a trade from a service (a hedge order's fill), checked as a saved one. */
export async function insertTrade(
  hook: HookContext,
  trade: {
    accountId: string;
    book: Book;
    futuresMonth: string;
    side: 'buy' | 'sell';
    effect: 'open' | 'close';
    lots: number;
    price: string;
    fee: string;
    tradedAt: string;
    fixingId?: string | null;
  },
  /** Without the checks: the caller checks each book and month it booked once, after all its trades. */
  options: { checked?: boolean } = {},
): Promise<{ id: string; tradeNo: string }> {
  await hook.db.query('select id from futures_accounts where book = $1 order by id for update', [trade.book]);
  const [row] = await hook.db.query<{ id: string; tradeNo: string }>(
    `insert into futures_trades (account_id, book, futures_month, side, effect, lots, price, fee, traded_at,
        fixing_id, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     returning id::text, trade_no as "tradeNo"`,
    [
      trade.accountId,
      trade.book,
      trade.futuresMonth,
      trade.side,
      trade.effect,
      trade.lots,
      trade.price,
      trade.fee,
      businessInstant(trade.tradedAt),
      trade.fixingId ?? null,
      hook.actor.userId,
      hook.now,
    ],
  );
  const [numbered] = await hook.db.query<{ tradeNo: string }>(
    `update futures_trades set trade_no = 'QH' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = $1 returning trade_no as "tradeNo"`,
    [row!.id, hook.today],
  );
  if (options.checked !== false) {
    await checkBookPosition(hook.db, trade.book, trade.futuresMonth, dayOf(trade.tradedAt), trade.accountId);
    await publishChange(hook.db, hook.channel, POSITION_TOPICS);
  }
  return { id: row!.id, tradeNo: numbered!.tradeNo };
}
