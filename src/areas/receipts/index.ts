// Receipts: warehouse receipts (仓单) from pre-declaration to cancellation, and the batches of contracts.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { receiptsPart } from './resources.ts';

export { contractBatch, warehouseReceipt } from './resources.ts';

export const receiptsArea = defineArea(area, receiptsPart);
