// The warehouse on the server: warehouses, batches and their bales, delivery premiums and limits, fees and
// outbound appointments.
import path from 'node:path';
import { warehouseArea } from '../../../src/areas/warehouse/index.ts';
import { defineServerArea } from '../../platform/resources/area.ts';
import { baleCalls } from './baleImport.ts';
import { batchStorage } from './batches.ts';
import { recomputeAllBatches } from './batchFigures.ts';
import { seedDeliveryLimits } from './deliveryTables.ts';
import { warehouseDemo } from './demo.ts';
import { warehouseServiceStorage } from './services.ts';

export { moveBatch } from './batches.ts';
// What the other areas' demo parts build on: the demo's stock and its movements.
export {
  cropYearOf,
  type DemoBatchMove,
  demoDriver,
  insertAppointments,
  partnerId,
  recordBatchMoves,
  type StockBatch,
  unclaimedStockBatches,
} from './demo.ts';
export { GOODS_OUT, type GoodsOut } from './services.ts';

const BALES_MIGRATION = '008_bales_delivery_limits.sql';

/** Importing a 公检 bale file: warehouse staff, and traders who bring the inspection data of their goods. */
const IMPORT = [{ scope: 'MtfmBatchData', permissions: ['import'] }];

export const warehouse = defineServerArea({
  key: 'warehouse',
  declarations: warehouseArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  demo: warehouseDemo,
  parts: [
    {
      migration: '002_system_resources.sql',
      storage: { warehouse: { table: 'warehouses', unique: ['code'] } },
      grants: {},
    },
    batchStorage,
    warehouseServiceStorage,
    {
      migration: BALES_MIGRATION,
      storage: {},
      grants: { administrator: IMPORT, warehouse: IMPORT, trader: IMPORT },
    },
  ],
  calls: baleCalls,
  seed: async (tx, { pending }) => {
    if (!pending.includes(BALES_MIGRATION)) return;
    await seedDeliveryLimits(tx);
    // Grades by truncation and the stored limits: batches of an existing database are judged again.
    await recomputeAllBatches(tx);
  },
});
