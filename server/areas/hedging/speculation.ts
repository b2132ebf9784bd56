// The speculation desk on the server: orders on speculation accounts (numbered WT…, only on a speculation
// account, the limit price on the tick, changed only while open) and their fill, which books the trade in
// the speculation book through insertTrade — the same close-out and lot-limit checks (book and team) as a
// trade entered by hand, so a fill past a limit is refused and nothing is booked. Also the book marks view.

import Decimal from 'decimal.js';
import { futuresMonth, isOnTick } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { CommandService, HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { businessInstant } from '../../platform/time.ts';
import { insertTrade } from './trades.ts';

type FillInput = Record<string, unknown> & { price: string; tradedAt: string; fee?: string };

interface OrderRow {
  orderNo: string;
  accountId: string;
  month: string;
  side: 'buy' | 'sell';
  effect: 'open' | 'close';
  lots: number;
  limitPrice: string;
}

const SIDE = { buy: '买入', sell: '卖出' } as const;
const EFFECT = { open: '开仓', close: '平仓' } as const;

/** The month in either writing is stored as CF2605; an order may change only while open. */
async function lockOrder(
  db: Queryable,
  id: string | undefined,
  record: Record<string, unknown> | undefined,
  today: string,
) {
  const month = record && futuresMonth(String(record.futuresMonth ?? ''), today);
  if (record && month) record.futuresMonth = month.code;
  if (!id) return;
  const [before] = await db.query<{ status: string; orderNo: string }>(
    'select status, order_no as "orderNo" from speculation_orders where id = $1 for update',
    [id],
  );
  if (before && before.status !== 'open')
    throw badRequest(`投机委托 ${before.orderNo} 已不是未成交状态，不能修改`);
}

async function numberOrder(hook: HookContext, id: string, record: Record<string, unknown>) {
  const problems: Record<string, string> = {};
  const [account] = await hook.db.query<{ book: string; accountNo: string }>(
    'select book, account_no as "accountNo" from futures_accounts where id = $1',
    [String(record.accountId)],
  );
  if (!account) problems.accountId = '期货账户不存在';
  else if (account.book !== 'speculation')
    problems.accountId = `账户 ${account.accountNo} 属于套保账簿，投机委托只能用投机账户`;
  const tick = await settingOn(hook.db, 'futuresTickPerTonne', hook.today);
  if (!isOnTick(String(record.limitPrice), tick))
    problems.limitPrice = `限价必须是最小变动价位 ${new Decimal(tick).toString()} 元/吨的整数倍`;
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  await hook.db.query(
    `update speculation_orders
        set order_no = coalesce(order_no, 'WT' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')),
            created_by = coalesce(created_by, $3)
      where id = $1`,
    [id, hook.today, hook.actor.userId],
  );
}

/** Fills an open order: the trade at the limit or better, booked in the speculation book. */
export async function fillSpeculationOrder(hook: HookContext, id: string, input: FillInput) {
  const [order] = await hook.db.query<OrderRow>(
    `select order_no as "orderNo", account_id::text as "accountId", futures_month as month, side, effect, lots,
            limit_price::text as "limitPrice"
       from speculation_orders where id = $1`,
    [id],
  );
  if (!order) throw badRequest('记录不存在或已被删除');
  const price = new Decimal(input.price);
  if (order.side === 'buy' ? price.gt(order.limitPrice) : price.lt(order.limitPrice))
    throw badRequest(
      `成交价 ${price.toFixed(2)} 不优于限价 ${new Decimal(order.limitPrice).toFixed(2)}（${
        order.side === 'buy' ? '买入不能高于限价' : '卖出不能低于限价'
      }），未成交`,
    );
  const trade = await insertTrade(hook, {
    accountId: order.accountId,
    book: 'speculation',
    futuresMonth: order.month,
    side: order.side,
    effect: order.effect,
    lots: order.lots,
    price: price.toFixed(2),
    fee: input.fee ? String(input.fee) : '0',
    tradedAt: String(input.tradedAt),
  });
  await hook.db.query(`update futures_trades set source = 'order' where id = $1`, [trade.id]);
  await hook.db.query(
    `update speculation_orders set status = 'filled', trade_id = $2, filled_price = $3, filled_at = $4 where id = $1`,
    [id, trade.id, price.toFixed(2), businessInstant(String(input.tradedAt))],
  );
  return {
    toState: 'filled',
    summary: `投机委托 ${order.orderNo} 成交：${SIDE[order.side]}${EFFECT[order.effect]} ${order.month} ${order.lots} 手 @ ${price.toFixed(2)}，成交 ${trade.tradeNo}`,
    data: { tradeId: trade.id, tradeNo: trade.tradeNo },
  };
}

const fill: CommandService<FillInput> = (context) =>
  fillSpeculationOrder(context, String(context.record!.id), context.input);

export const speculationOrderStorage: ResourceStorage = {
  table: 'speculation_orders',
  columns: {
    orderNo: { read: 't.order_no' },
    createdBy: { read: 't.created_by' },
    createdAt: { read: 't.created_at' },
    tradeId: { read: 't.trade_id' },
    filledPrice: { read: 't.filled_price' },
    filledAt: { read: 't.filled_at' },
  },
  lockFirst: lockOrder,
  saveExtra: numberOrder,
  onDelete: async (db, ids) => {
    const done = await db.query<{ orderNo: string }>(
      `select order_no as "orderNo" from speculation_orders where id = any($1::bigint[]) and status <> 'open'`,
      [ids],
    );
    if (done.length > 0)
      throw badRequest(`只能删除未成交的委托：${done.map((row) => row.orderNo).join('、')}`);
  },
  commands: { fill },
};

/** A book's positions per month valued at the latest price: a view over the trades, read only. */
export const bookMarkStorage: ResourceStorage = {
  table: 'futures_book_marks',
  columns: { futuresMonth: { read: 't.futures_month' } },
};
