// Warehouse: warehouses, batches and their quality, delivery premiums, fees and outbound appointments.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { batchPart } from './batches.ts';
import { warehouseServicePart } from './services.ts';
import { warehouse } from './warehouses.ts';

export {
  batch,
  batchPremium,
  PROPERTY_STATES,
  STOCK_STATES,
  UNSOLD_STATES,
  warehousePremium,
} from './batches.ts';
export { outboundAppointment, warehouseFee } from './services.ts';
export { warehouse };

export const warehouseArea = defineArea(area, { resources: [warehouse] }, batchPart, warehouseServicePart);
