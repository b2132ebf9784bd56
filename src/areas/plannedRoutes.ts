// The routes of the spec's map (spec 2.2, 2.4–2.12) whose screens no area builds yet, beside the areas that
// will build them: they show the "not available in this version" screen and stay out of the menus. An area
// that builds one declares it in its own routes, and the built route takes its place in the catalogue.
import { type BusinessRoute, bare, shell } from '../shared/routes/routeRecords.ts';

export const PLANNED_ROUTES: readonly BusinessRoute[] = [
  // bare (spec 2.2)
  bare('certificatePrint', '/pending/certificatePrint', 'print', 'pending'),
  // pur (spec 2.5)
  shell('ResourceReleaseDetail', '/pur/ResourceReleaseDetail/:id/:name', 'detail'),
  // capital (spec 2.7)
  // sales (spec 2.9)
  shell('OrderDocCheckDetail', '/salesManage/OrderDocCheck/:id/:name', 'detail'),
  shell('SaleRevocationBatchDetail', '/salesManage/SaleRevocationBatch/:id/:name', 'detail'),
  // reports (spec 2.11)
  shell('InvoicingPurchaseReport', '/PurchaseReports/InvoicingPurchaseReport', 'report'),
];
