// Rolls (移仓, moveWarehouse) and transfers (移盘, movePan) of futures positions (domain.md §3, §5;
// src/domain/rolls.ts). A roll record names an account, the months, the side of the position rolled, its lots
// and both prices, and the basis contracts on the old month rolled with it; its `roll` command books the
// close and the open and rolls the contracts price-neutrally in one transaction. A transfer record names a
// source and a target account, the month, side, lots and stated price; `transfer` books both legs.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineInput, defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { futuresMonthField, futuresPriceField, tradingMonthField } from '../fields.ts';

const positionSideField = {
  type: 'enum',
  dictionary: 'futuresPositionSide',
  rules: [{ kind: 'required' }],
} as const;
const lotsField = {
  type: 'integer',
  rules: [{ kind: 'required' }, { kind: 'min', value: 1 }, { kind: 'max', value: 100000 }],
} as const;
const priceField = futuresPriceField;
const feeField = { type: 'money', rules: [{ kind: 'min', value: 0 }] } as const;
const remarkField = { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] } as const;

/** What confirming a roll or transfer adds: nothing but a remark (the record holds the terms). */
/** A roll or a transfer: drafted, done by its confirm command, or cancelled while a draft. */
const moveWorkflow = {
  field: 'status',
  initial: 'draft',
  states: {
    draft: 'hedging:moveState.draft',
    done: 'hedging:moveState.done',
    cancelled: 'hedging:moveState.cancelled',
  },
  transitions: [
    {
      from: ['draft'],
      to: 'cancelled',
      action: 'cancel',
      permission: 'edit',
      comment: 'optional',
      danger: true,
    },
  ],
  editableIn: ['draft'],
} as const;

export const positionMoveConfirm = defineInput({
  key: 'positionMoveConfirm',
  title: 'hedging:route.moveWarehouse',
  fields: { remark: remarkField },
});

/** What a roll would book and how its contracts roll, shown before it is confirmed. */
export const futuresRollPreview = defineInput({
  key: 'futuresRollPreview',
  title: 'hedging:route.moveWarehouse',
  fields: {
    closeMonth: { type: 'text' },
    closeSide: { type: 'enum', dictionary: 'futuresTradeSide' },
    closeLots: { type: 'integer' },
    closePrice: { type: 'money' },
    realisedPnl: { type: 'money' },
    openMonth: { type: 'text' },
    openSide: { type: 'enum', dictionary: 'futuresTradeSide' },
    openLots: { type: 'integer' },
    openPrice: { type: 'money' },
    contractTonnage: { type: 'weight' },
    contracts: { type: 'longText' },
  },
});

/**
 * A roll (移仓): lots of a position of one month closed and opened again in another, both legs priced, the
 * linked basis contracts (on the old month, unpriced, at most lots × 5 t) rolled price-neutrally.
 */
export const futuresRoll = defineResource({
  key: 'futuresRoll',
  area: 'pending',
  resource: 'moveWarehouse',
  title: 'hedging:route.moveWarehouse',
  titleField: 'rollNo',
  fields: {
    rollNo: { type: 'text', readOnly: true },
    accountId: { type: 'reference', resource: 'futuresAccount', rules: [{ kind: 'required' }] },
    book: { type: 'enum', dictionary: 'futuresBook', readOnly: true },
    side: positionSideField,
    fromMonth: tradingMonthField,
    toMonth: tradingMonthField,
    lots: lotsField,
    fromPrice: priceField,
    toPrice: priceField,
    fee: feeField,
    tradedAt: { type: 'datetime', rules: [{ kind: 'required' }] },
    contractIds: { type: 'reference', resource: 'transactionContract', multiple: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'futuresMoveState', readOnly: true },
    closeTradeId: { type: 'reference', resource: 'futuresTrade', readOnly: true },
    openTradeId: { type: 'reference', resource: 'futuresTrade', readOnly: true },
    realisedPnl: { type: 'money', readOnly: true },
    contractOutcome: { type: 'longText', readOnly: true },
    remark: remarkField,
    createdBy: { type: 'user', readOnly: true },
  },
  list: {
    columns: [
      'rollNo',
      'tradedAt',
      'accountId',
      'book',
      'side',
      'fromMonth',
      'toMonth',
      'lots',
      'fromPrice',
      'toPrice',
      'realisedPnl',
      'status',
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['rollNo', 'accountId', 'book', { field: 'fromMonth', op: 'eq' }, 'status', 'tradedAt'],
    defaultSort: { field: 'tradedAt', order: 'desc' },
    totals: ['lots', 'realisedPnl'],
  },
  form: {
    fields: [
      'accountId',
      'side',
      'fromMonth',
      'toMonth',
      'lots',
      'fromPrice',
      'toPrice',
      'fee',
      'tradedAt',
      'contractIds',
      'remark',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: [
          'rollNo',
          'accountId',
          'book',
          'side',
          'fromMonth',
          'toMonth',
          'lots',
          'fromPrice',
          'toPrice',
          'fee',
          'tradedAt',
          'contractIds',
          'remark',
          'createdBy',
        ],
      },
      {
        title: 'hedging:futuresRoll.outcome',
        fields: ['status', 'closeTradeId', 'openTradeId', 'realisedPnl', 'contractOutcome'],
      },
    ],
  },
  commands: {
    roll: {
      input: positionMoveConfirm,
      permission: 'roll',
      states: ['draft'],
      preview: futuresRollPreview,
    },
  },
  workflow: moveWorkflow,
  permissions: crudPermissions,
});

/** What a transfer would book, shown before it is confirmed. */
export const futuresTransferPreview = defineInput({
  key: 'futuresTransferPreview',
  title: 'hedging:route.movePan',
  fields: {
    month: { type: 'text' },
    closeSide: { type: 'enum', dictionary: 'futuresTradeSide' },
    openSide: { type: 'enum', dictionary: 'futuresTradeSide' },
    lots: { type: 'integer' },
    price: { type: 'money' },
    realisedPnl: { type: 'money' },
    targetLongLots: { type: 'integer' },
    targetShortLots: { type: 'integer' },
  },
});

/**
 * A transfer (移盘) of lots between books or teams at a stated price: a close on the source account and an
 * open on the target one, the target book's limit checked.
 */
export const futuresTransfer = defineResource({
  key: 'futuresTransfer',
  area: 'pending',
  resource: 'movePan',
  title: 'hedging:route.movePan',
  titleField: 'transferNo',
  fields: {
    transferNo: { type: 'text', readOnly: true },
    sourceAccountId: { type: 'reference', resource: 'futuresAccount', rules: [{ kind: 'required' }] },
    targetAccountId: { type: 'reference', resource: 'futuresAccount', rules: [{ kind: 'required' }] },
    futuresMonth: futuresMonthField,
    side: positionSideField,
    lots: lotsField,
    price: priceField,
    tradedAt: { type: 'datetime', rules: [{ kind: 'required' }] },
    status: { label: 'field.status', type: 'enum', dictionary: 'futuresMoveState', readOnly: true },
    closeTradeId: { type: 'reference', resource: 'futuresTrade', readOnly: true },
    openTradeId: { type: 'reference', resource: 'futuresTrade', readOnly: true },
    realisedPnl: { type: 'money', readOnly: true },
    remark: remarkField,
    createdBy: { type: 'user', readOnly: true },
  },
  list: {
    columns: [
      'transferNo',
      'tradedAt',
      'sourceAccountId',
      'targetAccountId',
      'futuresMonth',
      'side',
      'lots',
      'price',
      'realisedPnl',
      'status',
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: [
      'transferNo',
      'sourceAccountId',
      'targetAccountId',
      { field: 'futuresMonth', op: 'eq' },
      'status',
      'tradedAt',
    ],
    defaultSort: { field: 'tradedAt', order: 'desc' },
    totals: ['lots', 'realisedPnl'],
  },
  form: {
    fields: [
      'sourceAccountId',
      'targetAccountId',
      'futuresMonth',
      'side',
      'lots',
      'price',
      'tradedAt',
      'remark',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: [
          'transferNo',
          'sourceAccountId',
          'targetAccountId',
          'futuresMonth',
          'side',
          'lots',
          'price',
          'tradedAt',
          'remark',
          'createdBy',
        ],
      },
      {
        title: 'hedging:futuresRoll.outcome',
        fields: ['status', 'closeTradeId', 'openTradeId', 'realisedPnl'],
      },
    ],
  },
  commands: {
    transfer: {
      input: positionMoveConfirm,
      permission: 'transfer',
      states: ['draft'],
      preview: futuresTransferPreview,
    },
  },
  workflow: moveWorkflow,
  permissions: crudPermissions,
});

export const rollsPart: AreaPart = {
  resources: [futuresRoll, futuresTransfer],
};
