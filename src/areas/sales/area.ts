// The sales desk: clients, salespeople, reservations and bookings: the area's manifest, what the app knows of
// it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { SALES_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

const screens = () => import(/* webpackChunkName: "area-sales" */ './ClientScreens.tsx');

export const area: AreaManifest = {
  key: 'sales',
  routes,
  dictionaries: SALES_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-sales" */ './index.ts').then((m) => m.salesArea),
  parts: {
    client: { detailParts: () => screens().then((m) => m.ClientDataLink) },
  },
};
