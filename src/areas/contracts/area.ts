// Contracts: purchases and sales, their fixings and versions, upstream orders: the area's manifest, what the
// app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { CONTRACTS_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

const screens = () => import(/* webpackChunkName: "area-contracts" */ './ContractParts.tsx');

export const area: AreaManifest = {
  key: 'contracts',
  routes,
  dictionaries: CONTRACTS_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-contracts" */ './index.ts').then((m) => m.contractsArea),
  parts: {
    transactionContract: { detailParts: () => screens().then((m) => m.ContractParts) },
  },
};
