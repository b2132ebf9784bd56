// Reports across the areas: the large data screen and the workbench's desk. The area's manifest, what the
// app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'reports',
  routes,
  dictionaries: {},
  declarations: () => import(/* webpackChunkName: "area-reports" */ './index.ts').then((m) => m.reportsArea),
  pages: { largeDataScreen: () => import(/* webpackChunkName: "area-reports" */ './LargeScreen.tsx') },
  home: () => import(/* webpackChunkName: "area-reports" */ './Desk.tsx').then((m) => m.default),
};
