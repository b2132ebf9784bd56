// The business routes of spec 2.2 (bare pages) and 2.4–2.12, as data for the router, the tab pool and the
// server's menu seed. Titles are i18n keys `route.<key>`. A route names the declaration that renders it
// (`resource`); a route without one has no page yet and shows the "not available in this version" screen.

import type { Area } from '../resource/types.ts';
import type { RouteRecord } from './catalogue.ts';

/** Which shared page renders the route. */
export type PageKind = 'list' | 'detail' | 'approval' | 'report' | 'print' | 'page';

export interface BusinessRoute extends RouteRecord {
  /** The business area (first path segment of the shell routes); the server seeds menus per area. */
  area: Area;
  kind: PageKind;
  /** Key of the resource declaration rendering it; absent while its business area is not built. */
  resource?: string;
  /**
   * Field values that narrow the resource to this screen (e.g. registered receipts only): applied to its
   * list and report, preset and fixed in its create form.
   */
  scope?: Readonly<Record<string, string>>;
  /** A print page: the document it prints and where its templates are kept. */
  print?: PrintRoute;
}

export interface PrintRoute {
  /**
   * The document (a value of the contractDocument / billDocument dictionaries). Routes printing the same
   * document are variants of it: the tenant config's printVariants names the one its users get.
   */
  document: string;
  templates: 'contractTemplate' | 'billTemplate';
}

/** The reports whose figures must be recomputed each time their tab is shown (spec 2.11). */
export const UNCACHED_ROUTE_KEYS: ReadonlySet<string> = new Set([
  'VisualChart',
  'UnSaleProfitStatement',
  'ProfitReturn',
]);

const areaOf = (path: string) => path.split('/')[1] as Area;

/** The business areas in header-menu order (spec 2.4–2.12). */
export const BUSINESS_AREAS: readonly Area[] = [
  'pri',
  'pur',
  'pending',
  'speculation',
  'capital',
  'furRiskManage',
  'sales',
  'salesManage',
  'Pcm',
  'SpotReport',
  'FinSett',
  'PurchaseReports',
  'SalesReport',
  'BusiReport',
  'PayInvoice',
  'platformManagement',
];

function shell(
  key: string,
  path: string,
  kind: PageKind,
  resource?: string,
  scope?: Readonly<Record<string, string>>,
): BusinessRoute {
  return {
    key,
    path,
    layout: 'shell',
    auth: true,
    cache: !UNCACHED_ROUTE_KEYS.has(key),
    // Detail pages are opened from their list, never from a menu.
    hidden: kind === 'detail',
    area: areaOf(path),
    kind,
    // Only a built page is offered in a menu, under its area; the server also drops what it does not serve.
    ...(resource ? { resource, ...(kind === 'detail' ? {} : { menuGroup: areaOf(path) }) } : {}),
    ...(scope ? { scope } : {}),
  };
}

function bare(key: string, path: string, kind: PageKind, area: Area): BusinessRoute {
  return { key, path, layout: 'bare', auth: false, cache: false, hidden: true, area, kind };
}

/** A print page (spec 2.2) of a built document: `?id=` names the record, `scope` the records it fits. */
function printPage(
  key: string,
  path: string,
  print: PrintRoute & { resource: string; scope?: Readonly<Record<string, string>> },
): BusinessRoute {
  const { resource, scope, ...route } = print;
  return { ...bare(key, path, 'print', 'pending'), resource, print: route, ...(scope ? { scope } : {}) };
}

const purchaseContract = {
  resource: 'transactionContract',
  scope: { side: 'purchase' },
  document: 'purchase',
  templates: 'contractTemplate',
} as const;
const salesContract = { ...purchaseContract, scope: { side: 'sale' }, document: 'market' } as const;

export const BUSINESS_ROUTES: readonly BusinessRoute[] = [
  // bare (spec 2.2)
  bare('resourcePackageInterlinkage', '/resourcePackageOne/interlinkage', 'page', 'pur'),
  bare('ResourceDetailSm', '/ResourceDetailSm', 'page', 'pur'),
  printPage('purchasePrint', '/pending/purchasePrint', purchaseContract),
  printPage('purchasePrintSpm', '/pending/purchasePrintSpm', purchaseContract),
  printPage('marketPrint', '/pending/marketPrint', salesContract),
  printPage('marketPrintSpm', '/pending/marketPrintSpm', salesContract),
  bare('riskNoticePrint', '/pending/riskNoticePrint', 'print', 'pending'),
  bare('voidAgreementPrint', '/pending/voidAgreementPrint', 'print', 'pending'),
  bare('suppleAgreementPrint', '/pending/suppleAgreementPrint', 'print', 'pending'),
  bare('certificatePrint', '/pending/certificatePrint', 'print', 'pending'),
  bare('statementPrint', '/pending/statementPrint', 'print', 'pending'),
  bare('statementPrintSpm', '/pending/statementPrintSpm', 'print', 'pending'),
  bare('receiptconfirmation', '/pending/receiptconfirmation', 'print', 'pending'),
  bare('receiptconfirmationSpm', '/pending/receiptconfirmationSpm', 'print', 'pending'),
  printPage('transactionConfirmation', '/pending/transactionConfirmation', {
    resource: 'transactionContract',
    document: 'transactionConfirmation',
    templates: 'billTemplate',
  }),
  printPage('transferConfirmation', '/pending/transferConfirmation', {
    resource: 'warehouseReceipt',
    scope: { status: 'transferred' },
    document: 'transferConfirmation',
    templates: 'billTemplate',
  }),
  bare('confirmationPrint', '/pending/confirmationPrint', 'print', 'pending'),
  bare('invoiceDetailsPrint', '/pending/invoiceDetailsPrint', 'print', 'pending'),
  bare('payDoc', '/pending/payDoc', 'print', 'pending'),
  bare('receiptPrint', '/pending/receipt', 'print', 'pending'),
  // pri (spec 2.4)
  shell('moduleList', '/pri/module/list', 'list', 'module'),
  shell('operationRecordList', '/pri/operationRecord/list', 'list', 'operationRecord'),
  shell('dictionaryList', '/pri/dictionary/list', 'list', 'dictionary'),
  shell('PartnerList', '/pri/Partner/list', 'list', 'partner'),
  shell('PartnerAssociation', '/pri/PartnerAssociation', 'list', 'partnerAssociation'),
  shell('ClientMarginSet', '/pri/ClientMarginSet', 'list', 'clientMarginSet'),
  shell('PartnerManagementAccount', '/pri/PartnerManagementAccount', 'list', 'partnerManagementAccount'),
  shell('UpstreamOrder', '/pri/UpstreamOrder', 'list', 'upstreamOrder'),
  shell('orgList', '/pri/org/list', 'list', 'org'),
  shell('roleList', '/pri/role/list', 'list', 'role'),
  shell('userList', '/pri/user/list', 'list', 'user'),
  shell('userGroupList', '/pri/userGroup/list', 'list', 'userGroup'),
  shell('systemSetting', '/pri/systemSetting', 'list', 'systemSetting'),
  shell('billTemplate', '/pri/billTemplate', 'list', 'billTemplate'),
  shell('MtfmBatchData', '/pri/MtfmBatchData', 'list', 'batch'),
  shell('premiumWater', '/pri/premiumWater', 'list', 'qualityPremium'),
  shell('QmFuturesDiscount', '/pri/QmFuturesDiscount', 'list', 'warehousePremium'),
  shell('QmFuturesDiscountAll', '/pri/QmFuturesDiscountAll', 'list', 'batchPremium'),
  shell('TransactionContract', '/pri/TransactionContract', 'list', 'transactionContract'),
  shell('Cdzx', '/pri/Cdzx', 'list', 'warehouseReceipt'),
  shell('WarehouseList', '/pri/Warehouse/list', 'list', 'warehouse'),
  shell('contractTemplate', '/pri/contractTemplate', 'list', 'contractTemplate'),
  shell('contractTemplateEdit', '/pri/contractTemplate/:id/:flag/:sp/:name', 'detail', 'contractTemplate'),
  shell('QmCottonContractBatch', '/pri/QmCottonContractBatch', 'list', 'contractBatch'),
  shell('QmCdBatch', '/pri/QmCdBatch', 'list', 'warehouseReceipt'),
  shell('QmJgfwFee', '/pri/QmJgfwFee', 'list', 'warehouseFee', { kind: 'supervision' }),
  shell('QmBxFee', '/pri/QmBxFee', 'list', 'warehouseFee', { kind: 'insurance' }),
  shell('QmBgFee', '/pri/QmBgFee', 'list', 'warehouseFee', { kind: 'storage' }),
  shell('QmZccd', '/pri/QmZccd', 'list', 'warehouseReceipt', { status: 'registered' }),
  shell('QmGhcd', '/pri/QmGhcd', 'list', 'warehouseReceipt', { status: 'transferred' }),
  shell('QmCdzt', '/pri/QmCdzt', 'report', 'warehouseReceipt'),
  shell('QmSpmFee', '/pri/QmSpmFee', 'list', 'warehouseFee', { kind: 'sundry' }),
  shell('QmYkDetail', '/pri/QmYkDetail', 'list', 'movement', { mode: 'transfer' }),
  shell('QmHzCk', '/pri/QmHzCk', 'report', 'outboundAppointment', { status: 'done' }),
  shell('QmYyXx', '/pri/QmYyXx', 'list', 'outboundAppointment'),
  shell('QmDdYs', '/pri/QmDdYs', 'list', 'movement', { mode: 'shortHaul' }),
  shell('QmTlYs', '/pri/QmTlYs', 'list', 'movement', { mode: 'rail' }),
  shell('QmGlYs', '/pri/QmGlYs', 'list', 'movement', { mode: 'road' }),
  shell('QmRailway', '/pri/QmRailway', 'list', 'transportRoute', { mode: 'rail' }),
  shell('QmRoad', '/pri/QmRoad', 'list', 'transportRoute', { mode: 'road' }),
  shell('QmBystation', '/pri/QmBystation', 'list', 'dispatchStation'),
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
  shell('ResourcesList', '/pur/ResourcesList', 'list'),
  shell('ResourcesListDetail', '/pur/ResourcesList/:id/:resourceId/:name/:type', 'detail'),
  shell('ResourceExWarehouse', '/pur/ResourceExWarehouse', 'list'),
  shell('ResourceDetail', '/pur/ResourceDetail/:id/:name', 'detail'),
  shell('CargoManagement', '/pur/CargoManagement', 'list'),
  shell('CargoDetail', '/pur/CargoDetail/:id/:name', 'detail'),
  shell('SpotReceipt', '/pur/SpotReceipt', 'list'),
  shell('SpotReceiptDetail', '/pur/SpotReceiptDetail/:id/:name', 'detail'),
  shell('SepComb', '/pur/SepComb', 'list'),
  shell('SepCombDetail', '/pur/SepCombDetail/:id/:name', 'detail'),
  shell('SalesBasis', '/pur/SalesBasis', 'list'),
  shell('SalesBasisDetail', '/pur/SalesBasis/:id/:name', 'detail'),
  shell('SaleBasisDetail', '/pur/SaleBasisDetail', 'list'),
  shell('BatchResourceType', '/pur/BatchResourceType', 'list'),
  shell('BatchResourceTypeDetail', '/pur/BatchResourceType/:id/:name', 'detail'),
  shell('SurchargeInterest', '/pur/SurchargeInterest', 'list'),
  shell('ResourcePackageOne', '/pur/ResourcePackageOne', 'list'),
  shell('RedemSpot', '/pur/RedemSpot', 'list'),
  shell('RedemSpotDetail', '/pur/RedemSpot/:id/:name', 'detail'),
  shell('RedeemEval', '/pur/RedeemEval', 'report'),
  shell('SaleTarget', '/pur/SaleTarget', 'report'),
  shell('PurTarget', '/pur/PurTarget', 'report'),
  shell('ReceiptDetail', '/pur/ReceiptDetail', 'list'),
  shell('RegisReceipt', '/pur/RegisReceipt', 'list'),
  shell('regisReceiptDetail', '/pur/regisReceiptDetail/:id/:name', 'detail'),
  shell('RegisReceiptLines', '/pur/RegisReceiptDetail', 'list'),
  shell('ResourceStorage', '/pur/ResourceStorage', 'list'),
  shell('ResourceStorageDetail', '/pur/ResourceStorageDetail', 'list'),
  shell('ResourceStorageFee', '/pur/ResourceStorageFee', 'list'),
  shell('PackageRealStoragefee', '/pur/PackageRealStoragefee', 'list'),
  shell('ResourcePackageStoragePayment', '/pur/ResourcePackageStoragePayment', 'list'),
  shell('PaymentDetail', '/pur/PaymentDetail/:id/:name', 'detail'),
  shell('ResourceTransportContractDetail', '/pur/ResourceTransportContractDetail', 'list'),
  shell('StorageTransport', '/pur/StorageTransport', 'list'),
  shell('StorageTransportDetail', '/pur/StorageTransportDetail/:id/:name', 'detail'),
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
  shell('ClientReserved', '/sales/ClientReserved', 'list'),
  shell('ClientReservedDetail', '/sales/ClientReserved/:id/:name', 'detail'),
  shell('ClientManage', '/sales/ClientManage', 'list'),
  shell('ClientManageDetail', '/sales/ClientManage/:id/:name', 'detail'),
  shell('ClientManageData', '/sales/ClientManageData/:id/:name', 'detail'),
  shell('ClientRelation', '/sales/ClientRelation', 'list'),
  shell('ClientRelationDetail', '/sales/ClientRelation/:id/:name', 'detail'),
  shell('ClientBook', '/sales/ClientBook', 'list'),
  shell('ClientBookDetail', '/sales/ClientBook/:id/:name', 'detail'),
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
  shell('OrderDocCheck', '/salesManage/OrderDocCheck', 'approval'),
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
  shell('StockReport', '/SpotReport/StockReport', 'report', 'batch'),
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

export const businessRouteByKey: ReadonlyMap<string, BusinessRoute> = new Map(
  BUSINESS_ROUTES.map((route) => [route.key, route]),
);

/** The parameters a detail path may carry (spec 2.13). */
export const ROUTE_PARAMS = ['id', 'flag', 'sp', 'name', 'resourceId', 'type'] as const;
