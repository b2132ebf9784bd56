// The screens of the inventory area: the /pur/ views of stock, receipts, movements and fees (README: how
// each route name is read), read-only lists of records other areas keep.
import { type BusinessRoute, inventoryView, shell } from '../../shared/routes/routeRecords.ts';

// Scopes of the /pur/ inventory screens (README: how each route name is read).
const OUT = { availability: 'out' } as const;
const RECEIPTED = { availability: 'receipted' } as const;
const ARRIVED = { status: 'arrived' } as const;
const REGISTERED = { status: 'registered' } as const;

export const routes: readonly BusinessRoute[] = [
  inventoryView('ResourcesList', '/pur/ResourcesList', 'stockBatch', { detail: 'ResourcesListDetail' }),
  shell('ResourcesListDetail', '/pur/ResourcesList/:id/:resourceId/:name/:type', 'detail', 'stockBatch'),
  inventoryView('ResourceExWarehouse', '/pur/ResourceExWarehouse', 'stockBatch', {
    scope: OUT,
    detail: 'ResourceDetail',
  }),
  shell('ResourceDetail', '/pur/ResourceDetail/:id/:name', 'detail', 'stockBatch'),
  inventoryView('CargoManagement', '/pur/CargoManagement', 'cargoOwner'),
  shell('CargoDetail', '/pur/CargoDetail/:id/:name', 'detail', 'cargoOwner'),
  inventoryView('SpotReceipt', '/pur/SpotReceipt', 'movement', {
    scope: ARRIVED,
    detail: 'SpotReceiptDetail',
  }),
  shell('SpotReceiptDetail', '/pur/SpotReceiptDetail/:id/:name', 'detail', 'movement'),
  inventoryView('BatchResourceType', '/pur/BatchResourceType', 'stockOwnership'),
  shell('BatchResourceTypeDetail', '/pur/BatchResourceType/:id/:name', 'detail', 'stockOwnership'),
  inventoryView('ReceiptDetail', '/pur/ReceiptDetail', 'warehouseReceipt', { detail: 'regisReceiptDetail' }),
  inventoryView('RegisReceipt', '/pur/RegisReceipt', 'warehouseReceipt', {
    scope: REGISTERED,
    detail: 'regisReceiptDetail',
  }),
  shell('regisReceiptDetail', '/pur/regisReceiptDetail/:id/:name', 'detail', 'warehouseReceipt'),
  inventoryView('RegisReceiptLines', '/pur/RegisReceiptDetail', 'stockBatch', {
    scope: RECEIPTED,
    detail: 'ResourceDetail',
  }),
  inventoryView('ResourceStorage', '/pur/ResourceStorage', 'batchStorageFee'),
  inventoryView('ResourceStorageDetail', '/pur/ResourceStorageDetail', 'warehouseFee', {
    scope: { kind: 'storage' },
  }),
  inventoryView('ResourceTransportContractDetail', '/pur/ResourceTransportContractDetail', 'movementFreight'),
  inventoryView('StorageTransport', '/pur/StorageTransport', 'movement', {
    detail: 'StorageTransportDetail',
  }),
  shell('StorageTransportDetail', '/pur/StorageTransportDetail/:id/:name', 'detail', 'movement'),
];
