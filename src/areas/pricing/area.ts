// Pricing: futures prices, the sales basis sheet and clients' price orders: the area's manifest, what the app
// knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { PRICING_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

const screens = () => import(/* webpackChunkName: "area-pricing" */ './PriceImport.tsx');

export const area: AreaManifest = {
  key: 'pricing',
  routes,
  dictionaries: PRICING_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-pricing" */ './index.ts').then((m) => m.pricingArea),
  parts: {
    futuresPrice: { listToolbar: () => screens().then((m) => m.PriceImportButton) },
  },
};
