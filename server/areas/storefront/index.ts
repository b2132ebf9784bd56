// Resource packages and the B2B storefront on the server (domain-money.md §7): packages of the house's own
// batches and their quality summary; platform users, the storefront's search, carts and purchase requests.
import path from 'node:path';
import { storefrontArea } from '../../../src/areas/storefront/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import { storefrontDemo } from './demo.ts';
import { linkCalls } from './links.ts';
import { resourcePackageStorage } from './packages.ts';
import {
  cartLineStorage,
  listingStorage,
  PLATFORM_SETTINGS,
  platformUserStorage,
  purchaseRequestStorage,
  storefrontCalls,
} from './platform.ts';

export { PLATFORM_SETTINGS } from './platform.ts';

const PACKAGES = ['ResourcePackageOne', 'platformcommoditymanagement'];
const READ = ['view', 'export'];
const on = (screens: string[], permissions: string[]): RoleGrant[] =>
  screens.map((scope) => ({ scope, permissions }));

export const storefront = defineServerArea({
  key: 'storefront',
  declarations: storefrontArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  calls: (app, ctx) => {
    storefrontCalls(app, ctx);
    linkCalls(app, ctx);
  },
  demo: storefrontDemo,
  settings: PLATFORM_SETTINGS,
  parts: [
    {
      migration: '160_resource_packages.sql',
      storage: { resourcePackage: resourcePackageStorage },
      referenceNames: { resourcePackage: { table: 'resource_packages', column: 'package_no' } },
      // The trading desk makes and publishes packages; the sales desk reads what is published.
      grants: {
        trader: on(PACKAGES, ['view', 'create', 'edit', 'delete', 'export', 'publish']),
        sales: on([...PACKAGES, 'B2bResources'], READ),
        risk: on([...PACKAGES, 'B2bResources'], READ),
      },
    },
    {
      migration: '161_platform_clients.sql',
      storage: {
        platformUser: platformUserStorage,
        storefrontListing: listingStorage,
        platformCartLine: cartLineStorage,
        platformPurchaseRequest: purchaseRequestStorage,
      },
      referenceNames: {
        platformPurchaseRequest: { table: 'platform_purchase_requests', column: 'request_no' },
      },
      // A client's staff read the storefront and nothing else. The sales desk registers its clients' users and
      // follows their carts and requests; risk approves a user (never who registered it) and disables one.
      grants: {
        platformClient: on(['commerceIndex'], ['view']),
        sales: [
          ...on(['platformusermanagement'], ['view', 'create', 'edit', 'delete', 'export']),
          ...on(['platformpurchasemanagement', 'platformShoppingCart'], READ),
        ],
        risk: [
          ...on(['platformusermanagement'], ['view', 'approve', 'disable', 'enable', 'export']),
          ...on(['platformpurchasemanagement'], READ),
        ],
      },
    },
    { migration: '162_share_links.sql', storage: {}, grants: {} },
  ],
});
