// Receipts: warehouse receipts and the batches of contracts: the area's manifest, what the app knows of it
// before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { routes } from './routes.ts';

export const area: AreaManifest = {
  key: 'receipts',
  routes,
  dictionaries: {},
  declarations: () =>
    import(/* webpackChunkName: "area-receipts" */ './index.ts').then((m) => m.receiptsArea),
};
