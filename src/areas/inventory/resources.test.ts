import { listColumns } from '../../framework/resource/index.ts';
import { ALL_DICTIONARIES } from '../../test/declarations.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { batch } from '../warehouse/batches.ts';
import { inventoryPart, stockBatch, stockOwnership } from './resources.ts';

const INVENTORY_SCREENS = [
  'ResourcesList',
  'ResourceExWarehouse',
  'CargoManagement',
  'SpotReceipt',
  'BatchResourceType',
  'ReceiptDetail',
  'RegisReceipt',
  'RegisReceiptLines',
  'ResourceStorage',
  'ResourceStorageDetail',
  'ResourceTransportContractDetail',
  'StorageTransport',
];
const DETAILS = [
  'ResourcesListDetail',
  'ResourceDetail',
  'CargoDetail',
  'SpotReceiptDetail',
  'BatchResourceTypeDetail',
  'regisReceiptDetail',
  'StorageTransportDetail',
];
const route = (key: string) => BUSINESS_ROUTES.find((r) => r.key === key)!;

test('every /pur/ inventory screen is served, only views, and opens a detail route of its own resource', () => {
  for (const key of INVENTORY_SCREENS) {
    expect(route(key).resource, key).toBeDefined();
    expect(route(key).readOnly, key).toBe(true);
    expect(route(key).menuGroup, key).toBe('pur');
    const detail = route(key).detail;
    if (detail) expect(route(detail).resource, key).toBe(route(key).resource);
  }
  for (const key of DETAILS) expect(route(key).resource, key).toBeDefined();
});

test('the views are read only: no form, only view and export', () => {
  for (const decl of inventoryPart.resources) {
    expect(decl.form, decl.key).toBeUndefined();
    expect(Object.keys(decl.permissions).sort(), decl.key).toEqual(['export', 'view']);
  }
});

test('ownership is named by the tenant terms, never a fixed word', () => {
  expect(ALL_DICTIONARIES.ownerKind?.map((entry) => entry.label)).toEqual([
    { term: 'selfOwned' },
    { term: 'propertyClient' },
    { term: 'propertySupply' },
  ]);
  const labels = listColumns(stockOwnership).map((column) => column.label);
  expect(labels).toEqual(
    expect.arrayContaining([{ term: 'selfOwned' }, { term: 'propertyClient' }, { term: 'propertySupply' }]),
  );
  expect(stockOwnership.detail?.sections.map((section) => section.title).slice(1)).toEqual([
    { term: 'selfOwned' },
    { term: 'propertyClient' },
    { term: 'propertySupply' },
  ]);
  expect(batch.form?.fields).toEqual(expect.arrayContaining(['ownerKind', 'ownerId']));
});

test('the stock search filters by colour, length, micronaire, strength, warehouse and availability, and totals bales and tonnes', () => {
  const filters = stockBatch.list.filters.map((f) => (typeof f === 'string' ? f : f.field));
  expect(filters).toEqual(
    expect.arrayContaining([
      'colourGrade',
      'lengthGrade',
      'micronaire',
      'strength',
      'warehouseId',
      'availability',
    ]),
  );
  expect(stockBatch.list.totals).toEqual(['baleCount', 'conditionedWeight']);
});
