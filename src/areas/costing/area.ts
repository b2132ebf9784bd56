// Costing: what each batch cost the house (purchase, freight, storage, insurance, supervision, interest, less
// the hedge P&L allocated to it), read live from the contracts, movements and fees. The area's manifest, what
// the app knows of it before loading it (listed in src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { COSTING_DICTIONARIES } from './dictionaries.ts';
import { PROFIT_REPORTS, type ProfitReport } from './profitApi.ts';
import { routes } from './routes.ts';

const PROFIT_PAGES = Object.keys(PROFIT_REPORTS) as ProfitReport[];

export const area: AreaManifest = {
  key: 'costing',
  routes,
  dictionaries: COSTING_DICTIONARIES,
  declarations: () => import(/* webpackChunkName: "area-costing" */ './index.ts').then((m) => m.costingArea),
  pages: {
    BatchCostStatement: () => import(/* webpackChunkName: "area-costing" */ './BatchCostStatement.tsx'),
    TurnoverReport: () => import(/* webpackChunkName: "area-costing" */ './TurnoverReport.tsx'),
    VisualChart: () => import(/* webpackChunkName: "area-costing" */ './VisualChart.tsx'),
    UnSaleProfitStatement: () => import(/* webpackChunkName: "area-costing" */ './UnsoldStatement.tsx'),
    ...Object.fromEntries(
      PROFIT_PAGES.map((report) => [
        report,
        () =>
          import(/* webpackChunkName: "area-costing" */ './ProfitReport.tsx').then((m) => ({
            default: m.profitPage(report),
          })),
      ]),
    ),
  },
};
