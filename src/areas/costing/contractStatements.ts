// Contract execution reports (C11 PurchaseContractStatement, C14 PurchaseSpotContractStatement, C16
// SaleContractStatement): per contract in force or performed, tonnes signed, priced, delivered and what
// remains, the value of the priced tonnes and, for sales, what the client paid and still owes on priced
// goods delivered. Read-only over the views of migration 181; the shared report screen groups, totals (sums
// of the rows), exports and charts them. Settled and invoiced columns come with settlement.
import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';

const fields = {
  contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
  salespersonId: { type: 'user', readOnly: true },
  kind: { type: 'enum', dictionary: 'contractKind', readOnly: true },
  pricingMode: { type: 'text', readOnly: true },
  signDate: { type: 'date', readOnly: true },
  cropYear: { type: 'text', readOnly: true },
  futuresMonth: { type: 'text', readOnly: true },
  status: { type: 'enum', dictionary: 'contractState', readOnly: true },
  tonnage: { type: 'weight', readOnly: true },
  pricedTonnage: { type: 'weight', readOnly: true },
  unpricedTonnage: { type: 'weight', readOnly: true },
  deliveredTonnage: { type: 'weight', readOnly: true },
  undeliveredTonnage: { type: 'weight', readOnly: true },
  unitPrice: { type: 'money', readOnly: true },
  pricedAmount: { type: 'money', readOnly: true },
  paidAmount: { type: 'money', readOnly: true },
  receivableAmount: { type: 'money', readOnly: true },
} as const;

const purchaseFields = {
  ...fields,
  partnerId: { type: 'partner', partnerKind: 'supplier', readOnly: true },
} as const;
const saleFields = {
  ...fields,
  partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
} as const;

const TONNES = [
  'tonnage',
  'pricedTonnage',
  'unpricedTonnage',
  'deliveredTonnage',
  'undeliveredTonnage',
] as const;

/** Purchases: basis and deferred (PurchaseContractStatement) or spot (PurchaseSpotContractStatement). */
export const purchaseContractStatement = defineResource({
  key: 'purchaseContractStatement',
  area: 'PurchaseReports',
  resource: 'PurchaseContractStatement',
  title: 'costing:route.PurchaseContractStatement',
  titleField: 'contractId',
  fields: purchaseFields,
  list: {
    columns: [
      'contractId',
      'partnerId',
      'kind',
      'signDate',
      'futuresMonth',
      'status',
      ...TONNES,
      'unitPrice',
      'pricedAmount',
      { field: 'cropYear', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'kind', 'status', 'signDate', { field: 'pricingMode', op: 'eq' }],
    defaultSort: { field: 'signDate', order: 'desc' },
    totals: [...TONNES, 'pricedAmount'],
  },
  report: { groupBy: ['partnerId'], totals: [...TONNES, 'pricedAmount'], chart: true },
  permissions: { view: 'view', export: 'export' },
});

/** Sales: signed, priced, delivered, paid and owed per contract (SaleContractStatement). */
export const saleContractStatement = defineResource({
  key: 'saleContractStatement',
  area: 'SalesReport',
  resource: 'SaleContractStatement',
  title: 'costing:route.SaleContractStatement',
  titleField: 'contractId',
  fields: saleFields,
  list: {
    columns: [
      'contractId',
      'partnerId',
      'salespersonId',
      'kind',
      'signDate',
      'status',
      ...TONNES,
      'unitPrice',
      'pricedAmount',
      'paidAmount',
      'receivableAmount',
      { field: 'futuresMonth', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'salespersonId', 'kind', 'status', 'signDate'],
    defaultSort: { field: 'signDate', order: 'desc' },
    totals: [...TONNES, 'pricedAmount', 'paidAmount', 'receivableAmount'],
  },
  report: {
    groupBy: ['partnerId'],
    totals: [...TONNES, 'pricedAmount', 'paidAmount', 'receivableAmount'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

export const contractStatementsPart: AreaPart = {
  resources: [purchaseContractStatement, saleContractStatement],
};
