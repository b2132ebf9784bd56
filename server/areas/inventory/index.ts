// Inventory on the server: the views of migration 021 behind the /pur/ inventory screens, and who may read
// them. Nothing is written through them.
import path from 'node:path';
import { inventoryArea } from '../../../src/areas/inventory/index.ts';
import type { StoredPart } from '../../platform/resources/area.ts';
import { defineServerArea } from '../../platform/resources/area.ts';

const READ = ['view', 'export'];
const reading = (...scopes: string[]) => scopes.map((scope) => ({ scope, permissions: READ }));

/**
 * The trader and the warehouse reach these screens through their /pur/ menu group (seed data); risk and
 * finance are given the ones their work needs. Every screen here views only (readOnly routes).
 */
const grants: StoredPart['grants'] = {
  risk: reading(
    'ResourcesList',
    'ResourceExWarehouse',
    'BatchResourceType',
    'CargoManagement',
    'RegisReceipt',
  ),
  finance: reading(
    'ResourcesList',
    'BatchResourceType',
    'CargoManagement',
    'ResourceStorage',
    'ResourceStorageDetail',
    'ResourceTransportContractDetail',
  ),
};

export const inventory = defineServerArea({
  key: 'inventory',
  declarations: inventoryArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  parts: [
    {
      migration: '021_inventory_views.sql',
      storage: {
        stockBatch: { table: 'stock_batches', clientScope: { names: 'array[t.owner_id]' } },
        stockOwnership: { table: 'stock_ownership' },
        cargoOwner: { table: 'cargo_owners', clientScope: { names: 'array[t.owner_id]' } },
        batchStorageFee: { table: 'batch_storage_fees' },
        movementFreight: { table: 'movement_freights', clientScope: { names: 'array[t.carrier_id]' } },
      },
      grants,
    },
  ],
});
