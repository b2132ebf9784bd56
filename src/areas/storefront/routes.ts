// The screens of resource packages and the B2B storefront (routes-money.md group D).
import { type BusinessRoute, bare, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  // Opened without login from a signed link (links.ts on the server).
  bare('resourcePackageInterlinkage', '/resourcePackageOne/interlinkage', 'page', 'pur'),
  bare('ResourceDetailSm', '/ResourceDetailSm', 'page', 'pur'),
  shell('ResourcePackageOne', '/pur/ResourcePackageOne', 'list', 'resourcePackage'),
  shell('B2bResources', '/pur/B2bResources', 'list', 'resourcePackage', { status: 'published' }),
  // The storefront itself: clients (platform users) search the published packages, hold and request them.
  shell('commerceIndex', '/platformManagement/commerceIndex', 'page', 'storefrontListing'),
  shell('platformusermanagement', '/platformManagement/platformusermanagement', 'list', 'platformUser'),
  shell(
    'platformcommoditymanagement',
    '/platformManagement/platformcommoditymanagement',
    'list',
    'resourcePackage',
  ),
  shell(
    'platformpurchasemanagement',
    '/platformManagement/platformpurchasemanagement',
    'list',
    'platformPurchaseRequest',
  ),
  shell('platformShoppingCart', '/platformManagement/platformShoppingCart', 'list', 'platformCartLine'),
  // The desks' read-only stock views; the team views show the reader's department's (server-scoped).
  shell('ResourceDataPur', '/pur/ResourceDataPur', 'report', 'resourceDataPur'),
  shell('TeamPurResource', '/pur/TeamPurResource', 'list', 'teamPurResource'),
  shell('ResourceDataSale', '/sales/ResourceDataSale', 'report', 'resourceDataSale'),
  shell('TeamSaleResource', '/sales/TeamSaleResource', 'list', 'teamSaleResource'),
  shell('platformSetting', '/platformManagement/platformSetting', 'list', 'platformSetting'),
  shell('helpCenterSetup', '/platformManagement/helpCenterSetup', 'list', 'helpArticle'),
];
