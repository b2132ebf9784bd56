// Risk: interval warnings, purchase-contract margin and the teams' exposure: the area's manifest, what the
// app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { RISK_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'risk',
  routes,
  dictionaries: RISK_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-risk" */ './index.ts').then((m) => m.riskArea),
};
