// Inventory: the purchase side's views of the stock on the warehouse's records (/pur/ screens): the stock
// search, stock by owner, goods held for others, storage fees per batch and freight per movement.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { inventoryPart } from './resources.ts';

export { batchStorageFee, cargoOwner, movementFreight, stockBatch, stockOwnership } from './resources.ts';

export const inventoryArea = defineArea(area, inventoryPart);
