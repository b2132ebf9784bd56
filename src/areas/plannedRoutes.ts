// The routes of the spec's map (spec 2.2, 2.4–2.12) whose screens no area builds yet, beside the areas that
// will build them: they show the "not available in this version" screen and stay out of the menus. An area
// that builds one declares it in its own routes, and the built route takes its place in the catalogue.
import { type BusinessRoute, bare, shell } from '../shared/routes/routeRecords.ts';

export const PLANNED_ROUTES: readonly BusinessRoute[] = [
  // bare (spec 2.2)
  bare('certificatePrint', '/pending/certificatePrint', 'print', 'pending'),
  bare('receiptPrint', '/pending/receipt', 'print', 'pending'),
  // pur (spec 2.5)
  shell('ResourceDataPur', '/pur/ResourceDataPur', 'report'),
  shell('TeamPurResource', '/pur/TeamPurResource', 'list'),
  shell('ResourcePledge', '/pur/ResourcePledge', 'list'),
  shell('ResourcePledgeDetail', '/pur/ResourcePledgeDetail/:id/:name', 'detail'),
  shell('ResourceRelease', '/pur/ResourceRelease', 'list'),
  shell('ResourceReleaseDetail', '/pur/ResourceReleaseDetail/:id/:name', 'detail'),
  shell('SurchargeInterest', '/pur/SurchargeInterest', 'list'),
  shell('RedemSpot', '/pur/RedemSpot', 'list'),
  shell('RedemSpotDetail', '/pur/RedemSpot/:id/:name', 'detail'),
  shell('RedeemEval', '/pur/RedeemEval', 'report'),
  shell('SaleTarget', '/pur/SaleTarget', 'report'),
  shell('PurTarget', '/pur/PurTarget', 'report'),
  shell('ResourceStorageFee', '/pur/ResourceStorageFee', 'list'),
  shell('PackageRealStoragefee', '/pur/PackageRealStoragefee', 'list'),
  shell('ResourcePackageStoragePayment', '/pur/ResourcePackageStoragePayment', 'list'),
  // capital (spec 2.7)
  shell('OtherInvoice', '/capital/OtherInvoice', 'list'),
  shell('OtherInvoiceDetail', '/capital/OtherInvoiceDetail/:id/:name', 'detail'),
  shell('UnRedemAccountDetail', '/capital/UnRedemAccountDetail', 'list'),
  // sales (spec 2.9)
  shell('ResourceDataSale', '/sales/ResourceDataSale', 'report'),
  shell('TeamSaleResource', '/sales/TeamSaleResource', 'list'),
  shell('OrderDocCheckDetail', '/salesManage/OrderDocCheck/:id/:name', 'detail'),
  shell('SaleRevocationBatchDetail', '/salesManage/SaleRevocationBatch/:id/:name', 'detail'),
  shell('ClientPayCheck', '/salesManage/ClientPayCheck', 'approval'),
  shell('ClientPayCheckDetail', '/salesManage/ClientPayCheck/:id/:name', 'detail'),
  // reports (spec 2.11)
  shell('TurnoverReport', '/SpotReport/TurnoverReport', 'report'),
  shell('SelfPurchaseDeductReport', '/FinSett/SelfPurchaseDeductReport', 'report'),
  shell('SelfSaleDeductReport', '/FinSett/SelfSaleDeductReport', 'report'),
  shell('SelfB2BDeductReport', '/FinSett/SelfB2BDeductReport', 'report'),
  shell('CommissionSumReport', '/FinSett/CommissionSumReport', 'report'),
  shell('FinancialCommission', '/FinSett/FinancialCommission', 'report'),
  shell('RoyaltyAccounting', '/FinSett/RoyaltyAccounting', 'report'),
  shell('PurRoyaltyAccounting', '/FinSett/PurRoyaltyAccounting', 'report'),
  shell('SaleRoyaltyAccounting', '/FinSett/SaleRoyaltyAccounting', 'report'),
  shell('ManageRoyaltyAccounting', '/FinSett/ManageRoyaltyAccounting', 'report'),
  shell('InvoicingPurchaseReport', '/PurchaseReports/InvoicingPurchaseReport', 'report'),
  shell('PurchaseBill', '/PurchaseReports/PurchaseBill', 'report'),
  shell('CollectStock', '/SalesReport/CollectStock', 'report'),
  shell('InvoicingSellReport', '/SalesReport/InvoicingSellReport', 'report'),
  shell('CostAndProft', '/BusiReport/CostAndProft', 'report'),
  shell('CostAndProftTwo', '/BusiReport/CostAndProftTwo', 'report'),
  shell('CostAndProftThree', '/BusiReport/CostAndProftThree', 'report'),
  shell('CostAndProftFour', '/BusiReport/CostAndProftFour', 'report'),
  shell('SpmProfits', '/BusiReport/SpmProfits', 'report'),
  shell('DeliveryStatement', '/BusiReport/DeliveryStatement', 'report'),
  shell('VisualChart', '/BusiReport/VisualChart', 'report'),
  shell('UnSaleProfitStatement', '/BusiReport/UnSaleProfitStatement', 'report'),
  shell('ProfitReturn', '/BusiReport/ProfitReturn', 'report'),
  // platform (spec 2.12)
  shell('platformSetting', '/platformManagement/platformSetting', 'page'),
  shell('helpCenterSetup', '/platformManagement/helpCenterSetup', 'list'),
];
