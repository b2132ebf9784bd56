// Rolls (移仓) and transfers (移盘) of futures positions on the server: the rules are src/domain/rolls.ts
// (planRoll, planTransfer); the trades are booked through insertTrade (close-out and book limits checked,
// the target book's for a transfer) and the linked basis contracts rolled through the contracts area's
// rollContract (a version of kind roll, price-neutral), all in the command's one transaction: a refusal
// anywhere leaves nothing changed.

import Decimal from 'decimal.js';
import {
  futuresMonth,
  isProblem,
  matchFifo,
  openPositionByMonth,
  type PositionSide,
  planRoll,
  planTransfer,
  type RollContract,
  rollMonthsProblem,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { exchangePriceRefusal, lotTonnesOn } from '../../platform/exchange.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { recordStep } from '../../platform/resources/history.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type {
  CommandService,
  HookContext,
  ResourceStorage,
  StoredRecord,
} from '../../platform/resources/storage.ts';
import { rollContract } from '../contracts/index.ts';
import { latestPrice } from '../pricing/index.ts';
import { type Book, bookTrades, insertTrade, POSITION_TOPICS } from './trades.ts';

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/** The month fields of a record in the market writing (CF605 → CF2605), read against its trade day. */
function normaliseMonths(record: Record<string, unknown> | undefined, fields: readonly string[]) {
  const time = given(record?.tradedAt);
  if (!record || !time) return;
  for (const field of fields) {
    const month = futuresMonth(String(record[field] ?? ''), time.slice(0, 10));
    if (month) record[field] = month.code;
  }
}

interface Account {
  id: string;
  accountNo: string;
  book: Book;
}

async function accountOf(db: Queryable, id: string): Promise<Account | undefined> {
  const [account] = await db.query<Account>(
    'select id::text, account_no as "accountNo", book from futures_accounts where id = $1',
    [id],
  );
  return account;
}

/** Open lots of one side of a book's month (FIFO), and the realised P&L of the lots a trade closed. */
async function bookPosition(db: Queryable, book: Book, month: string, day: string) {
  const matching = matchFifo(await bookTrades(db, book, month), await lotTonnesOn(db, day));
  if (isProblem(matching)) throw badRequest(matching.message);
  const [position] = openPositionByMonth(matching.open);
  return {
    lotsOf: (side: PositionSide) => (side === 'buy' ? position?.longLots : position?.shortLots) ?? 0,
    longLots: position?.longLots ?? 0,
    shortLots: position?.shortLots ?? 0,
    realisedBy: (tradeId: string) =>
      matching.closeOuts
        .filter((close) => close.closeTradeId === tradeId)
        .reduce((sum, close) => sum.plus(close.realisedPnl), new Decimal(0))
        .toFixed(2),
  };
}

/** One book's accounts locked at a time, in book order: trades of a book are checked one after the other. */
async function lockBooks(db: Queryable, books: readonly Book[]) {
  for (const book of [...new Set(books)].sort())
    await db.query('select id from futures_accounts where book = $1 order by id for update', [book]);
}

/** Numbers a new record and names its author: `<prefix><day><id>`. */
async function numbered(hook: HookContext, table: string, column: string, prefix: string, id: string) {
  await hook.db.query(
    `update ${table} set ${column} = coalesce(${column}, $2 || to_char($3::date, 'YYYYMMDD') || lpad(id::text, 5, '0')),
            created_by = coalesce(created_by, $4) where id = $1`,
    [id, prefix, hook.today, hook.actor.userId],
  );
}

// ——— rolls ———

interface RollRow {
  rollNo: string;
  accountId: string;
  side: PositionSide;
  fromMonth: string;
  toMonth: string;
  lots: number;
  fromPrice: string;
  toPrice: string;
  fee: string;
  contractIds: string[];
}

/** Save of a roll: the book is its account's; the months, if equal, are refused on the spot. */
async function saveRoll(hook: HookContext, id: string, record: StoredRecord) {
  const account = await accountOf(hook.db, String(record.accountId));
  if (!account) throw new FieldErrors({ accountId: '期货账户不存在' });
  if (record.fromMonth === record.toMonth)
    throw new FieldErrors({ toMonth: `移入月份与移出月份相同（${String(record.fromMonth)}）` });
  await hook.db.query('update futures_rolls set book = $2 where id = $1', [id, account.book]);
  await numbered(hook, 'futures_rolls', 'roll_no', 'YC', id);
}

/** The linked contracts, locked (every writer of a contract locks it first), as the roll reads them. */
async function linkedContracts(db: Queryable, ids: readonly string[]): Promise<RollContract[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<RollContract & { status: string }>(
    `select id::text, contract_no as "contractNo", kind, futures_month as "futuresMonth", basis::text,
            quality_premium::text as "qualityPremium", tonnage::text, coalesce(fixed_tonnage, 0)::text as "fixedTonnage",
            status
       from transaction_contracts where id = any($1::bigint[]) order by transaction_contracts.id for update`,
    [ids],
  );
  if (rows.length !== new Set(ids).size) throw badRequest('移仓未执行：关联的合同不存在或已被删除');
  const closed = rows.find((row) => !['approved', 'executing'].includes(row.status));
  if (closed) throw badRequest(`移仓未执行：合同 ${closed.contractNo} 未审批或已结束，不能移月`);
  // In the order the trader named them.
  return ids.map((id) => rows.find((row) => row.id === String(id))!);
}

/**
 * A roll moves a position into a later month, both trading on the roll's day, at prices the exchange would
 * trade each month at that day (tick, limit band): issue 21.
 */
async function rollPricesRefusal(db: Queryable, roll: RollRow, day: string): Promise<string | undefined> {
  const from = futuresMonth(roll.fromMonth, day);
  const to = futuresMonth(roll.toMonth, day);
  if (!from || !to) return undefined;
  const backwards = rollMonthsProblem(from, to);
  if (backwards) return backwards.message;
  for (const leg of [
    { month: from.code, price: roll.fromPrice, what: '移出价' },
    { month: to.code, price: roll.toPrice, what: '移入价' },
  ]) {
    const refusal = await exchangePriceRefusal(db, { ...leg, day });
    if (refusal) return refusal;
  }
  return undefined;
}

const sideWord = (side: PositionSide) => (side === 'buy' ? '买入' : '卖出');

/**
 * The roll command: the close in the from month, the open in the to month (both through the trade booking,
 * book limits checked) and each linked contract rolled price-neutrally, in one transaction.
 */
export const rollService: CommandService = async (context) => {
  const { db } = context;
  const id = String(context.record!.id);
  const [roll] = await db.query<RollRow>(
    `select roll_no as "rollNo", account_id::text as "accountId", side, from_month as "fromMonth",
            to_month as "toMonth", lots, from_price::text as "fromPrice", to_price::text as "toPrice", fee::text,
            contract_ids::text[] as "contractIds"
       from futures_rolls where id = $1`,
    [id],
  );
  if (!roll) throw badRequest('移仓记录不存在或已被删除');
  const account = await accountOf(db, roll.accountId);
  if (!account) throw badRequest('期货账户不存在');
  const tradeDate = String(context.record!.tradedAt).slice(0, 10);
  const refusal = await rollPricesRefusal(db, roll, tradeDate);
  if (refusal) throw badRequest(`移仓未执行：${refusal}`);
  await lockBooks(db, [account.book]);
  const before = await bookPosition(db, account.book, roll.fromMonth, tradeDate);
  const contracts = await linkedContracts(db, roll.contractIds ?? []);
  const plan = planRoll({
    fromMonth: roll.fromMonth,
    toMonth: roll.toMonth,
    side: roll.side,
    lots: roll.lots,
    fromPrice: roll.fromPrice,
    toPrice: roll.toPrice,
    openLots: before.lotsOf(roll.side),
    contracts,
    lotTonnes: await lotTonnesOn(db, tradeDate),
  });
  if (isProblem(plan)) throw badRequest(`移仓未执行：${plan.message}`);
  const leg = (which: typeof plan.closeLeg, fee: string) =>
    insertTrade(context, {
      accountId: account.id,
      book: account.book,
      futuresMonth: which.month,
      side: which.side,
      effect: which.effect,
      lots: which.lots,
      price: which.price,
      fee,
      // The time as the record shows it (its wire value), written back the way a saved trade's is.
      tradedAt: String(context.record!.tradedAt),
    });
  const close = await leg(plan.closeLeg, roll.fee);
  const open = await leg(plan.openLeg, '0');
  const realisedPnl = (await bookPosition(db, account.book, roll.fromMonth, tradeDate)).realisedBy(close.id);
  for (const contract of plan.contracts) {
    const rolled = await rollContract(context, {
      contractId: contract.id,
      newMonth: roll.toMonth,
      oldMonthPrice: roll.fromPrice,
      newMonthPrice: roll.toPrice,
      tradeDate,
    });
    if (rolled.basis !== contract.newBasis)
      throw new Error(`Roll of ${contract.contractNo} is not price-neutral`);
    const [state] = await db.query<{ status: string }>(
      'select status from transaction_contracts where id = $1',
      [contract.id],
    );
    await recordStep({ ...context, db }, 'transactionContract', contract.id, {
      action: 'roll',
      from: state!.status,
      to: state!.status,
      comment: `${rolled.summary}（移仓 ${roll.rollNo}）`,
    });
  }
  const outcome = plan.contracts
    .map(
      (c) =>
        `${c.contractNo} · ${new Decimal(c.tonnage).toString()} t · ${c.oldBasis} → ${c.newBasis} · ` +
        `${c.unitPriceBefore} = ${c.unitPriceAfter}`,
    )
    .join('\n');
  await db.query(
    `update futures_rolls set close_trade_id = $2, open_trade_id = $3, realised_pnl = $4, contract_outcome = $5
      where id = $1`,
    [id, close.id, open.id, realisedPnl, outcome || null],
  );
  await publishChange(db, context.channel, ['pending/moveWarehouse']);
  return {
    toState: 'done',
    summary:
      `移仓 ${roll.rollNo}：${sideWord(plan.closeLeg.side)}平仓 ${roll.fromMonth} ${roll.lots} 手 @ ${plan.closeLeg.price}` +
      `（${close.tradeNo}，平仓盈亏 ${realisedPnl}），${sideWord(plan.openLeg.side)}开仓 ${roll.toMonth} ${roll.lots} 手 @ ` +
      `${plan.openLeg.price}（${open.tradeNo}）` +
      (plan.contracts.length > 0
        ? `，合同随仓移月 ${plan.contracts.map((c) => c.contractNo).join('、')}`
        : ''),
    data: {
      closeMonth: plan.closeLeg.month,
      closeSide: plan.closeLeg.side,
      closeLots: plan.closeLeg.lots,
      closePrice: plan.closeLeg.price,
      realisedPnl,
      openMonth: plan.openLeg.month,
      openSide: plan.openLeg.side,
      openLots: plan.openLeg.lots,
      openPrice: plan.openLeg.price,
      contractTonnage: plan.contractTonnage,
      contracts: outcome,
      rolled: plan.contracts,
      closeTradeNo: close.tradeNo,
      openTradeNo: open.tradeNo,
    },
  };
};

const readOnly = (column: string) => ({ read: `t.${column}` });

export const futuresRollStorage: ResourceStorage = {
  table: 'futures_rolls',
  clientScope: {
    names: 'array(select c.partner_id from transaction_contracts c where c.id = any(t.contract_ids))',
  },
  columns: {
    rollNo: readOnly('roll_no'),
    book: readOnly('book'),
    contractIds: { read: 't.contract_ids', write: 'contract_ids', encode: (value) => value ?? [] },
    closeTradeId: readOnly('close_trade_id'),
    openTradeId: readOnly('open_trade_id'),
    realisedPnl: readOnly('realised_pnl'),
    contractOutcome: readOnly('contract_outcome'),
    createdBy: readOnly('created_by'),
  },
  lockFirst: async (_db, _id, record) => normaliseMonths(record, ['fromMonth', 'toMonth']),
  saveExtra: saveRoll,
  commands: { roll: rollService },
};

// ——— transfers ———

interface TransferRow {
  transferNo: string;
  sourceAccountId: string;
  targetAccountId: string;
  month: string;
  side: PositionSide;
  lots: number;
  price: string;
}

async function saveTransfer(hook: HookContext, id: string, record: StoredRecord) {
  if (String(record.sourceAccountId) === String(record.targetAccountId))
    throw new FieldErrors({ targetAccountId: '转入账户与转出账户相同，请选择另一个账户' });
  await numbered(hook, 'futures_transfers', 'transfer_no', 'YP', id);
}

/**
 * The transfer command: a close on the source account and an open on the target one, same month, side and
 * lots at the stated price, in one transaction; the target book's limit is checked by its trade.
 */
export const transferService: CommandService = async (context) => {
  const { db } = context;
  const id = String(context.record!.id);
  const [transfer] = await db.query<TransferRow>(
    `select transfer_no as "transferNo", source_account_id::text as "sourceAccountId",
            target_account_id::text as "targetAccountId", futures_month as month, side, lots, price::text
       from futures_transfers where id = $1`,
    [id],
  );
  if (!transfer) throw badRequest('移盘记录不存在或已被删除');
  const source = await accountOf(db, transfer.sourceAccountId);
  const target = await accountOf(db, transfer.targetAccountId);
  if (!source || !target) throw badRequest('期货账户不存在');
  await lockBooks(db, [source.book, target.book]);
  const before = await bookPosition(db, source.book, transfer.month, context.today);
  const plan = planTransfer({
    month: transfer.month,
    side: transfer.side,
    lots: transfer.lots,
    price: transfer.price,
    openLots: before.lotsOf(transfer.side),
    sourceAccount: source.id,
    targetAccount: target.id,
  });
  if (isProblem(plan)) throw badRequest(`移盘未执行：${plan.message}`);
  const leg = (account: Account, which: typeof plan.closeLeg) =>
    insertTrade(context, {
      accountId: account.id,
      book: account.book,
      futuresMonth: which.month,
      side: which.side,
      effect: which.effect,
      lots: which.lots,
      price: which.price,
      fee: '0',
      tradedAt: String(context.record!.tradedAt),
    });
  const close = await leg(source, plan.closeLeg);
  const open = await leg(target, plan.openLeg);
  const realisedPnl = (await bookPosition(db, source.book, transfer.month, context.today)).realisedBy(
    close.id,
  );
  const after = await bookPosition(db, target.book, transfer.month, context.today);
  await db.query(
    `update futures_transfers set close_trade_id = $2, open_trade_id = $3, realised_pnl = $4 where id = $1`,
    [id, close.id, open.id, realisedPnl],
  );
  await publishChange(db, context.channel, ['pending/movePan', ...POSITION_TOPICS]);
  return {
    toState: 'done',
    summary:
      `移盘 ${transfer.transferNo}：${source.accountNo} ${sideWord(plan.closeLeg.side)}平仓 ${transfer.month} ` +
      `${transfer.lots} 手（${close.tradeNo}，平仓盈亏 ${realisedPnl}）→ ${target.accountNo} ` +
      `${sideWord(plan.openLeg.side)}开仓（${open.tradeNo}）@ ${plan.openLeg.price}`,
    data: {
      month: transfer.month,
      closeSide: plan.closeLeg.side,
      openSide: plan.openLeg.side,
      lots: transfer.lots,
      price: plan.openLeg.price,
      realisedPnl,
      targetLongLots: after.longLots,
      targetShortLots: after.shortLots,
      closeTradeNo: close.tradeNo,
      openTradeNo: open.tradeNo,
    },
  };
};

export const futuresTransferStorage: ResourceStorage = {
  table: 'futures_transfers',
  columns: {
    transferNo: readOnly('transfer_no'),
    closeTradeId: readOnly('close_trade_id'),
    openTradeId: readOnly('open_trade_id'),
    realisedPnl: readOnly('realised_pnl'),
    createdBy: readOnly('created_by'),
  },
  lockFirst: async (_db, _id, record) => normaliseMonths(record, ['futuresMonth']),
  saveExtra: saveTransfer,
  commands: { transfer: transferService },
};

// ——— demo ———

/** A command's context for the demo seed: no messages to send. */
const demoContext = (hook: HookContext, record: StoredRecord) => ({
  ...hook,
  record,
  input: {},
  notify: async () => {},
  preview: false,
});

/**
 * The demo's roll and transfer, done as the desk would: 5 short lots of the hedge book's nearest priced month
 * rolled into the next (an unpriced basis contract of that month rolled with them when one of at most 25 t
 * exists), then 2 short lots of the next month transferred to the speculation account at its price.
 */
export async function rollsDemo(
  hook: HookContext,
  demo: { hedgeAccount: string; speculationAccount: string; prices: ReadonlyMap<string, string> },
): Promise<void> {
  const [from] = [...demo.prices.keys()].sort();
  if (!from) return;
  // The next month with a price: the one the desk rolls into.
  const [next] = await hook.db.query<{ month: string }>(
    `select futures_month as month from futures_prices where futures_month > $1 and trade_date <= $2::date
      order by futures_month limit 1`,
    [from, hook.today],
  );
  const latest = next && (await latestPrice(hook.db, next.month, hook.today));
  if (!next || !latest) return;
  const to = next.month;
  const prices = new Map(demo.prices).set(to, latest.settlementPrice ?? latest.lastPrice);
  const tradedAt = `${hook.today} 13:45:00`;
  const [contract] = await hook.db.query<{ id: string }>(
    `select id::text from transaction_contracts
      where futures_month = $1 and kind in ('basis', 'deferred') and status in ('approved', 'executing')
        and coalesce(fixed_tonnage, 0) = 0 and tonnage <= 25 and basis is not null
      order by transaction_contracts.id limit 1`,
    [from],
  );
  const [roll] = await hook.db.query<{ id: string }>(
    `insert into futures_rolls (account_id, side, from_month, to_month, lots, from_price, to_price, fee, traded_at,
        contract_ids, remark)
     values ($1, 'sell', $2, $3, 5, $4, $5, 25, $6, $7, '近月空头移至下一合约') returning id::text`,
    [demo.hedgeAccount, from, to, prices.get(from), prices.get(to), tradedAt, contract ? [contract.id] : []],
  );
  await saveRoll(hook, roll!.id, { accountId: demo.hedgeAccount, fromMonth: from, toMonth: to });
  const rolled = await rollService(demoContext(hook, { id: roll!.id, tradedAt }));
  await hook.db.query(`update futures_rolls set status = $2 where id = $1`, [roll!.id, rolled.toState]);
  const [transfer] = await hook.db.query<{ id: string }>(
    `insert into futures_transfers (source_account_id, target_account_id, futures_month, side, lots, price,
        traded_at, remark)
     values ($1, $2, $3, 'sell', 2, $4, $5, '套保空头转投机账簿') returning id::text`,
    [demo.hedgeAccount, demo.speculationAccount, to, prices.get(to), `${hook.today} 14:05:00`],
  );
  await saveTransfer(hook, transfer!.id, {
    sourceAccountId: demo.hedgeAccount,
    targetAccountId: demo.speculationAccount,
  });
  const moved = await transferService(
    demoContext(hook, { id: transfer!.id, tradedAt: `${hook.today} 14:05:00` }),
  );
  await hook.db.query(`update futures_transfers set status = $2 where id = $1`, [
    transfer!.id,
    moved.toState,
  ]);
}
