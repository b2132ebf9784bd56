// The speculation desk (/speculation/): orders a trader places on a speculation account (month, buy/sell,
// open/close, lots, limit price), open until filled — the fill books the trade in the speculation book
// through the same checks and limits as a trade entered by hand — or cancelled; and the speculation
// positions per month valued at the latest settlement (yaSpeculation).

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineInput, defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { futuresMonthField } from '../fields.ts';

/** What filling a speculation order books: the price done (at the limit or better), the time, the fee. */
export const speculationFill = defineInput({
  key: 'speculationFill',
  title: 'hedging:route.speculationEntrust',
  fields: {
    price: { type: 'money', rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }] },
    tradedAt: { type: 'datetime', rules: [{ kind: 'required' }] },
    fee: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
  },
});

/** A speculation order: open → filled (a trade booked) | cancelled. */
export const speculationOrder = defineResource({
  key: 'speculationOrder',
  area: 'speculation',
  resource: 'entrust',
  title: 'hedging:route.speculationEntrust',
  titleField: 'orderNo',
  fields: {
    orderNo: { type: 'text', readOnly: true },
    accountId: { type: 'reference', resource: 'futuresAccount', rules: [{ kind: 'required' }] },
    futuresMonth: futuresMonthField,
    side: { type: 'enum', dictionary: 'futuresTradeSide', rules: [{ kind: 'required' }] },
    effect: { type: 'enum', dictionary: 'futuresTradeEffect', rules: [{ kind: 'required' }] },
    lots: {
      type: 'integer',
      rules: [{ kind: 'required' }, { kind: 'min', value: 1 }, { kind: 'max', value: 100000 }],
    },
    limitPrice: { type: 'money', rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { label: 'field.status', type: 'enum', dictionary: 'speculationOrderState', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
    tradeId: { type: 'reference', resource: 'futuresTrade', readOnly: true },
    filledPrice: { type: 'money', readOnly: true },
    filledAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'orderNo',
      'createdAt',
      'accountId',
      'futuresMonth',
      'side',
      'effect',
      'lots',
      'limitPrice',
      'status',
      'tradeId',
      'filledPrice',
      'filledAt',
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['orderNo', 'accountId', { field: 'futuresMonth', op: 'eq' }, 'side', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['lots'],
  },
  form: { fields: ['accountId', 'futuresMonth', 'side', 'effect', 'lots', 'limitPrice', 'remark'] },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: [
          'orderNo',
          'accountId',
          'futuresMonth',
          'side',
          'effect',
          'lots',
          'limitPrice',
          'remark',
          'createdBy',
          'createdAt',
        ],
      },
      { title: 'hedging:hedgeOrder.outcome', fields: ['status', 'tradeId', 'filledPrice', 'filledAt'] },
    ],
  },
  commands: {
    fill: { input: speculationFill, permission: 'fill', states: ['open'] },
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
  permissions: crudPermissions,
});

/**
 * A book's position per month valued at the latest price (settlement, else last): open lots, realised P&L
 * of the closes (by the close-out method) and the MTM of the open lots. yaSpeculation shows the speculation book.
 */
export const bookMark = defineResource({
  key: 'bookMark',
  area: 'pur',
  resource: 'yaSpeculation',
  title: 'hedging:route.yaSpeculation',
  titleField: 'futuresMonth',
  fields: {
    book: { type: 'enum', dictionary: 'futuresBook', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    longLots: { type: 'integer', readOnly: true },
    shortLots: { type: 'integer', readOnly: true },
    tradedLots: { type: 'integer', readOnly: true },
    fees: { type: 'money', readOnly: true },
    price: { type: 'money', readOnly: true },
    priceDate: { type: 'date', readOnly: true },
    realisedPnl: { type: 'money', readOnly: true },
    mtm: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'book',
      'futuresMonth',
      'longLots',
      'shortLots',
      'tradedLots',
      'fees',
      'price',
      'priceDate',
      'realisedPnl',
      'mtm',
    ],
    filters: ['book', { field: 'futuresMonth', op: 'eq' }],
    defaultSort: { field: 'futuresMonth', order: 'asc' },
    totals: ['longLots', 'shortLots', 'tradedLots', 'fees', 'realisedPnl', 'mtm'],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['book', 'futuresMonth', 'longLots', 'shortLots', 'tradedLots', 'fees'],
      },
      { title: 'hedging:bookMark.valuation', fields: ['price', 'priceDate', 'realisedPnl', 'mtm'] },
    ],
  },
  permissions: { view: 'view', export: 'export' },
});

export const speculationPart: AreaPart = {
  resources: [speculationOrder, bookMark],
};
