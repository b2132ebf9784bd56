// Resource packages and the B2B storefront: the area's manifest, what the app knows of it before loading it
// (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { STOREFRONT_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

const shared = () => import(/* webpackChunkName: "storefront-links" */ './SharedPages.tsx');

export const area: AreaManifest = {
  key: 'storefront',
  routes,
  dictionaries: STOREFRONT_DICTIONARIES,
  pages: {
    commerceIndex: () => import(/* webpackChunkName: "area-storefront" */ './StorefrontPage.tsx'),
    resourcePackageInterlinkage: () => shared().then((m) => ({ default: m.SharedPackagePage })),
    ResourceDetailSm: () => shared().then((m) => ({ default: m.BatchSheetPage })),
  },
  declarations: () =>
    import(/* webpackChunkName: "area-storefront" */ './index.ts').then((m) => m.storefrontArea),
};
