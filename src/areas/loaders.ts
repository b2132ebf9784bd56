// Each area's declarations in its own chunk (area-<area>), fetched with the first screen that shows them:
// opening a contract does not download the hedging desk. The chunk name is what the size budget reads
// (scripts/tenants/chunks.ts); a screen component of an area is imported under the same name.

import type { AreaDefinition } from '../framework/resource/area.ts';
import { AREA_ROUTES } from './routes.ts';

export const AREA_LOADERS: Readonly<Record<string, () => Promise<AreaDefinition>>> = {
  access: () => import(/* webpackChunkName: "area-access" */ './access/index.ts').then((m) => m.accessArea),
  settings: () =>
    import(/* webpackChunkName: "area-settings" */ './settings/index.ts').then((m) => m.settingsArea),
  partners: () =>
    import(/* webpackChunkName: "area-partners" */ './partners/index.ts').then((m) => m.partnersArea),
  warehouse: () =>
    import(/* webpackChunkName: "area-warehouse" */ './warehouse/index.ts').then((m) => m.warehouseArea),
  receipts: () =>
    import(/* webpackChunkName: "area-receipts" */ './receipts/index.ts').then((m) => m.receiptsArea),
  logistics: () =>
    import(/* webpackChunkName: "area-logistics" */ './logistics/index.ts').then((m) => m.logisticsArea),
  contracts: () =>
    import(/* webpackChunkName: "area-contracts" */ './contracts/index.ts').then((m) => m.contractsArea),
  inventory: () =>
    import(/* webpackChunkName: "area-inventory" */ './inventory/index.ts').then((m) => m.inventoryArea),
  sales: () => import(/* webpackChunkName: "area-sales" */ './sales/index.ts').then((m) => m.salesArea),
  pricing: () =>
    import(/* webpackChunkName: "area-pricing" */ './pricing/index.ts').then((m) => m.pricingArea),
  payments: () =>
    import(/* webpackChunkName: "area-payments" */ './payments/index.ts').then((m) => m.paymentsArea),
  margin: () => import(/* webpackChunkName: "area-margin" */ './margin/index.ts').then((m) => m.marginArea),
  hedging: () =>
    import(/* webpackChunkName: "area-hedging" */ './hedging/index.ts').then((m) => m.hedgingArea),
  risk: () => import(/* webpackChunkName: "area-risk" */ './risk/index.ts').then((m) => m.riskArea),
  reports: () =>
    import(/* webpackChunkName: "area-reports" */ './reports/index.ts').then((m) => m.reportsArea),
};

const showing = new Map<string, string[]>();
for (const { area, routes } of AREA_ROUTES)
  for (const resource of new Set(routes.flatMap((route) => (route.resource ? [route.resource] : []))))
    showing.set(resource, [...(showing.get(resource) ?? []), area]);

/**
 * The areas whose routes show a resource: its own, and an area that shows another's records (the
 * inventory views of receipts, movements and fees). Every declared resource has a route in its area.
 */
export const areasShowing = (resource: string): readonly string[] => showing.get(resource) ?? [];
