// Hedging: futures accounts (broker, account, team, book), the CF trades booked on them, and the hedge
// orders the contracts' fixings create (a sale fixing → buy, a purchase fixing → sell, whole lots of the
// tails pooled per month and direction; src/domain/positions.ts). A hedge book and a speculation book are
// kept apart, each with its lot limit per month (settings hedgeBookLotLimit, speculationBookLotLimit).

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineInput, defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { futuresMonthField } from '../fields.ts';

const bookField = { type: 'enum', dictionary: 'futuresBook', rules: [{ kind: 'required' }] } as const;
const sideField = { type: 'enum', dictionary: 'futuresTradeSide', rules: [{ kind: 'required' }] } as const;

/** A futures account at a broker, in one book (hedge or speculation), of a team. */
export const futuresAccount = defineResource({
  key: 'futuresAccount',
  area: 'pending',
  resource: 'FuturesAccount',
  title: 'hedging:route.FuturesAccount',
  titleField: 'accountNo',
  fields: {
    accountNo: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 40 }] },
    brokerId: { type: 'partner', rules: [{ kind: 'required' }] },
    team: { type: 'text', rules: [{ kind: 'maxLength', value: 60 }] },
    book: bookField,
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['accountNo', 'brokerId', 'team', 'book', 'remark'],
    filters: ['accountNo', 'brokerId', 'book'],
    defaultSort: { field: 'accountNo', order: 'asc' },
  },
  form: { fields: ['accountNo', 'brokerId', 'team', 'book', 'remark'] },
  permissions: crudPermissions,
});

/**
 * A CF trade on an account: month (either writing, stored CF2605), buy/sell, open/close, lots, price on the
 * tick, fee and time. Refused (400, nothing booked) when its book is not the account's, when a close is
 * larger than the position it closes, or when the book's open lots of the month would pass its limit.
 */
export const futuresTrade = defineResource({
  key: 'futuresTrade',
  area: 'pending',
  resource: 'OrderTrade',
  title: 'hedging:route.OrderTrade',
  titleField: 'tradeNo',
  fields: {
    tradeNo: { type: 'text', readOnly: true },
    accountId: { type: 'reference', resource: 'futuresAccount', rules: [{ kind: 'required' }] },
    book: bookField,
    futuresMonth: futuresMonthField,
    side: sideField,
    effect: { type: 'enum', dictionary: 'futuresTradeEffect', rules: [{ kind: 'required' }] },
    lots: {
      type: 'integer',
      rules: [{ kind: 'required' }, { kind: 'min', value: 1 }, { kind: 'max', value: 100000 }],
    },
    price: { type: 'money', rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }] },
    fee: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
    /** The broker's commission, apart from the exchange fee (issue 21: realised P&L is shown net of both). */
    commission: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
    tradedAt: { type: 'datetime', rules: [{ kind: 'required' }] },
    fixingId: { type: 'text', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    // Where the trade came from, the statement number that confirmed it, its account's team, and (a close)
    // its realised P&L by the close-out method (statements.ts).
    source: { type: 'enum', dictionary: 'futuresTradeSource', readOnly: true },
    statementNo: { type: 'text', readOnly: true },
    team: { type: 'text', readOnly: true },
    realisedPnl: { type: 'money', readOnly: true },
    // Lots set by hand against contracts or the inventory (TradeAllocation).
    allocatedLots: { type: 'integer', readOnly: true },
  },
  list: {
    columns: [
      'tradeNo',
      'tradedAt',
      'accountId',
      'book',
      'futuresMonth',
      'side',
      'effect',
      'lots',
      'price',
      'fee',
      'commission',
      'fixingId',
      'realisedPnl',
      { field: 'remark', hiddenByDefault: true },
      { field: 'source', hiddenByDefault: true },
      { field: 'statementNo', hiddenByDefault: true },
      { field: 'team', hiddenByDefault: true },
      { field: 'allocatedLots', hiddenByDefault: true },
    ],
    filters: [
      'tradeNo',
      'accountId',
      'book',
      { field: 'futuresMonth', op: 'eq' },
      'side',
      'effect',
      'tradedAt',
      'team',
      'source',
    ],
    defaultSort: { field: 'tradedAt', order: 'desc' },
    totals: ['lots', 'fee', 'commission', 'realisedPnl'],
  },
  form: {
    fields: [
      'accountId',
      'book',
      'futuresMonth',
      'side',
      'effect',
      'lots',
      'price',
      'fee',
      'commission',
      'tradedAt',
      'remark',
    ],
  },
  permissions: crudPermissions,
});

/** What filling a hedge order books: the account, the price and time done, the fee. */
export const hedgeFill = defineInput({
  key: 'hedgeFill',
  title: 'hedging:route.hedge',
  fields: {
    accountId: { type: 'reference', resource: 'futuresAccount', rules: [{ kind: 'required' }] },
    price: { type: 'money', rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }] },
    tradedAt: { type: 'datetime', rules: [{ kind: 'required' }] },
    fee: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
  },
});

/** Nothing to enter: the command works over every fixing without a hedge order. */
export const hedgeGenerate = defineInput({
  key: 'hedgeGenerate',
  title: 'hedging:route.hedge',
  fields: { remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] } },
});

/**
 * A hedge order: the whole lots a fixing completes with the tails pooled before it (same month and
 * direction), to buy (sale fixings) or sell (purchase fixings). Open until filled (a trade booked, the
 * fixings it covers linked to it) or cancelled.
 */
export const hedgeOrder = defineResource({
  key: 'hedgeOrder',
  area: 'pending',
  resource: 'hedge',
  title: 'hedging:route.hedge',
  titleField: 'orderNo',
  fields: {
    orderNo: { type: 'text', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    side: { type: 'enum', dictionary: 'futuresTradeSide', readOnly: true },
    lots: { type: 'integer', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    contractNos: { type: 'text', readOnly: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'hedgeOrderState', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
    tradeId: { type: 'reference', resource: 'futuresTrade', readOnly: true },
    filledPrice: { type: 'money', readOnly: true },
    filledAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'orderNo',
      'futuresMonth',
      'side',
      'lots',
      'tonnage',
      'contractNos',
      'status',
      'createdAt',
      'tradeId',
      'filledPrice',
      'filledAt',
    ],
    filters: ['orderNo', { field: 'futuresMonth', op: 'eq' }, 'side', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['lots'],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['orderNo', 'futuresMonth', 'side', 'lots', 'tonnage', 'contractNos', 'createdAt'],
      },
      { title: 'hedging:hedgeOrder.outcome', fields: ['status', 'tradeId', 'filledPrice', 'filledAt'] },
    ],
  },
  commands: {
    generate: { input: hedgeGenerate, permission: 'generate', target: 'resource' },
    fill: { input: hedgeFill, permission: 'fill', states: ['open'] },
  },
  workflow: {
    field: 'status',
    initial: 'open' as 'open' | 'filled' | 'cancelled',
    states: {
      open: 'hedging:state.open',
      filled: 'hedging:state.filled',
      cancelled: 'hedging:state.cancelled',
    },
    transitions: [
      {
        from: ['open'],
        to: 'cancelled',
        action: 'cancel',
        permission: 'cancel',
        comment: 'optional',
        danger: true,
      },
    ],
  },
  permissions: { view: 'view', export: 'export' },
});

/**
 * The open lots of each book and month (TradeTotal), read from the trades: long = bought to open − sold to
 * close, short = sold to open − bought to close. The screen's panel adds the FIFO averages, MTM and exposure.
 */
export const futuresPosition = defineResource({
  key: 'futuresPosition',
  area: 'pending',
  resource: 'TradeTotal',
  title: 'hedging:route.TradeTotal',
  titleField: 'futuresMonth',
  fields: {
    book: { type: 'enum', dictionary: 'futuresBook', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    longLots: { type: 'integer', readOnly: true },
    shortLots: { type: 'integer', readOnly: true },
    tradedLots: { type: 'integer', readOnly: true },
    fees: { type: 'money', readOnly: true },
  },
  list: {
    columns: ['book', 'futuresMonth', 'longLots', 'shortLots', 'tradedLots', 'fees'],
    filters: ['book', { field: 'futuresMonth', op: 'eq' }],
    defaultSort: { field: 'futuresMonth', order: 'asc' },
    totals: ['longLots', 'shortLots', 'tradedLots', 'fees'],
  },
  permissions: { view: 'view', export: 'export' },
});

/**
 * Lots of a trade set by hand against a contract or the inventory (a trade a hedge order's fill booked is
 * already its fixing's): never more than the trade's lots not yet allocated; undone by deleting it.
 */
export const futuresAllocation = defineResource({
  key: 'futuresAllocation',
  area: 'pending',
  resource: 'TradeAllocation',
  title: 'hedging:route.TradeAllocation',
  titleField: 'tradeId',
  fields: {
    tradeId: { type: 'reference', resource: 'futuresTrade', rules: [{ kind: 'required' }] },
    target: { type: 'enum', dictionary: 'futuresAllocationTarget', rules: [{ kind: 'required' }] },
    contractId: {
      type: 'reference',
      resource: 'transactionContract',
      rules: [requiredWhen((record) => record.target === 'contract')],
    },
    lots: {
      type: 'integer',
      rules: [{ kind: 'required' }, { kind: 'min', value: 1 }, { kind: 'max', value: 100000 }],
    },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['tradeId', 'futuresMonth', 'target', 'contractId', 'lots', 'remark', 'createdBy', 'createdAt'],
    filters: ['tradeId', 'contractId', 'target'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['lots'],
  },
  form: { fields: ['tradeId', 'target', 'contractId', 'lots', 'remark'] },
  permissions: { view: 'view', create: 'create', delete: 'delete', export: 'export' },
});

export const hedgingPart: AreaPart = {
  resources: [futuresAccount, futuresTrade, hedgeOrder, futuresPosition, futuresAllocation],
};
