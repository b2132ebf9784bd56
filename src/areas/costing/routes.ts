// The screens of costing: the batch cost statement (BusiReport) and the contract execution reports. A report computed by the area's own call
// (src/domain/batchCost.ts), not a stored resource: its route names no resource and carries its menu group.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

const inMenu = (route: BusinessRoute): BusinessRoute => ({ ...route, menuGroup: route.prefix! });

export const routes: readonly BusinessRoute[] = [
  inMenu(shell('BatchCostStatement', '/BusiReport/BatchCostStatement', 'report')),
  // Realised profit (profitApi.ts): by sale contract, batch, salesperson, month; spm's layout; on collection.
  inMenu(shell('CostAndProft', '/BusiReport/CostAndProft', 'report')),
  inMenu(shell('CostAndProftTwo', '/BusiReport/CostAndProftTwo', 'report')),
  inMenu(shell('CostAndProftThree', '/BusiReport/CostAndProftThree', 'report')),
  inMenu(shell('CostAndProftFour', '/BusiReport/CostAndProftFour', 'report')),
  inMenu(shell('SpmProfits', '/BusiReport/SpmProfits', 'report')),
  inMenu(shell('ProfitReturn', '/BusiReport/ProfitReturn', 'report')),
  inMenu(shell('UnSaleProfitStatement', '/BusiReport/UnSaleProfitStatement', 'report')),
  inMenu(shell('TurnoverReport', '/SpotReport/TurnoverReport', 'report')),
  inMenu(shell('VisualChart', '/BusiReport/VisualChart', 'report')),
  // Contract execution: purchases priced later, spot purchases, sales.
  shell(
    'PurchaseContractStatement',
    '/PurchaseReports/PurchaseContractStatement',
    'report',
    'purchaseContractStatement',
    {
      pricingMode: 'later',
    },
  ),
  shell(
    'PurchaseSpotContractStatement',
    '/PurchaseReports/PurchaseSpotContractStatement',
    'report',
    'purchaseContractStatement',
    { pricingMode: 'fixed' },
  ),
  shell('SaleContractStatement', '/SalesReport/SaleContractStatement', 'report', 'saleContractStatement'),
  // Over the records as they are (reports.ts).
  shell('DeliveryStatement', '/BusiReport/DeliveryStatement', 'report', 'deliveryStatement'),
  shell('CollectStock', '/SalesReport/CollectStock', 'report', 'collectStock'),
  shell('InvoicingSellReport', '/SalesReport/InvoicingSellReport', 'report', 'saleInvoicingReport'),
  shell('PurchaseBill', '/PurchaseReports/PurchaseBill', 'report', 'purchaseBill'),
];
