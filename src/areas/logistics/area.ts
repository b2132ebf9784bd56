// Logistics: stations, routes and the movements of batches: the area's manifest, what the app knows of it
// before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { LOGISTICS_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'logistics',
  routes,
  dictionaries: LOGISTICS_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-logistics" */ './index.ts').then((m) => m.logisticsArea),
};
