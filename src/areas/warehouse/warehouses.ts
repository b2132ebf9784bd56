// Warehouses: where batches are kept and receipts are registered.

import { defineResource } from '../../framework/resource/index.ts';
import { crudPermissions, enabledWorkflow } from '../../framework/resource/workflows.ts';

export const warehouse = defineResource({
  key: 'warehouse',
  area: 'pri',
  resource: 'Warehouse',
  title: 'warehouse:route.WarehouseList',
  titleField: 'name',
  fields: {
    code: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[A-Z0-9]{2,16}', message: 'validation.warehouseCode' },
      ],
    },
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }],
    },
    kind: {
      type: 'enum',
      dictionary: 'warehouseKind',
      rules: [{ kind: 'required' }],
    },
    operatorId: { type: 'partner', partnerKind: 'warehouse' },
    region: { type: 'text', rules: [{ kind: 'maxLength', value: 64 }] },
    address: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    contactName: { type: 'text', rules: [{ kind: 'maxLength', value: 32 }] },
    contactPhone: { type: 'text', rules: [{ kind: 'maxLength', value: 20 }] },
    storageFeePerTonneDay: {
      type: 'money',
      rules: [{ kind: 'min', value: 0 }],
    },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
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
