// The risk reports of client margin (/furRiskManage/): per contract (RiskStatementContract), per client
// (RiskSaleControlReport, RiskControlMargin) and the history of calls and forced pricings (SaleRiskRecord).
// All read-only, over the views of migration 041 (the contracts, the margin ledger, the requirement last
// computed and the calls' history); the shared report screen groups, totals, exports and charts them.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';

const CONTRACT = 'transactionContract';

/** One sale contract priced later: fixed and open tonnes, its margin and its share of the requirement. */
export const riskStatementContract = defineResource({
  key: 'riskStatementContract',
  area: 'furRiskManage',
  resource: 'RiskStatementContract',
  title: 'margin:route.RiskStatementContract',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: CONTRACT, readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    salespersonId: { type: 'user', readOnly: true },
    side: { type: 'enum', dictionary: 'contractSide', readOnly: true },
    kind: { type: 'enum', dictionary: 'contractKind', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    fixedTonnage: { type: 'weight', readOnly: true },
    openTonnage: { type: 'weight', readOnly: true },
    averageFixedPrice: { type: 'money', readOnly: true },
    settlementPrice: { type: 'money', readOnly: true },
    allotted: { type: 'money', readOnly: true },
    openTerm: { type: 'money', readOnly: true },
    fixedLossTerm: { type: 'money', readOnly: true },
    goodsOutTerm: { type: 'money', readOnly: true },
    requirement: { type: 'money', readOnly: true },
    callStatus: { type: 'enum', dictionary: 'marginCallState', readOnly: true },
  },
  list: {
    columns: [
      'contractId',
      'partnerId',
      'side',
      'kind',
      'futuresMonth',
      'tonnage',
      'fixedTonnage',
      'openTonnage',
      'averageFixedPrice',
      'settlementPrice',
      'allotted',
      'requirement',
      'callStatus',
      { field: 'salespersonId', hiddenByDefault: true },
      { field: 'openTerm', hiddenByDefault: true },
      { field: 'fixedLossTerm', hiddenByDefault: true },
      { field: 'goodsOutTerm', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'salespersonId', 'kind', { field: 'futuresMonth', op: 'eq' }, 'callStatus'],
    defaultSort: { field: 'contractId', order: 'asc' },
    totals: ['tonnage', 'fixedTonnage', 'openTonnage', 'allotted', 'requirement'],
  },
  report: {
    groupBy: ['futuresMonth'],
    totals: ['openTonnage', 'fixedTonnage', 'tonnage', 'allotted', 'requirement'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

const clientFields = {
  partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
  salespersonId: { type: 'user', readOnly: true },
  contracts: { type: 'integer', readOnly: true },
  openTonnage: { type: 'weight', readOnly: true },
  fixedUnpaidTonnage: { type: 'weight', readOnly: true },
  balance: { type: 'money', readOnly: true },
  allotted: { type: 'money', readOnly: true },
  available: { type: 'money', readOnly: true },
  requirement: { type: 'money', readOnly: true },
  callLine: { type: 'money', readOnly: true },
  forcedLine: { type: 'money', readOnly: true },
  shortfall: { type: 'money', readOnly: true },
  belowCallLine: { type: 'money', readOnly: true },
  coveragePercent: { type: 'percent', readOnly: true },
  callStatus: { type: 'enum', dictionary: 'marginCallState', readOnly: true },
  openCallNo: { type: 'text', readOnly: true },
  openCallAmount: { type: 'money', readOnly: true },
  openCallDeadline: { type: 'date', readOnly: true },
  computedAt: { type: 'datetime', readOnly: true },
} as const;

/** Each client's exposure: open and fixed unpaid tonnes, margin against requirement, its open call. */
export const riskSaleControlRow = defineResource({
  key: 'riskSaleControlRow',
  area: 'furRiskManage',
  resource: 'RiskSaleControlReport',
  title: 'margin:route.RiskSaleControlReport',
  titleField: 'partnerId',
  fields: clientFields,
  list: {
    columns: [
      'partnerId',
      'salespersonId',
      'contracts',
      'openTonnage',
      'fixedUnpaidTonnage',
      'balance',
      'requirement',
      'shortfall',
      'callStatus',
      'openCallNo',
      'openCallAmount',
      'openCallDeadline',
      { field: 'allotted', hiddenByDefault: true },
      { field: 'available', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'salespersonId', 'callStatus'],
    defaultSort: { field: 'partnerId', order: 'asc' },
    totals: ['openTonnage', 'fixedUnpaidTonnage', 'balance', 'requirement', 'shortfall', 'openCallAmount'],
  },
  report: {
    groupBy: ['salespersonId'],
    totals: ['shortfall', 'openTonnage', 'fixedUnpaidTonnage', 'balance', 'requirement', 'openCallAmount'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

/** Each client's requirement against its balance: the shortfall, how far under the call line, the cover. */
export const riskControlMarginRow = defineResource({
  key: 'riskControlMarginRow',
  area: 'furRiskManage',
  resource: 'RiskControlMargin',
  title: 'margin:route.RiskControlMargin',
  titleField: 'partnerId',
  fields: clientFields,
  list: {
    columns: [
      'partnerId',
      'salespersonId',
      'requirement',
      'balance',
      'coveragePercent',
      'callLine',
      'forcedLine',
      'belowCallLine',
      'shortfall',
      'callStatus',
      { field: 'computedAt', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'salespersonId', 'callStatus'],
    defaultSort: { field: 'partnerId', order: 'asc' },
    totals: ['requirement', 'balance', 'belowCallLine', 'shortfall'],
  },
  report: {
    groupBy: ['callStatus'],
    totals: ['shortfall', 'requirement', 'balance', 'belowCallLine'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

/** One step in the life of a call (opened, met, forced-priced) or a forced fixing it made. */
export const saleRiskRecord = defineResource({
  key: 'saleRiskRecord',
  area: 'furRiskManage',
  resource: 'SaleRiskRecord',
  title: 'margin:route.SaleRiskRecord',
  titleField: 'callNo',
  fields: {
    at: { type: 'datetime', readOnly: true },
    event: { type: 'enum', dictionary: 'riskRecordEvent', readOnly: true },
    state: { type: 'enum', dictionary: 'marginCallState', readOnly: true },
    callNo: { type: 'text', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    salespersonId: { type: 'user', readOnly: true },
    contractId: { type: 'reference', resource: CONTRACT, readOnly: true },
    fixedTonnage: { type: 'weight', readOnly: true },
    fixedPrice: { type: 'money', readOnly: true },
    requirement: { type: 'money', readOnly: true },
    balance: { type: 'money', readOnly: true },
    amount: { type: 'money', readOnly: true },
    userId: { type: 'user', readOnly: true },
    comment: { type: 'longText', readOnly: true },
  },
  list: {
    columns: [
      'at',
      'event',
      'state',
      'callNo',
      'partnerId',
      'contractId',
      'fixedTonnage',
      'fixedPrice',
      'requirement',
      'balance',
      'amount',
      'comment',
      { field: 'salespersonId', hiddenByDefault: true },
      { field: 'userId', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'state', 'event', 'callNo', 'at'],
    defaultSort: { field: 'at', order: 'desc' },
    totals: ['amount', 'fixedTonnage'],
  },
  report: {
    groupBy: ['event'],
    totals: ['amount', 'fixedTonnage'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

export const riskReportsPart: AreaPart = {
  resources: [riskStatementContract, riskSaleControlRow, riskControlMarginRow, saleRiskRecord],
};
