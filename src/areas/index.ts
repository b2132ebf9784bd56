// Every business area of the client, listed once. The server lists the same areas (server/areas/index.ts);
// src/areas/areas.test.ts fails when the two lists disagree. Adding an area is adding its folder here, its
// folder under server/areas, and one line in each list.

import { type AreaDefinition, dictionariesOf, resourcesOf } from '../framework/resource/area.ts';
import { accessArea } from './access/index.ts';
import { contractsArea } from './contracts/index.ts';
import { hedgingArea } from './hedging/index.ts';
import { inventoryArea } from './inventory/index.ts';
import { logisticsArea } from './logistics/index.ts';
import { marginArea } from './margin/index.ts';
import { partnersArea } from './partners/index.ts';
import { paymentsArea } from './payments/index.ts';
import { pricingArea } from './pricing/index.ts';
import { receiptsArea } from './receipts/index.ts';
import { reportsArea } from './reports/index.ts';
import { riskArea } from './risk/index.ts';
import { salesArea } from './sales/index.ts';
import { settingsArea } from './settings/index.ts';
import { warehouseArea } from './warehouse/index.ts';

export const AREAS: readonly AreaDefinition[] = [
  accessArea,
  settingsArea,
  partnersArea,
  warehouseArea,
  receiptsArea,
  logisticsArea,
  contractsArea,
  inventoryArea,
  salesArea,
  pricingArea,
  paymentsArea,
  marginArea,
  hedgingArea,
  riskArea,
  reportsArea,
];

/** Every declared resource of every area. */
export const ALL_RESOURCES = resourcesOf(AREAS);

/** Every dictionary the declarations name, with its seed entries (code → entries in order). */
export const ALL_DICTIONARIES = dictionariesOf(AREAS);

export * from './access/index.ts';
export * from './contracts/index.ts';
export * from './hedging/index.ts';
export * from './inventory/index.ts';
export * from './logistics/index.ts';
export * from './margin/index.ts';
export * from './partners/index.ts';
export * from './payments/index.ts';
export * from './pricing/index.ts';
export * from './receipts/index.ts';
export * from './reports/index.ts';
export * from './risk/index.ts';
export * from './sales/index.ts';
export * from './settings/index.ts';
export * from './warehouse/index.ts';
