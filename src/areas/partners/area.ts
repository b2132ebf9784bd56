// Partners: clients, suppliers, operators, banks and brokers: the area's manifest, what the app knows of it
// before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'partners',
  routes,
  dictionaries: {},
  declarations: () =>
    import(/* webpackChunkName: "area-partners" */ './index.ts').then((m) => m.partnersArea),
};
