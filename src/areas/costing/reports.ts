// Reports over the records as they are (views of migration 241, read only): deliveries with their settled and
// invoiced flags (DeliveryStatement), the house's stock summed for the sales desk (CollectStock) and the issued
// invoices against each confirmed sale settlement (InvoicingSellReport). The shared report screen groups,
// totals (sums of the rows), exports and charts them.
import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';

const READ_ONLY = { view: 'view', export: 'export' } as const;

/** Each batch a sale contract delivered: when, to whom, from where; settled and invoiced or not. */
export const deliveryStatement = defineResource({
  key: 'deliveryStatement',
  area: 'BusiReport',
  resource: 'DeliveryStatement',
  title: 'costing:route.DeliveryStatement',
  titleField: 'batchNo',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    salespersonId: { type: 'user', readOnly: true },
    batchNo: { type: 'text', readOnly: true },
    warehouseId: { type: 'warehouse', readOnly: true },
    cropYear: { type: 'text', readOnly: true },
    baleCount: { type: 'integer', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    deliveredOn: { type: 'date', readOnly: true },
    settled: { type: 'boolean', readOnly: true },
    invoiced: { type: 'boolean', readOnly: true },
  },
  list: {
    columns: [
      'deliveredOn',
      'contractId',
      'partnerId',
      'batchNo',
      'warehouseId',
      'cropYear',
      'baleCount',
      'tonnage',
      'settled',
      'invoiced',
      { field: 'salespersonId', hiddenByDefault: true },
    ],
    filters: ['deliveredOn', 'partnerId', 'contractId', 'warehouseId', 'batchNo', 'settled', 'invoiced'],
    defaultSort: { field: 'deliveredOn', order: 'desc' },
    totals: ['baleCount', 'tonnage'],
  },
  report: { groupBy: ['partnerId', 'warehouseId'], totals: ['baleCount', 'tonnage'], chart: true },
  permissions: READ_ONLY,
});

/** The house's stock by warehouse, crop year, grade and availability. */
export const collectStock = defineResource({
  key: 'collectStock',
  area: 'SalesReport',
  resource: 'CollectStock',
  title: 'costing:route.CollectStock',
  titleField: 'warehouseId',
  fields: {
    warehouseId: { type: 'warehouse', readOnly: true },
    cropYear: { type: 'text', readOnly: true },
    colourGrade: { type: 'enum', dictionary: 'colourGrade', readOnly: true },
    lengthGrade: { type: 'text', readOnly: true },
    availability: { type: 'enum', dictionary: 'stockAvailability', readOnly: true },
    batchCount: { type: 'integer', readOnly: true },
    baleCount: { type: 'integer', readOnly: true },
    conditionedWeight: { type: 'weight', readOnly: true },
  },
  list: {
    columns: [
      'warehouseId',
      'cropYear',
      'colourGrade',
      'lengthGrade',
      'availability',
      'batchCount',
      'baleCount',
      'conditionedWeight',
    ],
    filters: [
      'warehouseId',
      'cropYear',
      { field: 'colourGrade', op: 'in' },
      { field: 'availability', op: 'in' },
    ],
    defaultSort: { field: 'warehouseId', order: 'asc' },
    totals: ['batchCount', 'baleCount', 'conditionedWeight'],
  },
  report: {
    groupBy: ['warehouseId', 'availability'],
    totals: ['batchCount', 'baleCount', 'conditionedWeight'],
    chart: true,
  },
  permissions: READ_ONLY,
});

/** Per confirmed sale settlement: settled, invoiced and what remains to invoice. */
export const saleInvoicingReport = defineResource({
  key: 'saleInvoicingReport',
  area: 'SalesReport',
  resource: 'InvoicingSellReport',
  title: 'costing:route.InvoicingSellReport',
  titleField: 'settlementNo',
  fields: {
    settlementNo: { type: 'text', readOnly: true },
    kind: { type: 'enum', dictionary: 'settlementKind', readOnly: true },
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    salespersonId: { type: 'user', readOnly: true },
    settleDate: { type: 'date', readOnly: true },
    settledAmount: { type: 'money', readOnly: true },
    settledExcl: { type: 'money', readOnly: true },
    invoicedAmount: { type: 'money', readOnly: true },
    invoicedExcl: { type: 'money', readOnly: true },
    invoicedVat: { type: 'money', readOnly: true },
    toInvoiceAmount: { type: 'money', readOnly: true },
    invoiceCount: { type: 'integer', readOnly: true },
    lastIssueDate: { type: 'date', readOnly: true },
  },
  list: {
    columns: [
      'settlementNo',
      'kind',
      'contractId',
      'partnerId',
      'settleDate',
      'settledAmount',
      'invoicedAmount',
      'invoicedExcl',
      'invoicedVat',
      'toInvoiceAmount',
      'invoiceCount',
      'lastIssueDate',
      { field: 'settledExcl', hiddenByDefault: true },
      { field: 'salespersonId', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'contractId', 'settleDate', 'lastIssueDate'],
    defaultSort: { field: 'settleDate', order: 'desc' },
    totals: ['settledAmount', 'invoicedAmount', 'invoicedExcl', 'invoicedVat', 'toInvoiceAmount'],
  },
  report: {
    groupBy: ['partnerId'],
    totals: ['settledAmount', 'invoicedAmount', 'toInvoiceAmount'],
    chart: true,
  },
  permissions: READ_ONLY,
});

/** The supplier statement of account: settlements owed and payments made, each signed as it moves the balance. */
export const purchaseBill = defineResource({
  key: 'purchaseBill',
  area: 'PurchaseReports',
  resource: 'PurchaseBill',
  title: 'costing:route.PurchaseBill',
  titleField: 'documentNo',
  fields: {
    entryDate: { type: 'date', readOnly: true },
    entryKind: { type: 'enum', dictionary: 'purchaseBillEntry', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'supplier', readOnly: true },
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    documentNo: { type: 'text', readOnly: true },
    chargedAmount: { type: 'money', readOnly: true },
    paidAmount: { type: 'money', readOnly: true },
    balanceAmount: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'entryDate',
      'partnerId',
      'entryKind',
      'documentNo',
      'contractId',
      'chargedAmount',
      'paidAmount',
      'balanceAmount',
    ],
    filters: ['partnerId', 'entryDate', 'contractId', 'entryKind'],
    defaultSort: { field: 'entryDate', order: 'asc' },
    totals: ['chargedAmount', 'paidAmount', 'balanceAmount'],
  },
  report: { groupBy: ['partnerId'], totals: ['chargedAmount', 'paidAmount', 'balanceAmount'], chart: true },
  permissions: READ_ONLY,
});

export const reportsPart: AreaPart = {
  resources: [deliveryStatement, collectStock, saleInvoicingReport, purchaseBill],
};
