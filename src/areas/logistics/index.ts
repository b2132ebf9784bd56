// Logistics: dispatch stations, rail and road routes, and the movements that carry batches between them.
import { defineArea } from '../../framework/resource/area.ts';
import { logisticsArea as logistics } from './resources.ts';

export { dispatchStation, movement, transportRoute } from './resources.ts';

export const logisticsArea = defineArea('logistics', logistics);
