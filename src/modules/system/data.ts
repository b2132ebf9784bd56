// Data settings: dictionaries, warehouses and the read-only operation record (audit trail).

import { defineResource } from '../../shared/resource/index.ts';
import { crudPermissions, enabledWorkflow } from './workflows.ts';

export const dictionaryEntry = defineResource({
  key: 'dictionaryEntry',
  area: 'pri',
  resource: 'dictionaryEntry',
  title: 'field.entries',
  titleField: 'label',
  fields: {
    value: {
      label: 'field.value',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    label: {
      label: 'field.label',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    sort: { label: 'field.sort', type: 'integer', rules: [{ kind: 'required' }, { kind: 'min', value: 0 }] },
  },
  list: { columns: ['value', 'label', 'sort'], filters: [] },
  form: { fields: ['value', 'label', 'sort'] },
  permissions: {},
});

/** A dictionary (the options of every enum field) and its entries. */
export const dictionary = defineResource({
  key: 'dictionary',
  area: 'pri',
  resource: 'dictionary',
  title: 'route.dictionaryList',
  titleField: 'name',
  fields: {
    code: {
      label: 'field.dictionaryCode',
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[a-zA-Z][a-zA-Z0-9_]{1,63}', message: 'validation.code' },
      ],
    },
    name: {
      label: 'field.name',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    remark: { label: 'field.remark', type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['code', 'name', 'remark'],
    filters: ['code', 'name'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  form: { fields: ['code', 'name', 'remark'] },
  lines: { key: 'entries', title: 'field.entries', declaration: dictionaryEntry, minLines: 1 },
  permissions: crudPermissions,
});

export const warehouse = defineResource({
  key: 'warehouse',
  area: 'pri',
  resource: 'Warehouse',
  title: 'route.WarehouseList',
  titleField: 'name',
  fields: {
    code: {
      label: 'field.code',
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[A-Z0-9]{2,16}', message: 'validation.warehouseCode' },
      ],
    },
    name: {
      label: 'field.warehouseName',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }],
    },
    kind: {
      label: 'field.warehouseKind',
      type: 'enum',
      dictionary: 'warehouseKind',
      rules: [{ kind: 'required' }],
    },
    operatorId: { label: 'field.warehouseOperator', type: 'partner', partnerKind: 'warehouse' },
    region: { label: 'field.region', type: 'text', rules: [{ kind: 'maxLength', value: 64 }] },
    address: { label: 'field.address', type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    contactName: { label: 'field.contactName', type: 'text', rules: [{ kind: 'maxLength', value: 32 }] },
    contactPhone: { label: 'field.phone', type: 'text', rules: [{ kind: 'maxLength', value: 20 }] },
    storageFeePerTonneDay: {
      label: 'field.storageFeePerTonneDay',
      type: 'money',
      rules: [{ kind: 'min', value: 0 }],
    },
    status: { label: 'field.status', type: 'enum', dictionary: 'enabledState', readOnly: true },
  },
  list: {
    columns: ['code', 'name', 'kind', 'operatorId', 'region', 'storageFeePerTonneDay', 'status'],
    filters: ['name', 'kind', 'region', 'status'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  form: {
    fields: [
      'code',
      'name',
      'kind',
      'operatorId',
      'region',
      'address',
      'contactName',
      'contactPhone',
      'storageFeePerTonneDay',
    ],
  },
  workflow: enabledWorkflow,
  permissions: crudPermissions,
});

/** Every change of every resource, written by the server's generic handlers; nobody edits it. */
export const operationRecord = defineResource({
  key: 'operationRecord',
  area: 'pri',
  resource: 'operationRecord',
  title: 'route.operationRecordList',
  titleField: 'summary',
  fields: {
    time: { label: 'field.operationTime', type: 'datetime' },
    userId: { label: 'field.operator', type: 'user' },
    resourceKey: { label: 'field.module', type: 'text' },
    action: { label: 'field.operation', type: 'enum', dictionary: 'operationAction' },
    recordId: { label: 'field.recordId', type: 'text' },
    summary: { label: 'field.summary', type: 'longText' },
    ip: { label: 'field.ip', type: 'text' },
  },
  list: {
    columns: [
      'time',
      'userId',
      'resourceKey',
      'action',
      'recordId',
      'summary',
      { field: 'ip', hiddenByDefault: true },
    ],
    filters: ['time', 'userId', 'resourceKey', 'action', 'recordId'],
    defaultSort: { field: 'time', order: 'desc' },
  },
  permissions: { view: 'view', export: 'export' },
});
