// Inventory: the purchase side's views of the stock on the warehouse's records: the area's manifest, what the
// app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { INVENTORY_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'inventory',
  routes,
  dictionaries: INVENTORY_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-inventory" */ './index.ts').then((m) => m.inventoryArea),
};
