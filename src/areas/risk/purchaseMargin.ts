// Purchase-contract margin (/Pcm/, /capital/PurchaseMargin…; domain.md §4, §7): margin the company posts to
// suppliers on purchase contracts, kept as a ledger of movements — payments (onto a contract or unallotted),
// allotments (onto a contract, from the unallotted part or another contract of the supplier) and returns
// (from a contract or the unallotted part) — never an edited balance. Balances per supplier and per contract
// are sums of the movements; interest on a supplier's balance is accrued by period at the rate and day count
// convention in force each day (settings purchaseMarginInterestPercent, purchaseMarginDayCount;
// src/domain/marginInterest.ts), its pieces kept.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource, notBefore, requiredWhen } from '../../framework/resource/index.ts';
import { approvalWorkflow, crudPermissions } from '../../framework/resource/workflows.ts';

const amountField = {
  type: 'money',
  rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }, { kind: 'max', value: '9999999999.99' }],
} as const;

/** One movement of the ledger. Entered, never changed: a mistake is put right by another movement. */
export const purchaseMarginMovement = defineResource({
  key: 'purchaseMarginMovement',
  area: 'capital',
  resource: 'PurchaseMarginDetail',
  title: 'risk:route.PurchaseMarginDetail',
  titleField: 'movementNo',
  fields: {
    movementNo: { type: 'text', readOnly: true },
    kind: { type: 'enum', dictionary: 'purchaseMarginKind', rules: [{ kind: 'required' }] },
    supplierId: { type: 'partner', partnerKind: 'supplier', rules: [{ kind: 'required' }] },
    contractId: {
      type: 'reference',
      resource: 'transactionContract',
      rules: [
        requiredWhen((record) => record.kind === 'allot', 'risk:purchaseMarginMovement.allotNeedsContract'),
      ],
    },
    fromContractId: { type: 'reference', resource: 'transactionContract' },
    amount: amountField,
    valueDate: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'movementNo',
      'valueDate',
      'kind',
      'supplierId',
      'contractId',
      'fromContractId',
      'amount',
      'createdBy',
      'createdAt',
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['movementNo', 'kind', 'supplierId', 'contractId', 'valueDate'],
    defaultSort: { field: 'valueDate', order: 'desc' },
    totals: ['amount'],
  },
  form: { fields: ['kind', 'supplierId', 'contractId', 'fromContractId', 'amount', 'valueDate', 'remark'] },
  permissions: { view: 'view', create: 'create', export: 'export' },
});

/** What each purchase contract holds of its supplier's margin (PurchaseContractMarginDetail). */
export const purchaseContractMargin = defineResource({
  key: 'purchaseContractMargin',
  area: 'Pcm',
  resource: 'PurchaseContractMarginDetail',
  title: 'risk:route.PurchaseContractMarginDetail',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    supplierId: { type: 'partner', readOnly: true },
    paid: { type: 'money', readOnly: true },
    allottedIn: { type: 'money', readOnly: true },
    movedOut: { type: 'money', readOnly: true },
    returned: { type: 'money', readOnly: true },
    held: { type: 'money', readOnly: true },
    lastValueDate: { type: 'date', readOnly: true },
  },
  list: {
    columns: [
      'contractId',
      'supplierId',
      'paid',
      'allottedIn',
      'movedOut',
      'returned',
      'held',
      'lastValueDate',
    ],
    filters: ['contractId', 'supplierId'],
    defaultSort: { field: 'lastValueDate', order: 'desc' },
    totals: ['paid', 'allottedIn', 'movedOut', 'returned', 'held'],
  },
  permissions: { view: 'view', export: 'export' },
});

/** A supplier's margin: paid, returned, balance, allotted to contracts, unallotted and interest accrued. */
export const purchaseMarginBalance = defineResource({
  key: 'purchaseMarginBalance',
  area: 'capital',
  resource: 'PurchaseMarginBalance',
  title: 'risk:route.PurchaseMarginBalance',
  titleField: 'supplierId',
  fields: {
    supplierId: { type: 'partner', readOnly: true },
    paid: { type: 'money', readOnly: true },
    returned: { type: 'money', readOnly: true },
    balance: { type: 'money', readOnly: true },
    allotted: { type: 'money', readOnly: true },
    unallotted: { type: 'money', readOnly: true },
    interestAccrued: { type: 'money', readOnly: true },
    lastValueDate: { type: 'date', readOnly: true },
  },
  list: {
    columns: [
      'supplierId',
      'paid',
      'returned',
      'balance',
      'allotted',
      'unallotted',
      'interestAccrued',
      'lastValueDate',
    ],
    filters: ['supplierId'],
    defaultSort: { field: 'balance', order: 'desc' },
    totals: ['paid', 'returned', 'balance', 'allotted', 'unallotted', 'interestAccrued'],
  },
  lines: {
    key: 'movements',
    title: 'risk:purchaseMarginBalance.movements',
    declaration: purchaseMarginMovement,
  },
  permissions: { view: 'view', export: 'export' },
});

/** One piece of an accrual: days at one balance, rate and convention. */
export const purchaseMarginInterestPiece = defineResource({
  key: 'purchaseMarginInterestPiece',
  area: 'capital',
  resource: 'PurchaseMarginInterestDetail',
  title: 'risk:route.PurchaseMarginInterestDetail',
  titleField: 'accrualNo',
  fields: {
    accrualNo: { type: 'text', readOnly: true },
    supplierId: { type: 'partner', readOnly: true },
    pieceFrom: { type: 'date', readOnly: true },
    pieceThrough: { type: 'date', readOnly: true },
    days: { type: 'integer', readOnly: true },
    balance: { type: 'money', readOnly: true },
    ratePercent: { type: 'percent', readOnly: true },
    dayCount: { type: 'enum', dictionary: 'marginDayCount', readOnly: true },
    interest: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'accrualNo',
      'supplierId',
      'pieceFrom',
      'pieceThrough',
      'days',
      'balance',
      'ratePercent',
      'dayCount',
      'interest',
    ],
    filters: ['accrualNo', 'supplierId', 'pieceFrom'],
    defaultSort: { field: 'pieceFrom', order: 'desc' },
    totals: ['days', 'interest'],
  },
  permissions: { view: 'view', export: 'export' },
});

/**
 * An accrual of interest on a supplier's margin over a period (both days included): computed on save from
 * the ledger and the settings in force each day, its pieces kept (PurchaseMarginInterestDetail); periods of a
 * supplier never overlap.
 */
export const purchaseMarginInterest = defineResource({
  key: 'purchaseMarginInterest',
  area: 'capital',
  resource: 'PurchaseMarginInterest',
  title: 'risk:route.PurchaseMarginInterest',
  titleField: 'accrualNo',
  fields: {
    accrualNo: { type: 'text', readOnly: true },
    supplierId: { type: 'partner', partnerKind: 'supplier', rules: [{ kind: 'required' }] },
    periodFrom: { type: 'date', rules: [{ kind: 'required' }] },
    periodThrough: {
      type: 'date',
      rules: [{ kind: 'required' }, notBefore('periodFrom', 'risk:purchaseMarginInterest.throughBeforeFrom')],
    },
    days: { type: 'integer', readOnly: true },
    interest: { type: 'money', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'accrualNo',
      'supplierId',
      'periodFrom',
      'periodThrough',
      'days',
      'interest',
      'createdBy',
      'createdAt',
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['accrualNo', 'supplierId', 'periodFrom'],
    defaultSort: { field: 'periodFrom', order: 'desc' },
    totals: ['interest'],
  },
  form: { fields: ['supplierId', 'periodFrom', 'periodThrough', 'remark'] },
  permissions: { view: 'view', create: 'create', delete: 'delete', export: 'export' },
});

/** An application: draft → submitted → approved | rejected (→ draft); the approval posts the movement. */
const applicationWorkflow = approvalWorkflow;

/**
 * An application to pay margin to a supplier or to take it back (PurchaseMarginBalanceApply): the desk applies,
 * finance approves, and the approval posts the movement to the ledger on that day — refused, nothing changed,
 * when the margin it would take back is no longer there.
 */
export const purchaseMarginApplication = defineResource({
  key: 'purchaseMarginApplication',
  area: 'capital',
  resource: 'PurchaseMarginBalanceApply',
  title: 'risk:route.PurchaseMarginBalanceApply',
  titleField: 'applyNo',
  fields: {
    applyNo: { type: 'text', readOnly: true },
    kind: { type: 'enum', dictionary: 'purchaseMarginApplyKind', rules: [{ kind: 'required' }] },
    supplierId: { type: 'partner', partnerKind: 'supplier', rules: [{ kind: 'required' }] },
    contractId: { type: 'reference', resource: 'transactionContract' },
    amount: amountField,
    reason: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 200 }] },
    status: { label: 'field.status', type: 'enum', dictionary: 'purchaseMarginApplyState', readOnly: true },
    movementId: { type: 'reference', resource: 'purchaseMarginMovement', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'applyNo',
      'kind',
      'supplierId',
      'contractId',
      'amount',
      'reason',
      'status',
      'movementId',
      'createdBy',
      'createdAt',
    ],
    filters: ['applyNo', 'kind', 'supplierId', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['amount'],
  },
  form: { fields: ['kind', 'supplierId', 'contractId', 'amount', 'reason'] },
  workflow: applicationWorkflow,
  permissions: crudPermissions,
});

export const purchaseMarginPart: AreaPart = {
  resources: [
    purchaseMarginMovement,
    purchaseContractMargin,
    purchaseMarginBalance,
    purchaseMarginInterest,
    purchaseMarginInterestPiece,
    purchaseMarginApplication,
  ],
};
