// Capital: the journal every money event posts to, payments out and the house's bank accounts: the area's
// manifest, what the app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { CAPITAL_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'capital',
  routes,
  dictionaries: CAPITAL_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-capital" */ './index.ts').then((m) => m.capitalArea),
};
