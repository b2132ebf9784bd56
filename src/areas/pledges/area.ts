// Pledges: the house's batches pledged to a bank for a loan, valued daily, called when their value falls,
// redeemed in part and released (domain-money.md §3): the area's manifest, what the app knows of it before
// loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { PLEDGE_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'pledges',
  routes,
  dictionaries: PLEDGE_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-pledges" */ './index.ts').then((m) => m.pledgesArea),
};
