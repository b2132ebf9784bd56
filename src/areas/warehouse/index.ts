// Warehouse: warehouses, batches and their quality, delivery premiums, fees and outbound appointments.
import { defineArea } from '../../framework/resource/area.ts';
import { batchArea } from './batches.ts';
import { warehouseServiceArea } from './services.ts';
import { warehouse } from './warehouses.ts';

export { batch, batchPremium, STOCK_STATES, warehousePremium } from './batches.ts';
export { outboundAppointment, warehouseFee } from './services.ts';
export { warehouse };

export const warehouseArea = defineArea(
  'warehouse',
  { resources: [warehouse], dictionaries: {} },
  batchArea,
  warehouseServiceArea,
);
