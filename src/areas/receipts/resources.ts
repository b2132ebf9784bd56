// Warehouse receipts (domain.md §1 and §7): one receipt is one delivery unit of one batch, registered at
// the exchange, transferred to a buyer and finally cancelled. And the batches of the transaction contracts
// (合同批次), read from the contract lines with where each batch is and what became of it.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';

/**
 * A warehouse receipt (domain.md §7): pre-declared → registered → transferred (again and again) →
 * cancelled; while we hold it, pledged and released. A registered or transferred receipt past its
 * valid-until date reads as expired (never stored: the date decides) and can then only be cancelled.
 */
export const receiptWorkflow = {
  field: 'status',
  initial: 'preDeclared',
  states: {
    preDeclared: 'state.preDeclared',
    registered: 'state.registered',
    pledged: 'state.pledged',
    transferred: 'state.transferred',
    expired: 'state.expired',
    cancelled: 'state.cancelled',
  },
  transitions: [
    { from: ['preDeclared'], to: 'registered', action: 'register', permission: 'register' },
    // Each asks in its own dialog for the party it passes the receipt to.
    {
      from: ['registered', 'transferred'],
      to: 'transferred',
      action: 'transfer',
      permission: 'transfer',
      fields: ['transfereeId'],
    },
    { from: ['registered'], to: 'pledged', action: 'pledge', permission: 'pledge', fields: ['pledgeeId'] },
    { from: ['pledged'], to: 'registered', action: 'release', permission: 'pledge' },
    {
      from: ['registered', 'transferred', 'expired'],
      to: 'cancelled',
      action: 'cancel',
      permission: 'cancel',
      comment: 'required',
      danger: true,
    },
  ],
} as const;

export const warehouseReceipt = defineResource({
  key: 'warehouseReceipt',
  area: 'pri',
  resource: 'WarehouseReceipt',
  title: 'receipts:route.QmCdBatch',
  titleField: 'receiptNo',
  fields: {
    receiptNo: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    batchNo: { type: 'batch', rules: [{ kind: 'required' }] },
    // Left empty, warehouse and conditioned weight are taken from the batch by the server.
    warehouseId: { type: 'warehouse' },
    conditionedWeight: {
      type: 'weight',
      rules: [{ kind: 'min', value: '0.0001' }],
    },
    lots: { type: 'integer', readOnly: true },
    // Against the standard 40 t, settled in cash: the lots stay 8 within the tolerance.
    weightDifference: { type: 'weight', readOnly: true },
    registeredOn: { type: 'date' },
    // From the batch's crop year (receipt_crop_years), set by the server.
    validUntil: { type: 'date', readOnly: true },
    oldCropDiscount: { type: 'money', readOnly: true },
    transfereeId: { type: 'partner' },
    holderId: { type: 'partner', readOnly: true },
    holderHistory: { type: 'text', readOnly: true },
    pledgeeId: { type: 'partner' },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'receiptState', readOnly: true },
  },
  list: {
    columns: [
      'receiptNo',
      'batchNo',
      'warehouseId',
      'conditionedWeight',
      'lots',
      'weightDifference',
      'holderId',
      'pledgeeId',
      'registeredOn',
      'validUntil',
      'status',
    ],
    filters: [
      'receiptNo',
      { field: 'batchNo', op: 'like' },
      'warehouseId',
      'holderId',
      'validUntil',
      'status',
    ],
    defaultSort: { field: 'validUntil', order: 'asc' },
  },
  form: {
    fields: ['receiptNo', 'batchNo', 'warehouseId', 'conditionedWeight', 'registeredOn', 'remark'],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: [
          'receiptNo',
          'batchNo',
          'warehouseId',
          'conditionedWeight',
          'lots',
          'weightDifference',
          'status',
        ],
      },
      {
        title: 'section.receiptHolding',
        fields: [
          'registeredOn',
          'validUntil',
          'oldCropDiscount',
          'transfereeId',
          'holderId',
          'holderHistory',
          'pledgeeId',
          'remark',
        ],
      },
    ],
  },
  workflow: receiptWorkflow,
  permissions: crudPermissions,
  report: { groupBy: ['status', 'warehouseId'], totals: ['conditionedWeight', 'lots'], chart: true },
});

/** One batch of one transaction contract: read-only, from the contract lines (view contract_batches). */
export const contractBatch = defineResource({
  key: 'contractBatch',
  area: 'pri',
  resource: 'QmCottonContractBatch',
  title: 'receipts:route.QmCottonContractBatch',
  titleField: 'contractNo',
  fields: {
    contractNo: { type: 'text' },
    side: { type: 'enum', dictionary: 'contractSide' },
    partnerId: { type: 'partner' },
    contractStatus: { type: 'enum', dictionary: 'contractState' },
    batchNo: { type: 'batch' },
    conditionedWeight: { type: 'weight' },
    unitPrice: { type: 'money' },
    amount: { type: 'money' },
    warehouseId: { type: 'warehouse' },
    batchStatus: { type: 'enum', dictionary: 'batchState' },
  },
  list: {
    columns: [
      'contractNo',
      'side',
      'partnerId',
      'contractStatus',
      'batchNo',
      'conditionedWeight',
      'unitPrice',
      'amount',
      'warehouseId',
      'batchStatus',
    ],
    filters: ['contractNo', { field: 'batchNo', op: 'like' }, 'side', 'partnerId'],
    defaultSort: { field: 'contractNo', order: 'desc' },
  },
  permissions: { view: 'view', export: 'export' },
});

export const receiptsPart: AreaPart = { resources: [warehouseReceipt, contractBatch] };
