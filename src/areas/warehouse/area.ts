// Warehouse: warehouses, batches and their bales, premiums, fees and outbound appointments: the area's
// manifest, what the app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { WAREHOUSE_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

const screens = () => import(/* webpackChunkName: "area-warehouse" */ './BatchScreens.tsx');

export const area: AreaManifest = {
  key: 'warehouse',
  routes,
  dictionaries: WAREHOUSE_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-warehouse" */ './index.ts').then((m) => m.warehouseArea),
  downloads: [
    {
      key: 'bales',
      title: 'warehouse:download.baleTemplate',
      download: () =>
        import(/* webpackChunkName: "area-warehouse" */ './baleTemplate.ts').then((m) =>
          m.downloadBaleTemplate(),
        ),
    },
  ],
  parts: {
    batch: {
      listToolbar: () => screens().then((m) => m.BaleImportButton),
      detailParts: () => screens().then((m) => m.BatchBales),
    },
  },
};
