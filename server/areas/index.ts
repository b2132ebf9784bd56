// Every business area of the server, listed once, in the client's order (src/areas/index.ts), and their
// composition: the list with the route catalogue made of the areas' routes and the routes no area builds
// yet, which buildApp and migrate are given. A test may compose fewer (access is what logging in needs).
import { PLANNED_ROUTES } from '../../src/areas/plannedRoutes.ts';
import { composeRoutes } from '../../src/shared/routes/businessRoutes.ts';
import type { Composition, ServerArea } from '../platform/resources/area.ts';
import { access } from './access/index.ts';
import { capital } from './capital/index.ts';
import { commissions } from './commissions/index.ts';
import { contracts } from './contracts/index.ts';
import { costing } from './costing/index.ts';
import { hedging } from './hedging/index.ts';
import { inventory } from './inventory/index.ts';
import { logistics } from './logistics/index.ts';
import { margin } from './margin/index.ts';
import { partners } from './partners/index.ts';
import { payments } from './payments/index.ts';
import { pledges } from './pledges/index.ts';
import { pricing } from './pricing/index.ts';
import { receipts } from './receipts/index.ts';
import { reports } from './reports/index.ts';
import { risk } from './risk/index.ts';
import { sales } from './sales/index.ts';
import { settings } from './settings/index.ts';
import { settlement } from './settlement/index.ts';
import { storefront } from './storefront/index.ts';
import { warehouse } from './warehouse/index.ts';

export const SERVER_AREAS: readonly ServerArea[] = [
  access,
  settings,
  partners,
  warehouse,
  receipts,
  logistics,
  inventory,
  contracts,
  sales,
  pricing,
  payments,
  costing,
  settlement,
  margin,
  capital,
  hedging,
  risk,
  reports,
  storefront,
  pledges,
  commissions,
];

/** Areas composed: the route catalogue of their routes and the planned ones goes with them. */
export const compose = (areas: readonly ServerArea[]): Composition => ({
  areas,
  routes: composeRoutes(
    areas.map((area) => area.declarations),
    PLANNED_ROUTES,
  ),
});

/** Every area, as the server serves them. */
export const COMPOSITION = compose(SERVER_AREAS);
