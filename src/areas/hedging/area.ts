// Hedging: futures accounts and trades, hedge orders, positions, statements, speculation and rolls: the
// area's manifest, what the app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { HEDGING_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

const allocations = () => import(/* webpackChunkName: "area-hedging" */ './Allocations.tsx');
const positions = () => import(/* webpackChunkName: "area-hedging" */ './PositionsPanel.tsx');
const statements = () => import(/* webpackChunkName: "area-hedging" */ './StatementScreens.tsx');

export const area: AreaManifest = {
  key: 'hedging',
  routes,
  dictionaries: HEDGING_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-hedging" */ './index.ts').then((m) => m.hedgingArea),
  parts: {
    transactionContract: { detailParts: () => allocations().then((m) => m.ContractAllocations) },
    futuresPosition: { listToolbar: () => positions().then((m) => m.PositionsPanel) },
    futuresStatement: { listToolbar: () => statements().then((m) => m.StatementImportButton) },
    futuresTrade: { detailParts: () => allocations().then((m) => m.TradeParts) },
    teamPosition: { detailParts: () => statements().then((m) => m.TeamTrades) },
  },
};
