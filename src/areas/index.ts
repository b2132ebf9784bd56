// Every business area of the client, listed once: each area's manifest (src/areas/<area>/area.ts), and the
// route catalogue composed from them and the routes no area builds yet. The app hands the catalogue to the
// shell and the framework and derives the declaration loaders, dictionaries and screen parts from this list
// (src/app/). The server lists the same areas in the same order (server/areas/index.ts);
// server/areas/areas.test.ts fails when the two lists disagree. Adding an area is its folder here, its folder
// under server/areas, and one line in each list.

import type { AreaManifest } from '../framework/resource/area.ts';
import { composeRoutes } from '../shared/routes/businessRoutes.ts';
import { area as access } from './access/area.ts';
import { area as capital } from './capital/area.ts';
import { area as commissions } from './commissions/area.ts';
import { area as contracts } from './contracts/area.ts';
import { area as costing } from './costing/area.ts';
import { area as hedging } from './hedging/area.ts';
import { area as inventory } from './inventory/area.ts';
import { area as logistics } from './logistics/area.ts';
import { area as margin } from './margin/area.ts';
import { area as partners } from './partners/area.ts';
import { area as payments } from './payments/area.ts';
import { PLANNED_ROUTES } from './plannedRoutes.ts';
import { area as pledges } from './pledges/area.ts';
import { area as pricing } from './pricing/area.ts';
import { area as receipts } from './receipts/area.ts';
import { area as reports } from './reports/area.ts';
import { area as risk } from './risk/area.ts';
import { area as sales } from './sales/area.ts';
import { area as settings } from './settings/area.ts';
import { area as settlement } from './settlement/area.ts';
import { area as storefront } from './storefront/area.ts';
import { area as warehouse } from './warehouse/area.ts';

export const AREAS: readonly AreaManifest[] = [
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

/** The business routes of every area and the planned ones. */
export const BUSINESS_ROUTES = composeRoutes(AREAS, PLANNED_ROUTES);
