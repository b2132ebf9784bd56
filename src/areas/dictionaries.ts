// Every area's seed dictionaries, merged in the order of AREAS (src/areas/index.ts): light data for every
// screen (a contracts screen shows words settings seeds, an inventory screen warehouse's colourGrade),
// without loading any area's declarations. Only the areas' dictionaries.ts files are imported here; the
// areas without dictionaries (access, partners, receipts, reports) have none.
//
// The same merge as dictionariesOf (src/framework/resource/area.ts), less what it derives from the
// declarations: operationAction and operationModule hold their own seed entries only, not every command
// and resource the declarations add to them (src/areas/dictionaries.test.ts holds the two equal otherwise).

import type { Dictionaries } from '../framework/resource/area.ts';
import { CONTRACTS_DICTIONARIES } from './contracts/dictionaries.ts';
import { HEDGING_DICTIONARIES } from './hedging/dictionaries.ts';
import { INVENTORY_DICTIONARIES } from './inventory/dictionaries.ts';
import { LOGISTICS_DICTIONARIES } from './logistics/dictionaries.ts';
import { MARGIN_DICTIONARIES } from './margin/dictionaries.ts';
import { PAYMENTS_DICTIONARIES } from './payments/dictionaries.ts';
import { PRICING_DICTIONARIES } from './pricing/dictionaries.ts';
import { RISK_DICTIONARIES } from './risk/dictionaries.ts';
import { SALES_DICTIONARIES } from './sales/dictionaries.ts';
import { SYSTEM_DICTIONARIES } from './settings/dictionaries.ts';
import { WAREHOUSE_DICTIONARIES } from './warehouse/dictionaries.ts';

/** code → seed entries in display order, of every area. */
export const AREA_DICTIONARIES: Dictionaries = Object.assign(
  {},
  SYSTEM_DICTIONARIES,
  WAREHOUSE_DICTIONARIES,
  LOGISTICS_DICTIONARIES,
  CONTRACTS_DICTIONARIES,
  INVENTORY_DICTIONARIES,
  SALES_DICTIONARIES,
  PRICING_DICTIONARIES,
  PAYMENTS_DICTIONARIES,
  MARGIN_DICTIONARIES,
  HEDGING_DICTIONARIES,
  RISK_DICTIONARIES,
);
