// Logistics: dispatch stations, rail and road routes, and the movements that carry batches between them.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { logisticsPart } from './resources.ts';

export { dispatchStation, movement, transportRoute } from './resources.ts';

export const logisticsArea = defineArea(area, logisticsPart);
