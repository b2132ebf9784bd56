// Client margin: the margin ledger, applications, calls and the risk reports over them: the area's manifest,
// what the app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { MARGIN_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'margin',
  routes,
  dictionaries: MARGIN_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-margin" */ './index.ts').then((m) => m.marginArea),
};
