// The business routes of spec 2.2 (bare pages) and 2.4–2.12, as data for the router, the tab pool and the
// server's menu seed. Titles are i18n keys `route.<key>`. The routes of built screens are declared by their
// business area (src/areas/<area>/routes.ts) and bound to the declaration rendering them; the routes below
// have no page yet and show the "not available in this version" screen, absent from menus.

import { AREA_ROUTES } from '../../areas/routes.ts';
import { type BusinessRoute, bare, shell } from './routeRecords.ts';

export * from './routeRecords.ts';

/** Routes of the spec's map whose screens are not built yet. */
const PLANNED_ROUTES: readonly BusinessRoute[] = [
  // bare (spec 2.2)
  bare('resourcePackageInterlinkage', '/resourcePackageOne/interlinkage', 'page', 'pur'),
  bare('ResourceDetailSm', '/ResourceDetailSm', 'page', 'pur'),
  bare('riskNoticePrint', '/pending/riskNoticePrint', 'print', 'pending'),
  bare('voidAgreementPrint', '/pending/voidAgreementPrint', 'print', 'pending'),
  bare('suppleAgreementPrint', '/pending/suppleAgreementPrint', 'print', 'pending'),
  bare('certificatePrint', '/pending/certificatePrint', 'print', 'pending'),
  bare('statementPrint', '/pending/statementPrint', 'print', 'pending'),
  bare('statementPrintSpm', '/pending/statementPrintSpm', 'print', 'pending'),
  bare('receiptconfirmation', '/pending/receiptconfirmation', 'print', 'pending'),
  bare('receiptconfirmationSpm', '/pending/receiptconfirmationSpm', 'print', 'pending'),
  bare('confirmationPrint', '/pending/confirmationPrint', 'print', 'pending'),
  bare('invoiceDetailsPrint', '/pending/invoiceDetailsPrint', 'print', 'pending'),
  bare('payDoc', '/pending/payDoc', 'print', 'pending'),
  bare('receiptPrint', '/pending/receipt', 'print', 'pending'),
  // pri (spec 2.4)
  // pur (spec 2.5)
  shell('TransferCheckList', '/pur/TransferCheck/list', 'approval'),
  shell('purContractApproval', '/pur/purContractApproval', 'approval'),
  shell('contractApproval', '/pur/purContractApproval/contractApproval/:id', 'detail'),
  shell('contractApprovalFlag', '/pur/purContractApproval/contractApproval/:id/:flag', 'detail'),
  shell('PointPriceContract', '/pur/PointPriceContract', 'list'),
  shell('Contractdetails', '/pur/Contractdetails/:id/:flag/:sp/:name', 'detail'),
  shell('ResourceDataPur', '/pur/ResourceDataPur', 'report'),
  shell('B2bResources', '/pur/B2bResources', 'list'),
  shell('TeamPurResource', '/pur/TeamPurResource', 'list'),
  shell('SpotContract', '/pur/SpotContract', 'list'),
  shell('SpotContractDetails', '/pur/SpotContractDetails/:id/:name', 'detail'),
  shell('SpotInvoice', '/pur/SpotInvoice', 'list'),
  shell('SpotInvoiceDetails', '/pur/SpotInvoiceDetails/:id/:name', 'detail'),
  shell('PurSettInvoice', '/pur/PurSettInvoice', 'list'),
  shell('PurSettInvoiceDetails', '/pur/PurSettInvoiceDetails/:id/:name', 'detail'),
  shell('RedInvoice', '/pur/RedInvoice', 'list'),
  shell('RedInvoiceDetails', '/pur/RedInvoiceDetails/:id/:name', 'detail'),
  shell('PurchaseRevocationBatch', '/pur/PurchaseRevocationBatch', 'approval'),
  shell('ResourcePledge', '/pur/ResourcePledge', 'list'),
  shell('ResourcePledgeDetail', '/pur/ResourcePledgeDetail/:id/:name', 'detail'),
  shell('ResourceRelease', '/pur/ResourceRelease', 'list'),
  shell('ResourceReleaseDetail', '/pur/ResourceReleaseDetail/:id/:name', 'detail'),
  shell('PurchasePaymentList', '/pur/PurchasePayment/list', 'list'),
  shell('PurchasePaymentDetails', '/pur/PurchasePaymentDetails/:id/:name', 'detail'),
  shell('yaSpeculation', '/pur/yaSpeculation', 'list'),
  shell('yaSpeculationDetail', '/pur/yaSpeculation/detail/:id/:name', 'detail'),
  shell('ImmediateApproval', '/pur/ImmediateApproval', 'approval'),
  shell('SepComb', '/pur/SepComb', 'list'),
  shell('SepCombDetail', '/pur/SepCombDetail/:id/:name', 'detail'),
  shell('SalesBasis', '/pur/SalesBasis', 'list'),
  shell('SalesBasisDetail', '/pur/SalesBasis/:id/:name', 'detail'),
  shell('SaleBasisDetail', '/pur/SaleBasisDetail', 'list'),
  shell('SurchargeInterest', '/pur/SurchargeInterest', 'list'),
  shell('ResourcePackageOne', '/pur/ResourcePackageOne', 'list'),
  shell('RedemSpot', '/pur/RedemSpot', 'list'),
  shell('RedemSpotDetail', '/pur/RedemSpot/:id/:name', 'detail'),
  shell('RedeemEval', '/pur/RedeemEval', 'report'),
  shell('SaleTarget', '/pur/SaleTarget', 'report'),
  shell('PurTarget', '/pur/PurTarget', 'report'),
  shell('ResourceStorageFee', '/pur/ResourceStorageFee', 'list'),
  shell('PackageRealStoragefee', '/pur/PackageRealStoragefee', 'list'),
  shell('ResourcePackageStoragePayment', '/pur/ResourcePackageStoragePayment', 'list'),
  shell('PaymentDetail', '/pur/PaymentDetail/:id/:name', 'detail'),
  // pending / speculation (spec 2.6)
  shell('pendingList', '/pending/list', 'list'),
  shell('hedge', '/pending/hedge', 'list'),
  shell('teamHedge', '/pending/teamHedge', 'list'),
  shell('TradeDetail', '/pending/TradeDetail', 'list'),
  shell('OrderTrade', '/pending/OrderTrade', 'list'),
  shell('OrderTradeDetail', '/pending/OrderTrade/detail/:id/:name', 'detail'),
  shell('TradeTotal', '/pending/TradeTotal', 'report'),
  shell('hedgeDetail', '/pending/hedge/detail/:id/:name', 'detail'),
  shell('teamHedgeDetail', '/pending/teamHedge/detail/:id/:name', 'detail'),
  shell('moveWarehouse', '/pending/moveWarehouse', 'list'),
  shell('moveWarehouseDetail', '/pending/moveWarehouse/detail/:id/:name', 'detail'),
  shell('movePan', '/pending/movePan', 'list'),
  shell('movePanDetail', '/pending/movePan/detail/:id/:name', 'detail'),
  shell('FurPendingOrderTrade', '/pending/FurPendingOrderTrade', 'list'),
  shell('pendingClientOrder', '/pending/clientOrder', 'list'),
  shell('speculationTransaction', '/speculation/transaction', 'list'),
  shell('speculationEntrust', '/speculation/entrust', 'list'),
  shell('speculationDeal', '/speculation/deal', 'list'),
  // capital (spec 2.7)
  shell('BankDetail', '/capital/BankDetail', 'list'),
  shell('BankDetailDetail', '/capital/BankDetail/:id/:name', 'detail'),
  shell('BankerRecordDetail', '/capital/BankerRecordDetail', 'list'),
  shell('ClientMarginBalance', '/capital/ClientMarginBalance', 'list'),
  shell('ClientMarginBalanceDetail', '/capital/ClientMarginBalance/:id/:name', 'detail'),
  shell('ClientMarginApplyCheck', '/capital/ClientMarginApplyCheck', 'approval'),
  shell('PayApplyCheck', '/capital/PayApplyCheck', 'approval'),
  shell('PayApplyCheckEnd', '/capital/PayApplyCheckEnd', 'approval'),
  shell('OtherPay', '/capital/OtherPay', 'list'),
  shell('OtherPayDetail', '/capital/OtherPay/:id/:name', 'detail'),
  shell('OtherInvoice', '/capital/OtherInvoice', 'list'),
  shell('OtherInvoiceDetail', '/capital/OtherInvoiceDetail/:id/:name', 'detail'),
  shell('ClientMarginAllot', '/capital/ClientMarginAllot', 'list'),
  shell('ClientMargin', '/capital/ClientMargin', 'list'),
  shell('MarginSummary', '/capital/MarginSummary', 'report'),
  shell('ClientMarginRelease', '/capital/ClientMarginRelease', 'list'),
  shell('ClientMarginReleaseDetail', '/capital/ClientMarginRelease/:id/:name', 'detail'),
  shell('PartnerAccount', '/capital/PartnerAccount', 'list'),
  shell('PartnerAccountDetail', '/capital/PartnerAccountDetail', 'list'),
  shell('UnRedemAccountDetail', '/capital/UnRedemAccountDetail', 'list'),
  shell('PurchaseMarginBalance', '/capital/PurchaseMarginBalance', 'list'),
  shell('PurchaseMarginBalanceDetail', '/capital/PurchaseMarginBalance/:id/:name', 'detail'),
  shell('PurchaseMarginBalanceApply', '/capital/PurchaseMarginBalanceApply', 'list'),
  shell('PurchaseMarginInterest', '/capital/PurchaseMarginInterest', 'list'),
  shell('PurchaseMarginDetail', '/capital/PurchaseMarginDetail', 'list'),
  shell('PurchaseMarginInterestDetail', '/capital/PurchaseMarginInterestDetail', 'list'),
  shell('BankerAccount', '/capital/BankerAccount', 'list'),
  // risk (spec 2.8)
  shell('marginCall', '/furRiskManage/marginCall', 'list'),
  shell('SaleRiskRecord', '/furRiskManage/SaleRiskRecord', 'list'),
  shell('IntervalWarn', '/furRiskManage/IntervalWarn', 'list'),
  shell('RiskControlReport', '/furRiskManage/RiskControlReport', 'report'),
  shell('RiskStatementContract', '/furRiskManage/RiskStatementContract', 'report'),
  shell('RiskSaleControlReport', '/furRiskManage/RiskSaleControlReport', 'report'),
  shell('RiskControlMargin', '/furRiskManage/RiskControlMargin', 'report'),
  // sales (spec 2.9)
  shell('ClientPrice', '/sales/ClientPrice', 'list'),
  shell('SaleContract', '/sales/SaleContract', 'list'),
  shell('SaleContractDetail', '/sales/SaleContract/:id/:name', 'detail'),
  shell('SaleContractPackages', '/sales/SaleContractPackages', 'list'),
  shell('ClientOrderPackages', '/sales/ClientOrderPackages', 'list'),
  shell('ClientPaymentApply', '/sales/ClientPaymentApply', 'list'),
  shell('ClientPaymentApplyDetail', '/sales/ClientPaymentApply/:id/:name', 'detail'),
  shell('SaleSettlement', '/sales/SaleSettlement', 'list'),
  shell('SaleSettlementDetail', '/sales/SaleSettlement/:id/:name', 'detail'),
  shell('ClientBillApply', '/sales/ClientBillApply', 'list'),
  shell('ClientBillApplyDetail', '/sales/ClientBillApply/:id/:name', 'detail'),
  shell('ResourceDataSale', '/sales/ResourceDataSale', 'report'),
  shell('TeamSaleResource', '/sales/TeamSaleResource', 'list'),
  shell('OrderDocCheckDetail', '/salesManage/OrderDocCheck/:id/:name', 'detail'),
  shell('SpecOrderCheck', '/salesManage/SpecOrderCheck', 'approval'),
  shell('SpecOrderCheckDetail', '/salesManage/SpecOrderCheck/:id/:name', 'detail'),
  shell('ClientOrderRevocation', '/salesManage/ClientOrderRevocation', 'approval'),
  shell('ClientOrderRevocationDetail', '/salesManage/ClientOrderRevocation/:id/:name', 'detail'),
  shell('SaleContractCheck', '/salesManage/SaleContractCheck', 'approval'),
  shell('SaleContractCheckDetail', '/salesManage/SaleContractCheck/:id/:name', 'detail'),
  shell('SaleRevocationBatch', '/salesManage/SaleRevocationBatch', 'approval'),
  shell('SaleRevocationBatchDetail', '/salesManage/SaleRevocationBatch/:id/:name', 'detail'),
  shell('ClientPayCheck', '/salesManage/ClientPayCheck', 'approval'),
  shell('ClientPayCheckDetail', '/salesManage/ClientPayCheck/:id/:name', 'detail'),
  shell('SaleSettlementCheck', '/salesManage/SaleSettlementCheck', 'approval'),
  shell('SaleSettlementCheckDetail', '/salesManage/SaleSettlementCheck/:id/:name', 'detail'),
  shell('BillApplyCheck', '/salesManage/BillApplyCheck', 'approval'),
  shell('BillApplyCheckDetail', '/salesManage/BillApplyCheck/:id/:name', 'detail'),
  // Pcm (spec 2.10)
  shell('PurchaseContractMarginDetail', '/Pcm/PurchaseContractMarginDetail', 'list'),
  shell('PurchaseContractMargin', '/Pcm/PurchaseContractMargin', 'list'),
  shell('PurchaseContractMarginReturn', '/Pcm/PurchaseContractMarginReturn', 'list'),
  shell('PurchaseContractMarginAllot', '/Pcm/PurchaseContractMarginAllot', 'list'),
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
  shell('PurchaseContractStatement', '/PurchaseReports/PurchaseContractStatement', 'report'),
  shell('InvoicingPurchaseReport', '/PurchaseReports/InvoicingPurchaseReport', 'report'),
  shell('PurchaseBill', '/PurchaseReports/PurchaseBill', 'report'),
  shell('PurchaseSpotContractStatement', '/PurchaseReports/PurchaseSpotContractStatement', 'report'),
  shell('CollectStock', '/SalesReport/CollectStock', 'report'),
  shell('SaleContractStatement', '/SalesReport/SaleContractStatement', 'report'),
  shell('InvoicingSellReport', '/SalesReport/InvoicingSellReport', 'report'),
  shell('CostAndProft', '/BusiReport/CostAndProft', 'report'),
  shell('CostAndProftTwo', '/BusiReport/CostAndProftTwo', 'report'),
  shell('CostAndProftThree', '/BusiReport/CostAndProftThree', 'report'),
  shell('CostAndProftFour', '/BusiReport/CostAndProftFour', 'report'),
  shell('BatchCostStatement', '/BusiReport/BatchCostStatement', 'report'),
  shell('SpmProfits', '/BusiReport/SpmProfits', 'report'),
  shell('DeliveryStatement', '/BusiReport/DeliveryStatement', 'report'),
  shell('VisualChart', '/BusiReport/VisualChart', 'report'),
  shell('UnSaleProfitStatement', '/BusiReport/UnSaleProfitStatement', 'report'),
  shell('ProfitReturn', '/BusiReport/ProfitReturn', 'report'),
  shell('InvoiceWeightRecord', '/PayInvoice/InvoiceWeightRecord', 'list'),
  shell('InvoiceWeightRecordDetails', '/PayInvoice/InvoiceWeightRecord/details/:id/:name', 'detail'),
  // platform (spec 2.12)
  shell('commerceIndex', '/platformManagement/commerceIndex', 'page'),
  shell('platformusermanagement', '/platformManagement/platformusermanagement', 'list'),
  shell('platformcommoditymanagement', '/platformManagement/platformcommoditymanagement', 'list'),
  shell('platformpurchasemanagement', '/platformManagement/platformpurchasemanagement', 'list'),
  shell('platformSetting', '/platformManagement/platformSetting', 'page'),
  shell('helpCenterSetup', '/platformManagement/helpCenterSetup', 'list'),
  shell('platformShoppingCart', '/platformManagement/platformShoppingCart', 'list'),
];

/** A header group's side menu is grouped by business area past this many screens (a 40-item flat list is lost). */
export const MENU_SUBGROUP_FROM = 13;

/** Each built menu route with, in a long group, the side-menu group of the area that declares it. */
function withSubgroups(): BusinessRoute[] {
  const routes = AREA_ROUTES.flatMap(({ area, routes }) => routes.map((route) => ({ route, area })));
  const groups = new Map<string, { count: number; areas: Set<string> }>();
  for (const { route, area } of routes) {
    if (!route.menuGroup || route.hidden) continue;
    const group = groups.get(route.menuGroup) ?? { count: 0, areas: new Set<string>() };
    group.count += 1;
    group.areas.add(area);
    groups.set(route.menuGroup, group);
  }
  return routes.map(({ route, area }) => {
    const group = route.menuGroup && !route.hidden ? groups.get(route.menuGroup) : undefined;
    return group && group.count >= MENU_SUBGROUP_FROM && group.areas.size > 1
      ? { ...route, menuSubgroup: `${route.menuGroup}_${area}` }
      : route;
  });
}

const BUILT_ROUTES = withSubgroups();
const built = new Set(BUILT_ROUTES.map((route) => route.key));
/** The spec's map with every built route in place of its planned entry. */
const planned = (layout: BusinessRoute['layout']) =>
  PLANNED_ROUTES.filter((route) => route.layout === layout && !built.has(route.key));

export const BUSINESS_ROUTES: readonly BusinessRoute[] = [
  ...planned('bare'),
  ...BUILT_ROUTES,
  ...planned('shell'),
];

export const businessRouteByKey: ReadonlyMap<string, BusinessRoute> = new Map(
  BUSINESS_ROUTES.map((route) => [route.key, route]),
);

/** The parameters a detail path may carry (spec 2.13). */
export const ROUTE_PARAMS = ['id', 'flag', 'sp', 'name', 'resourceId', 'type'] as const;
