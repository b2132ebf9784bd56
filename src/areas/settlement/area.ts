// Settlement: sale and purchase settlements of delivered cotton (domain-money.md §1): the area's manifest,
// what the app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { SETTLEMENT_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'settlement',
  routes,
  dictionaries: SETTLEMENT_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-settlement" */ './index.ts').then((m) => m.settlementArea),
};
