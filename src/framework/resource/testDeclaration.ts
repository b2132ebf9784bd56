// A small purchase-contract declaration used by the tests of the format and of the shared components.

import Decimal from 'decimal.js';
import { customRule, defineInput, defineResource } from './types.ts';

export const contractLine = defineResource({
  key: 'testContractLine',
  area: 'pur',
  resource: 'testContractLine',
  title: 'field.lines',
  titleField: 'batchNo',
  fields: {
    batchNo: { label: 'field.batchNo', type: 'text', rules: [{ kind: 'required' }] },
    conditionedWeight: { label: 'field.conditionedWeight', type: 'weight', rules: [{ kind: 'required' }] },
    unitPrice: { label: 'field.unitPrice', type: 'money', rules: [{ kind: 'required' }] },
  },
  list: { columns: ['batchNo', 'conditionedWeight', 'unitPrice'], filters: [] },
  form: { fields: ['batchNo', 'conditionedWeight', 'unitPrice'] },
  permissions: {},
});

/** The input of a command: why a draft contract is amended. */
export const amendment = defineInput({
  key: 'testAmendment',
  title: 'field.remark',
  fields: { reason: { label: 'field.remark', type: 'text', rules: [{ kind: 'required' }] } },
});

export const testContract = defineResource({
  key: 'testContract',
  area: 'pur',
  resource: 'testContract',
  title: 'contracts:route.SpotContract',
  titleField: 'contractNo',
  fields: {
    contractNo: {
      label: 'field.contractNo',
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[A-Z]{2}\\d{6}', message: 'validation.contractNo' },
      ],
    },
    partnerId: {
      label: { term: 'seller' },
      type: 'partner',
      partnerKind: 'supplier',
      rules: [{ kind: 'required' }],
    },
    tonnage: {
      label: 'field.tonnage',
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }, { kind: 'max', value: '100000' }],
    },
    unitPrice: {
      label: 'field.unitPrice',
      type: 'money',
      rules: [{ kind: 'required' }, { kind: 'min', value: 0 }],
    },
    taxRate: { label: 'field.taxRate', type: 'percent' },
    signDate: { label: 'field.signDate', type: 'date', rules: [{ kind: 'required' }] },
    deliveryDate: {
      label: 'field.deliveryDate',
      type: 'date',
      rules: [
        customRule(
          'validation.deliveryAfterSign',
          (value, record) => !record.signDate || String(value) >= String(record.signDate),
        ),
      ],
    },
    remark: { label: 'field.remark', type: 'longText', rules: [{ kind: 'maxLength', value: 20 }] },
    status: { label: 'field.status', type: 'enum', dictionary: 'contractState', readOnly: true },
    createTime: { label: 'field.createTime', type: 'datetime', readOnly: true },
  },
  computed: {
    amount: {
      label: 'field.amount',
      type: 'money',
      compute: (record) =>
        record.tonnage && record.unitPrice
          ? new Decimal(record.tonnage).times(record.unitPrice).toDecimalPlaces(2).toFixed(2)
          : null,
    },
  },
  list: {
    columns: [
      'contractNo',
      'partnerId',
      { field: 'tonnage', sortable: true },
      'unitPrice',
      'amount',
      'status',
      { field: 'remark', hiddenByDefault: true },
      'signDate',
    ],
    filters: ['contractNo', 'status', 'signDate', { field: 'partnerId' }],
    defaultSort: { field: 'signDate', order: 'desc' },
  },
  form: {
    fields: [
      'contractNo',
      'partnerId',
      'tonnage',
      'unitPrice',
      'taxRate',
      'signDate',
      'deliveryDate',
      'remark',
    ],
  },
  detail: {
    sections: [
      { title: 'section.basic', fields: ['contractNo', 'partnerId', 'status', 'signDate'] },
      { title: 'section.amounts', fields: ['tonnage', 'unitPrice', 'amount'] },
    ],
  },
  lines: { key: 'lines', title: 'field.lines', declaration: contractLine, minLines: 1 },
  workflow: {
    field: 'status',
    initial: 'draft',
    states: {
      draft: 'state.draft',
      submitted: 'state.submitted',
      approved: 'state.approved',
      rejected: 'state.rejected',
      voided: 'state.voided',
    },
    transitions: [
      { from: ['draft'], to: 'submitted', action: 'submit', permission: 'submit' },
      { from: ['submitted'], to: 'approved', action: 'approve', permission: 'approve', comment: 'optional' },
      { from: ['submitted'], to: 'rejected', action: 'reject', permission: 'approve', comment: 'required' },
      { from: ['rejected'], to: 'draft', action: 'redraft', permission: 'edit' },
      { from: ['draft', 'approved'], to: 'voided', action: 'void', permission: 'void', danger: true },
    ],
    approval: { approve: 'approve', reject: 'reject' },
  },
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
  report: { groupBy: ['partnerId'], totals: ['tonnage'] },
  commands: {
    amend: { input: amendment, permission: 'edit', states: ['draft'], label: 'resource.edit' },
  },
});
