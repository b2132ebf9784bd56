// Resource packages and the B2B storefront on the server (domain-money.md §7): packages of the house's own
// batches and their quality summary; platform users, the storefront's search, carts and purchase requests.
import path from 'node:path';
import { storefrontArea } from '../../../src/areas/storefront/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import { formatDateTime } from '../../platform/time.ts';
import { expireOnSchedule } from './decisions.ts';
import { storefrontDemo } from './demo.ts';
import { linkCalls } from './links.ts';
import { resourcePackageStorage } from './packages.ts';
import {
  cartLineStorage,
  helpArticleStorage,
  listingStorage,
  PLATFORM_SETTING_SEEDS,
  platformSettingStorage,
  platformUserStorage,
  purchaseRequestStorage,
  storefrontCalls,
} from './platform.ts';

export { expireWaitingRequests } from './decisions.ts';
export { PLATFORM_SETTING_SEEDS } from './platform.ts';

/** The platform's settings get a row each (their seed, from the day of seeding) where they have none. */
async function seedPlatformSettings(tx: Queryable, now: Date, timeZone: string) {
  for (const { key, seed } of PLATFORM_SETTING_SEEDS)
    await tx.query(
      `insert into system_settings (setting_key, value, effective_from, remark, updated_at)
       select $1, $2, $3, null, $4 where not exists (select 1 from system_settings where setting_key = $1)`,
      [key, seed, formatDateTime(now, timeZone).slice(0, 10), now],
    );
}

/** The reader's team: their department (a reader without one has no team and sees no team's rows). */
const READER_TEAM = '(select u.department_id from users u where u.id = $viewer::bigint)';
const TEAM = `t.team_id = ${READER_TEAM}`;
/** Stock names a client only when reserved for one: the rest is every salesperson's to sell. */
const RESERVED_FOR = { names: 'array[t.reserved_client_id]' };

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
    expireOnSchedule(app, ctx);
  },
  seed: async (tx, { now, timeZone }) => seedPlatformSettings(tx, now, timeZone),
  demo: storefrontDemo,
  settings: PLATFORM_SETTING_SEEDS,
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
    // The administrator (who holds every right) keeps the platform's settings; nobody else by default.
    {
      migration: '260_platform_settings.sql',
      storage: { platformSetting: platformSettingStorage },
      grants: {},
    },
    // The sales desk accepts its clients' requests or rejects them with a reason.
    {
      migration: '261_purchase_request_decisions.sql',
      storage: {},
      grants: { sales: on(['platformpurchasemanagement'], ['approve']) },
    },
    // The sales desk writes and publishes the help its clients read; risk reads it.
    {
      migration: '262_help_articles.sql',
      storage: { helpArticle: helpArticleStorage },
      grants: {
        sales: on(['helpCenterSetup'], ['view', 'create', 'edit', 'delete', 'export', 'publish']),
        risk: on(['helpCenterSetup'], READ),
      },
    },
    // The desks' stock views: purchasing reads the purchase side, the sales desk the sale side, risk all.
    {
      migration: '263_resource_views.sql',
      storage: {
        resourceDataPur: { table: 'resource_data_pur', clientScope: { names: 'array[t.supplier_id]' } },
        teamPurResource: {
          table: 'resource_data_pur',
          clientScope: { names: 'array[t.supplier_id]' },
          viewerScope: TEAM,
        },
        resourceDataSale: { table: 'resource_data_sale', clientScope: RESERVED_FOR },
        teamSaleResource: {
          table: 'resource_data_sale',
          clientScope: RESERVED_FOR,
          viewerScope: `(t.reserved_client_id is null or t.reserved_team_id = ${READER_TEAM})`,
        },
      },
      grants: {
        trader: on(['ResourceDataPur', 'TeamPurResource'], READ),
        sales: on(['ResourceDataSale', 'TeamSaleResource'], READ),
        risk: on(['ResourceDataPur', 'TeamPurResource', 'ResourceDataSale', 'TeamSaleResource'], READ),
      },
    },
  ],
});
