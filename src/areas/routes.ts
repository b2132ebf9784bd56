// The routes each area renders (light: route records only, no declarations), in the areas' order; the
// route map (src/shared/routes/businessRoutes.ts) adds them to the spec's planned routes.

import type { BusinessRoute } from '../shared/routes/routeRecords.ts';
import { routes as access } from './access/routes.ts';
import { routes as contracts } from './contracts/routes.ts';
import { routes as hedging } from './hedging/routes.ts';
import { routes as inventory } from './inventory/routes.ts';
import { routes as logistics } from './logistics/routes.ts';
import { routes as margin } from './margin/routes.ts';
import { routes as partners } from './partners/routes.ts';
import { routes as payments } from './payments/routes.ts';
import { routes as pricing } from './pricing/routes.ts';
import { routes as receipts } from './receipts/routes.ts';
import { routes as risk } from './risk/routes.ts';
import { routes as sales } from './sales/routes.ts';
import { routes as settings } from './settings/routes.ts';
import { routes as warehouse } from './warehouse/routes.ts';

export const AREA_ROUTES: readonly { area: string; routes: readonly BusinessRoute[] }[] = [
  { area: 'access', routes: access },
  { area: 'settings', routes: settings },
  { area: 'partners', routes: partners },
  { area: 'warehouse', routes: warehouse },
  { area: 'receipts', routes: receipts },
  { area: 'logistics', routes: logistics },
  { area: 'inventory', routes: inventory },
  { area: 'contracts', routes: contracts },
  { area: 'sales', routes: sales },
  { area: 'pricing', routes: pricing },
  { area: 'hedging', routes: hedging },
  { area: 'payments', routes: payments },
  { area: 'margin', routes: margin },
  { area: 'risk', routes: risk },
];
