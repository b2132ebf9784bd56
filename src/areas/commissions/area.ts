// Commissions: the commission run of a month, its lines by role and the commission reports (domain-money.md
// §5, SM-11), and the desks' targets against their actuals (§6.4, SM-12). The area's manifest, what the app
// knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { COMMISSION_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'commissions',
  routes,
  dictionaries: COMMISSION_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-commissions" */ './index.ts').then((m) => m.commissionsArea),
};
