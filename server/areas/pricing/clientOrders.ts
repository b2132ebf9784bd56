// Storage and services of client price orders (pendingClientOrder, FurPendingOrderTrade). Placing an order
// checks it against its contract (priced later, in force, tonnage within what is open less what other
// pending orders hold, a limit on the tick); a market order fills at once at the month's latest price. A
// limit order fills when a price of its month entered on or after the day it was placed reaches its limit
// (src/domain/clientOrders.ts), fixed at the limit through the contracts area's fixing service. When that
// service refuses (the contract's open tonnage fell meanwhile, the contract is no longer in force), the order
// is rejected with the service's words rather than left waiting for a fill that cannot come.

import Decimal from 'decimal.js';
import {
  fillPrice,
  type OrderKind,
  orderCheckReasons,
  type PricingParty,
} from '../../../src/domain/index.ts';
import { BUSINESS_DAY, type Queryable } from '../../platform/db/index.ts';
import { exchangePriceRefusal, monthTradingRefusal } from '../../platform/exchange.ts';
import { BusinessError, badRequest } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { CommandService, HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { contractLink } from './contractLink.ts';
import { latestPrice } from './latestPrice.ts';

/** Pending past its valid-until day reads as expired, on the exchange's calendar: the date decides. */
export const ORDER_STATE = `case when t.status in ('pending', 'checking')
  and t.valid_until < ${BUSINESS_DAY} then 'expired' else t.status end`;

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

interface PendingTonnage {
  tonnage: string;
}

/** The tonnage other pending (not expired) orders of the contract hold. */
async function heldByOtherOrders(db: Queryable, contractId: string, id: string, today: string) {
  const [row] = await db.query<PendingTonnage>(
    `select coalesce(sum(tonnage), 0)::text as tonnage from client_price_orders
      where contract_id = $1 and id <> $2 and status in ('pending', 'checking') and valid_until >= $3::date`,
    [contractId, id, today],
  );
  return row?.tonnage ?? '0';
}

interface Fill {
  orderId: string;
  contractId: string;
  tonnage: string;
  price: string;
  tradeDate: string;
}

/**
 * Fixes an order's tonnage at its price through the contracts area, inside a savepoint: a refusal rolls
 * back only the fixing's own writes and answers its words.
 */
async function fixFor(
  hook: HookContext,
  fill: Fill,
): Promise<{ ok: true; fixingId: string } | { ok: false; reason: string }> {
  await hook.db.query('savepoint client_order_fill');
  try {
    const fixingId = await contractLink.fix(hook, {
      contractId: fill.contractId,
      tonnage: fill.tonnage,
      futuresPrice: fill.price,
      clientOrderId: fill.orderId,
      tradeDate: fill.tradeDate,
    });
    await hook.db.query('release savepoint client_order_fill');
    return { ok: true, fixingId };
  } catch (error) {
    await hook.db.query('rollback to savepoint client_order_fill');
    if (error instanceof BusinessError) return { ok: false, reason: error.message };
    throw error;
  }
}

async function markFilled(db: Queryable, fill: Fill, fixingId: string, now: Date) {
  await db.query(
    `update client_price_orders set status = 'filled', filled_price = $2, filled_trade_date = $3, filled_at = $4,
            fixing_id = $5 where id = $1`,
    [fill.orderId, fill.price, fill.tradeDate, now, fixingId],
  );
}

async function recordOutcome(
  hook: Pick<HookContext, 'db' | 'actor' | 'now'>,
  id: string,
  to: string,
  comment: string,
) {
  await recordStep(hook, 'clientPriceOrder', id, {
    action: to === 'filled' ? 'fill' : 'reject',
    from: 'pending',
    to,
    comment,
  });
}

/** A new order: checked against its contract, numbered, and — a market order — filled at once. */
async function placeOrder(hook: HookContext, id: string, record: Record<string, unknown>) {
  const contractId = String(record.contractId);
  const contract = await contractLink.contract(hook.db, contractId);
  if (!contract) throw new FieldErrors({ contractId: '合同不存在或已被删除' });
  const month = contract.futuresMonth;
  const problems: Record<string, string> = {};
  const refusal = contractLink.orderRefusal(contract);
  if (refusal) problems.contractId = refusal;
  const validUntil = String(record.validUntil);
  if (validUntil < hook.today) problems.validUntil = `有效期不能早于今天 ${hook.today}`;
  const kind = String(record.kind) as OrderKind;
  const limitPrice = given(record.limitPrice);
  // A month listed and still trading today, and a limit the exchange would trade it at today (tick, band).
  if (month && !refusal) {
    const closed = await monthTradingRefusal(hook.db, month, hook.today);
    if (closed) problems.contractId = closed;
    else if (kind === 'limit' && limitPrice) {
      const wrong = await exchangePriceRefusal(hook.db, {
        month,
        day: hook.today,
        price: limitPrice,
        what: '限价',
      });
      if (wrong) problems.limitPrice = wrong;
    }
  }
  const tonnage = new Decimal(String(record.tonnage));
  if (!refusal) {
    const held = await heldByOtherOrders(hook.db, contractId, id, hook.today);
    const free = Decimal.max(0, new Decimal(contract.openTonnage).minus(held));
    if (tonnage.greaterThan(free))
      problems.tonnage = `挂单吨数 ${tonnage.toString()} 超过可挂吨数 ${free.toString()}（未点价 ${new Decimal(contract.openTonnage).toString()} 吨，其他挂单 ${new Decimal(held).toString()} 吨）`;
  }
  if (Object.keys(problems).length > 0 || !month) throw new FieldErrors(problems);
  await hook.db.query(
    `update client_price_orders
        set order_no = 'GD' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0'), partner_id = $3,
            futures_month = $4, pricing_party = $5, limit_price = case when kind = 'limit' then limit_price end,
            placed_on = $2, placed_at = $6, placed_by = $7
      where id = $1`,
    [id, hook.today, contract.partnerId, month, contract.pricingParty, hook.now, hook.actor.userId],
  );
  const latest = await latestPrice(hook.db, month, hook.today);
  if (kind === 'market' && !latest)
    throw new FieldErrors({ kind: `${month} 还没有录入行情，市价单无法成交，请改用限价单` });
  // Past the settings' limits the order waits for the sales manager's approval (SpecOrderCheck).
  const reasons = orderCheckReasons({
    kind,
    tonnage: tonnage.toString(),
    limitPrice: limitPrice ?? null,
    marketPrice: latest?.lastPrice ?? null,
    tonnageLimit: await settingOn(hook.db, 'clientOrderCheckTonnes', hook.today),
    offMarketPercent: await settingOn(hook.db, 'clientOrderOffMarketPercent', hook.today),
  });
  if (reasons.length > 0) {
    await hook.db.query(
      `update client_price_orders set status = 'checking', check_reasons = $2 where id = $1`,
      [id, reasons.join('；')],
    );
    return;
  }
  if (kind === 'market') await fillMarketOrder(hook, id, contractId, tonnage.toString(), month);
}

/** A market order fills at once at the month's latest price; refused (400, nothing written) when it cannot. */
async function fillMarketOrder(
  hook: HookContext,
  id: string,
  contractId: string,
  tonnage: string,
  month: string,
) {
  const latest = await latestPrice(hook.db, month, hook.today);
  if (!latest) throw badRequest(`${month} 还没有录入行情，市价单无法成交`);
  const fill: Fill = {
    orderId: id,
    contractId,
    tonnage,
    price: latest.lastPrice,
    tradeDate: latest.tradeDate,
  };
  const fixed = await fixFor(hook, fill);
  if (!fixed.ok) throw badRequest(`市价单未能成交：${fixed.reason}`);
  await markFilled(hook.db, fill, fixed.fixingId, hook.now);
  // The day's last price now has a fixing resting on it: it stays as it is (its settlement may still come).
  await hook.db.query(
    `update futures_prices set fixings_made = fixings_made + 1 where trade_date = $1::date and futures_month = $2`,
    [latest.tradeDate, month],
  );
  await recordOutcome(
    hook,
    id,
    'filled',
    `市价成交 ${fill.tonnage} 吨 @ ${latest.lastPrice}（${latest.tradeDate} 最新价）`,
  );
}

interface OrderRow {
  id: string;
  orderNo: string;
  contractId: string;
  partnerId: string | null;
  kind: OrderKind;
  tonnage: string;
  futuresMonth: string;
  placedBy: string | null;
  status: string;
}

async function orderRow(db: Queryable, id: string): Promise<OrderRow> {
  const [row] = await db.query<OrderRow>(
    `select id::text, order_no as "orderNo", contract_id::text as "contractId", partner_id::text as "partnerId", kind,
            tonnage::text, futures_month as "futuresMonth", placed_by::text as "placedBy", ${ORDER_STATE} as status
       from client_price_orders t where id = $1`,
    [id],
  );
  if (!row) throw badRequest('挂单不存在或已被删除');
  return row;
}

/**
 * The sales manager's decision on a checked order (never on one's own: the engine's four eyes); approved, a limit order waits
 * for the market and a market order fills at once (refused, nothing changed, when it cannot fill); rejected,
 * the order says why.
 */
async function decideCheckedOrder(hook: HookContext, id: string, action: string) {
  const order = await orderRow(hook.db, id);
  if (action === 'approve' && order.kind === 'market')
    await fillMarketOrder(hook, id, order.contractId, order.tonnage, order.futuresMonth);
  if (action === 'reject') {
    const [said] = await hook.db.query<{ comment: string | null }>(
      `select comment from document_history where resource_key = 'clientPriceOrder' and record_id = $1
        and action = 'reject' order by id desc limit 1`,
      [id],
    );
    await hook.db.query(`update client_price_orders set reason = $2 where id = $1`, [
      id,
      `审批驳回：${said?.comment ?? ''}`,
    ]);
  }
}

/** A request to cancel the order, for the sales manager to approve (one open request per order). */
const requestCancel: CommandService<{ reason: string }> = async (context) => {
  const order = await orderRow(context.db, String(context.record!.id));
  const [open] = await context.db.query(
    `select 1 from client_order_revocations where order_id = $1 and status = 'submitted'`,
    [order.id],
  );
  if (open) throw badRequest(`挂单 ${order.orderNo} 已有待审批的撤单申请`);
  await context.db.query(
    `insert into client_order_revocations (order_id, partner_id, reason, status, requested_by, requested_at)
     values ($1, $2, $3, 'submitted', $4, $5)`,
    [order.id, order.partnerId, context.input.reason, context.actor.userId, context.now],
  );
  return { summary: `申请撤销挂单 ${order.orderNo}：${context.input.reason}` };
};

/**
 * The sales manager approves a request to cancel: the order is cancelled (refused, nothing changed, when
 * it is no longer waiting); a rejection leaves the order as it is.
 */
export const revocationStorage: ResourceStorage = {
  table: 'client_order_revocations',
  clientScope: 'partner_id',
  submittedBy: 't.requested_by',
  columns: {
    contractId: { read: '(select o.contract_id from client_price_orders o where o.id = t.order_id)' },
    orderKind: { read: '(select o.kind from client_price_orders o where o.id = t.order_id)' },
    tonnage: { read: '(select o.tonnage from client_price_orders o where o.id = t.order_id)' },
    limitPrice: { read: '(select o.limit_price from client_price_orders o where o.id = t.order_id)' },
    orderStatus: {
      read: `(select ${ORDER_STATE.replaceAll('t.', 'o.')} from client_price_orders o where o.id = t.order_id)`,
    },
  },
  afterTransition: async (hook, id, action) => {
    if (action !== 'approve') return {};
    const [request] = await hook.db.query<{ orderId: string; reason: string; requestedBy: string | null }>(
      `select order_id::text as "orderId", reason, requested_by::text as "requestedBy"
         from client_order_revocations where id = $1`,
      [id],
    );
    await hook.db.query('select id from client_price_orders where id = $1 for update', [request!.orderId]);
    const order = await orderRow(hook.db, request!.orderId);
    if (!['pending', 'checking'].includes(order.status))
      throw badRequest(`挂单 ${order.orderNo} 已不在等待成交（当前状态：${order.status}），不能撤销`);
    await hook.db.query(`update client_price_orders set status = 'cancelled', reason = $2 where id = $1`, [
      order.id,
      `撤单申请获批：${request!.reason}`,
    ]);
    await recordStep(hook, 'clientPriceOrder', order.id, {
      action: 'cancel',
      from: order.status,
      to: 'cancelled',
      comment: `撤单申请获批：${request!.reason}`,
    });
    return {};
  },
};

export const clientOrderStorage: ResourceStorage = {
  table: 'client_price_orders',
  // A salesperson bound to their own clients sees and places only their clients' orders.
  clientScope: 'partner_id',
  submittedBy: 't.placed_by',
  columns: {
    orderNo: { read: 't.order_no' },
    partnerId: { read: 't.partner_id' },
    futuresMonth: { read: 't.futures_month' },
    pricingParty: { read: 't.pricing_party' },
    placedAt: { read: 't.placed_at' },
    placedBy: { read: 't.placed_by' },
    status: { read: ORDER_STATE, write: 'status' },
  },
  // An order is never edited (cancel it and place another): the contract is locked so that orders placed
  // on it at once are checked one after the other against what is open.
  lockFirst: async (db, id, record) => {
    if (id && record) throw badRequest('挂单不能修改，请撤单后重新挂单');
    const contractId = given(record?.contractId);
    if (contractId && /^\d{1,18}$/.test(contractId)) await contractLink.lock(db, contractId);
  },
  saveExtra: placeOrder,
  commands: { requestCancel } as ResourceStorage['commands'],
  afterTransition: async (hook, id, action) => {
    if (action === 'approve' || action === 'reject') await decideCheckedOrder(hook, id, action);
    if (action === 'cancel')
      await hook.db.query(`update client_price_orders set reason = coalesce(reason, '撤单') where id = $1`, [
        id,
      ]);
    return {};
  },
};

export interface EnteredPrice {
  tradeDate: string;
  futuresMonth: string;
  lastPrice: string;
  settlementPrice: string | null;
}

/**
 * The limit orders a day's price of their month fills (placed on or before that day, valid through it), in
 * the order they were placed: each fixed at its limit, or rejected with why the fixing was refused.
 */
export async function fillOrdersAt(
  hook: HookContext,
  price: EnteredPrice,
): Promise<{ filled: number; rejected: number }> {
  const waiting = await hook.db.query<{
    id: string;
    orderNo: string;
    contractId: string;
    tonnage: string;
    limitPrice: string;
    party: PricingParty;
  }>(
    `select id::text, order_no as "orderNo", contract_id::text as "contractId", tonnage::text,
            limit_price::text as "limitPrice", pricing_party as party
       from client_price_orders
      where status = 'pending' and kind = 'limit' and futures_month = $1
        and placed_on <= $2::date and valid_until >= $2::date
      order by placed_at, client_price_orders.id for update`,
    [price.futuresMonth, price.tradeDate],
  );
  const prices = [price.lastPrice, price.settlementPrice].filter((p): p is string => Boolean(p));
  let filled = 0;
  let rejected = 0;
  for (const order of waiting) {
    const at = prices
      .map((p) => fillPrice({ kind: 'limit', limitPrice: order.limitPrice, party: order.party }, p))
      .find(Boolean);
    if (!at) continue;
    const fill: Fill = {
      orderId: order.id,
      contractId: order.contractId,
      tonnage: order.tonnage,
      price: at,
      tradeDate: price.tradeDate,
    };
    const fixed = await fixFor(hook, fill);
    if (fixed.ok) {
      await markFilled(hook.db, fill, fixed.fixingId, hook.now);
      await recordOutcome(
        hook,
        order.id,
        'filled',
        `限价成交 ${new Decimal(order.tonnage).toString()} 吨 @ ${at}（${price.tradeDate} 行情）`,
      );
      filled += 1;
    } else {
      await hook.db.query(`update client_price_orders set status = 'rejected', reason = $2 where id = $1`, [
        order.id,
        fixed.reason,
      ]);
      await recordOutcome(hook, order.id, 'rejected', `行情达到限价但点价被拒绝：${fixed.reason}`);
      rejected += 1;
    }
  }
  return { filled, rejected };
}

/**
 * What an entered price sets off: the limit orders it fills, and — a settlement — the forced fixing of the
 * month's contracts whose deadline has come. Saving the day again sets off nothing new: what was filled or
 * forced is no longer pending or open. The price row counts the fixings made at it (its prices then stay).
 */
export async function priceEntered(hook: HookContext, price: EnteredPrice): Promise<string[]> {
  const said: string[] = [];
  const orders = await fillOrdersAt(hook, price);
  if (orders.filled > 0) said.push(`成交挂单 ${orders.filled} 笔`);
  if (orders.rejected > 0) said.push(`拒绝挂单 ${orders.rejected} 笔`);
  let made = orders.filled;
  if (price.settlementPrice) {
    const forced = await contractLink.forceFix(hook, {
      futuresMonth: price.futuresMonth,
      day: price.tradeDate,
      settlementPrice: price.settlementPrice,
    });
    if (forced > 0) said.push(`强制点价合同 ${forced} 份`);
    made += forced;
  }
  if (made > 0)
    await hook.db.query(
      `update futures_prices set fixings_made = fixings_made + $3 where trade_date = $1::date and futures_month = $2`,
      [price.tradeDate, price.futuresMonth, made],
    );
  return said;
}
