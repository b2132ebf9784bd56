// Hedge orders from the contracts' fixings, without touching the contracts area: the generate command
// takes every fixing not yet in the hedge, in the order they were made, pools its tonnes with the tail of
// its month and direction (src/domain/positions.ts pooledHedgeLots) and creates an order for each whole
// lot made. The fill command books the trade on a hedge-book account and links the fixings it covers.

import Decimal from 'decimal.js';
import {
  hedgeBuyBooking,
  hedgePoolKey,
  isProblem,
  matchFifo,
  openPositionByMonth,
  pooledHedgeLots,
  shareByLots,
  type TradeSide,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { lotTonnesOn } from '../../platform/exchange.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type {
  CommandOutcome,
  CommandService,
  HookContext,
  ResourceStorage,
} from '../../platform/resources/storage.ts';
import { businessInstant } from '../../platform/time.ts';
import { bookTrades, insertTrade } from './trades.ts';

interface PendingFixing {
  id: string;
  month: string;
  direction: TradeSide;
  tonnage: string;
}

/**
 * The tail of each pool: tonnes taken into the hedge less the tonnes of the lots ordered for them (each order
 * keeps its lots' tonnes at the lot size of its day, so a change of the lot size leaves past pools whole).
 */
async function poolTails(db: Queryable): Promise<Record<string, string>> {
  const rows = await db.query<{ month: string; direction: TradeSide; tail: string }>(
    `select h.futures_month as month, h.direction,
            (sum(h.tonnage) - coalesce((select sum(o.tonnage) from hedge_orders o
               where o.futures_month = h.futures_month and o.side = h.direction), 0))::text as tail
       from hedge_fixings h group by h.futures_month, h.direction`,
  );
  return Object.fromEntries(rows.map((row) => [hedgePoolKey(row.month, row.direction), row.tail]));
}

/**
 * Takes every fixing not yet in the hedge: the orders its pool's whole lots make. Returns the orders
 * created and the fixings taken (a fixing may add to the tail only).
 */
export async function generateHedgeOrders(
  hook: HookContext,
): Promise<{ orders: number; fixings: number; lots: number }> {
  // One generation at a time: a fixing is taken once, and the pools are read and written together.
  await hook.db.query('lock table hedge_fixings in share row exclusive mode');
  const pending = await hook.db.query<PendingFixing>(
    `select f.id::text, f.futures_month as month, f.hedge_direction as direction, f.tonnage::text
       from contract_fixings f
      where not exists (select 1 from hedge_fixings h where h.fixing_id = f.id)
        -- A fixing carried into a split or combined contract was hedged when it was first made.
        and f.carried_from is null
      order by f.fixed_at, f.id`,
  );
  if (pending.length === 0) return { orders: 0, fixings: 0, lots: 0 };
  const lotTonnes = await lotTonnesOn(hook.db, hook.today);
  const pooled = pooledHedgeLots(pending, await poolTails(hook.db), lotTonnes);
  let orders = 0;
  let lots = 0;
  for (const [index, fixing] of pending.entries()) {
    const hedge = pooled[index]!;
    await hook.db.query(
      `insert into hedge_fixings (fixing_id, futures_month, direction, tonnage, taken_at) values ($1, $2, $3, $4, $5)`,
      [fixing.id, fixing.month, fixing.direction, fixing.tonnage, hook.now],
    );
    if (hedge.lots === 0) continue;
    const [order] = await hook.db.query<{ id: string }>(
      `insert into hedge_orders (futures_month, side, lots, tonnage, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6) returning id::text`,
      [
        fixing.month,
        fixing.direction,
        hedge.lots,
        new Decimal(lotTonnes).times(hedge.lots).toFixed(4),
        hook.actor.userId,
        hook.now,
      ],
    );
    await hook.db.query(
      `update hedge_orders set order_no = 'TB' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1`,
      [order!.id, hook.today],
    );
    // The fixings waiting in the pool and this one are what the order hedges.
    await hook.db.query(
      `update hedge_fixings set order_id = $1
        where order_id is null and futures_month = $2 and direction = $3`,
      [order!.id, fixing.month, fixing.direction],
    );
    orders += 1;
    lots += hedge.lots;
  }
  return { orders, fixings: pending.length, lots };
}

/**
 * Each fixing makes its hedge order as it is written (the fixing's transaction): its tonnes join their pool,
 * and the whole lots the pool makes are ordered. The generate command stays for fixings made before.
 */
export const hedgeTheFixing = async (hook: HookContext): Promise<string | undefined> => {
  const made = await generateHedgeOrders(hook);
  return made.orders === 0 ? undefined : `生成套保指令 ${made.orders} 笔共 ${made.lots} 手`;
};

const generate: CommandService = async (context) => {
  const made = await generateHedgeOrders(context);
  return {
    summary:
      made.fixings === 0
        ? '没有待套保的点价'
        : `生成套保指令 ${made.orders} 笔共 ${made.lots} 手（纳入点价 ${made.fixings} 笔，不足一手的吨数留待合并）`,
    data: made,
  };
};

export type FillInput = Record<string, unknown> & {
  accountId: string;
  price: string;
  tradedAt: string;
  fee?: string;
};

/**
 * Fills an open order on a hedge-book account — a buy closes the shorts of the month the book holds and opens
 * longs only for the rest (two trades, the fee shared by lots), a sell opens shorts — and the order's fixings
 * name its first trade.
 */
export async function fillHedgeOrder(
  context: HookContext,
  id: string,
  input: FillInput,
): Promise<CommandOutcome> {
  const { db } = context;
  const [order] = await db.query<{
    orderNo: string;
    month: string;
    side: TradeSide;
    lots: number;
    status: string;
  }>(
    `select order_no as "orderNo", futures_month as month, side, lots, status from hedge_orders where id = $1 for update`,
    [id],
  );
  if (order?.status !== 'open') throw badRequest('只有待执行的套保指令可以成交');
  const [account] = await db.query<{ book: string; accountNo: string }>(
    'select book, account_no as "accountNo" from futures_accounts where id = $1',
    [String(input.accountId)],
  );
  if (!account) throw badRequest('期货账户不存在');
  if (account.book !== 'hedge')
    throw badRequest(`账户 ${account.accountNo} 不属于套保账簿，套保指令只能在套保账户成交`);
  // A buy closes the shorts the hedge book holds in the month and opens only the rest; a sell opens shorts.
  let booking = { closeLots: 0, openLots: order.lots };
  if (order.side === 'buy') {
    const matching = matchFifo(
      await bookTrades(db, 'hedge', order.month),
      await lotTonnesOn(db, context.today),
    );
    const position = isProblem(matching) ? undefined : openPositionByMonth(matching.open)[0];
    booking = hedgeBuyBooking(order.lots, position?.shortLots ?? 0);
  }
  const [last] = await db.query<{ fixingId: string }>(
    'select max(fixing_id)::text as "fixingId" from hedge_fixings where order_id = $1',
    [id],
  );
  const parts = (
    [
      ['close', booking.closeLots],
      ['open', booking.openLots],
    ] as const
  ).filter(([, lots]) => lots > 0);
  const fees = shareByLots(
    input.fee ? String(input.fee) : '0',
    parts.map(([, lots]) => lots),
  );
  const trades: { id: string; tradeNo: string; effect: 'open' | 'close'; lots: number }[] = [];
  for (const [index, [effect, lots]] of parts.entries()) {
    const trade = await insertTrade(context, {
      accountId: String(input.accountId),
      book: 'hedge',
      futuresMonth: order.month,
      side: order.side,
      effect,
      lots,
      price: String(input.price),
      fee: fees[index]!,
      tradedAt: String(input.tradedAt),
      fixingId: last?.fixingId ?? null,
    });
    trades.push({ ...trade, effect, lots });
  }
  const trade = trades[0]!;
  const effect = trades.length > 1 ? 'closeAndOpen' : trade.effect;
  await db.query(
    `update hedge_orders set status = 'filled', trade_id = $2, filled_price = $3, filled_at = $4 where id = $1`,
    [id, trade.id, String(input.price), businessInstant(String(input.tradedAt))],
  );
  const linked = await db.query(
    `update contract_fixings set futures_trade_id = $2
      where id in (select fixing_id from hedge_fixings where order_id = $1) returning id`,
    [id, trade.id],
  );
  const booked = trades
    .map(
      (t) =>
        `${order.side === 'buy' ? '买入' : '卖出'}${t.effect === 'open' ? '开仓' : '平仓'} ${t.lots} 手（${t.tradeNo}）`,
    )
    .join('，');
  return {
    toState: 'filled',
    summary: `套保指令 ${order.orderNo} 成交：${order.month} ${order.lots} 手 @ ${input.price}，${booked}，关联点价 ${linked.length} 笔`,
    data: {
      tradeId: trade.id,
      tradeNo: trade.tradeNo,
      effect,
      trades: trades.map((t) => ({ tradeId: t.id, tradeNo: t.tradeNo, effect: t.effect, lots: t.lots })),
      fixings: linked.length,
    },
  };
}

const fill: CommandService<FillInput> = (context) =>
  fillHedgeOrder(context, String(context.record!.id), context.input);

export const hedgeOrderStorage: ResourceStorage = {
  table: 'hedge_orders',
  columns: {
    orderNo: { read: 't.order_no' },
    futuresMonth: { read: 't.futures_month' },
    side: { read: 't.side' },
    lots: { read: 't.lots' },
    tonnage: { read: 't.tonnage' },
    createdAt: { read: 't.created_at' },
    tradeId: { read: 't.trade_id' },
    filledPrice: { read: 't.filled_price' },
    filledAt: { read: 't.filled_at' },
    contractNos: {
      read: `(select string_agg(distinct c.contract_no, '、') from hedge_fixings h
                join contract_fixings f on f.id = h.fixing_id
                join transaction_contracts c on c.id = f.contract_id
               where h.order_id = t.id)`,
    },
  },
  commands: { generate, fill },
};
