// Warehouse receipts (domain.md §1 and §7): one receipt is one delivery unit of one batch, registered at
// the exchange, transferred to a buyer and finally cancelled. And the batches of the transaction contracts
// (合同批次), read from the contract lines with where each batch is and what became of it.

import { customRule, defineResource } from '../../shared/resource/index.ts';
import type { SystemArea } from './area.ts';
import { crudPermissions, receiptWorkflow } from './workflows.ts';

/** An exchange lot of cotton, in tonnes of conditioned weight (domain.md §1). */
export const LOT_TONNES = 5;

const validAfterRegistration = customRule(
  'validation.validUntilAfterRegistered',
  (value, record) => !record.registeredOn || String(value) > String(record.registeredOn),
);

export const warehouseReceipt = defineResource({
  key: 'warehouseReceipt',
  area: 'pri',
  resource: 'WarehouseReceipt',
  title: 'route.QmCdBatch',
  titleField: 'receiptNo',
  fields: {
    receiptNo: {
      label: 'field.receiptNo',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    batchNo: { label: 'field.batchNo', type: 'batch', rules: [{ kind: 'required' }] },
    // Left empty, warehouse and conditioned weight are taken from the batch by the server.
    warehouseId: { label: 'field.warehouse', type: 'warehouse' },
    conditionedWeight: {
      label: 'field.conditionedWeight',
      type: 'weight',
      rules: [{ kind: 'min', value: '0.0001' }],
    },
    lots: { label: 'field.lots', type: 'integer', readOnly: true },
    registeredOn: { label: 'field.registeredOn', type: 'date' },
    validUntil: {
      label: 'field.validUntil',
      type: 'date',
      rules: [{ kind: 'required' }, validAfterRegistration],
    },
    transfereeId: { label: 'field.transferee', type: 'partner' },
    holderId: { label: 'field.holder', type: 'partner', readOnly: true },
    remark: { label: 'field.remark', type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { label: 'field.status', type: 'enum', dictionary: 'receiptState', readOnly: true },
  },
  list: {
    columns: [
      'receiptNo',
      'batchNo',
      'warehouseId',
      'conditionedWeight',
      'lots',
      'holderId',
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
    fields: [
      'receiptNo',
      'batchNo',
      'warehouseId',
      'conditionedWeight',
      'registeredOn',
      'validUntil',
      'transfereeId',
      'remark',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['receiptNo', 'batchNo', 'warehouseId', 'conditionedWeight', 'lots', 'status'],
      },
      {
        title: 'section.receiptHolding',
        fields: ['registeredOn', 'validUntil', 'transfereeId', 'holderId', 'remark'],
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
  title: 'route.QmCottonContractBatch',
  titleField: 'contractNo',
  fields: {
    contractNo: { label: 'field.contractNo', type: 'text' },
    side: { label: 'field.contractSide', type: 'enum', dictionary: 'contractSide' },
    partnerId: { label: 'field.counterparty', type: 'partner' },
    contractStatus: { label: 'field.contractStatus', type: 'enum', dictionary: 'contractState' },
    batchNo: { label: 'field.batchNo', type: 'batch' },
    conditionedWeight: { label: 'field.conditionedWeight', type: 'weight' },
    unitPrice: { label: 'field.unitPrice', type: 'money' },
    amount: { label: 'field.amount', type: 'money' },
    warehouseId: { label: 'field.warehouse', type: 'warehouse' },
    batchStatus: { label: 'field.batchStatus', type: 'enum', dictionary: 'batchState' },
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

const dictionaries: SystemArea['dictionaries'] = {};

export const receiptArea: SystemArea = { resources: [warehouseReceipt, contractBatch], dictionaries };
