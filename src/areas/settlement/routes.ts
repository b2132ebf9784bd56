// The screens of settlements: sale settlements (SaleSettlement) and their approval queue
// (SaleSettlementCheck), purchase settlements (PurSettInvoice), each with its detail; one resource, the side
// as the screen's scope. The statement the counterparty signs prints in the tenant's layout (statementPrint, or
// statementPrintSpm as tenants/<code>.json's printVariants says).
import { type BusinessRoute, printPage, shell } from '../../shared/routes/routeRecords.ts';

const SALE = { side: 'sale' } as const;
const PURCHASE = { side: 'purchase' } as const;

export const routes: readonly BusinessRoute[] = [
  {
    ...shell('SaleSettlement', '/sales/SaleSettlement', 'list', 'settlement', SALE),
    detail: 'SaleSettlementDetail',
  },
  shell('SaleSettlementDetail', '/sales/SaleSettlement/:id/:name', 'detail', 'settlement', SALE),
  {
    ...shell('SaleSettlementCheck', '/salesManage/SaleSettlementCheck', 'approval', 'settlement', SALE),
    detail: 'SaleSettlementCheckDetail',
  },
  shell(
    'SaleSettlementCheckDetail',
    '/salesManage/SaleSettlementCheck/:id/:name',
    'detail',
    'settlement',
    SALE,
  ),
  {
    ...shell('PurSettInvoice', '/pur/PurSettInvoice', 'list', 'settlement', PURCHASE),
    detail: 'PurSettInvoiceDetails',
  },
  shell('PurSettInvoiceDetails', '/pur/PurSettInvoiceDetails/:id/:name', 'detail', 'settlement', PURCHASE),
  {
    ...shell('ClientBillApply', '/sales/ClientBillApply', 'list', 'invoiceApplication'),
    detail: 'ClientBillApplyDetail',
  },
  shell('ClientBillApplyDetail', '/sales/ClientBillApply/:id/:name', 'detail', 'invoiceApplication'),
  {
    ...shell('BillApplyCheck', '/salesManage/BillApplyCheck', 'approval', 'invoiceApplication'),
    detail: 'BillApplyCheckDetail',
  },
  shell('BillApplyCheckDetail', '/salesManage/BillApplyCheck/:id/:name', 'detail', 'invoiceApplication'),
  // The invoice-by-weight ledger per contract and its running lines.
  {
    ...shell('InvoiceWeightRecord', '/PayInvoice/InvoiceWeightRecord', 'list', 'invoiceWeightRecord'),
    detail: 'InvoiceWeightRecordDetails',
  },
  shell(
    'InvoiceWeightRecordDetails',
    '/PayInvoice/InvoiceWeightRecord/details/:id/:name',
    'detail',
    'invoiceWeightRecord',
  ),
  // Invoices received on purchases, each with its detail.
  { ...shell('SpotInvoice', '/pur/SpotInvoice', 'list', 'receivedInvoice'), detail: 'SpotInvoiceDetails' },
  shell('SpotInvoiceDetails', '/pur/SpotInvoiceDetails/:id/:name', 'detail', 'receivedInvoice'),
  // Red-letter forms and red invoices (both directions), each with its detail.
  { ...shell('RedInvoice', '/pur/RedInvoice', 'list', 'redForm'), detail: 'RedInvoiceDetails' },
  shell('RedInvoiceDetails', '/pur/RedInvoiceDetails/:id/:name', 'detail', 'redForm'),
  ...['statementPrint', 'statementPrintSpm'].map((key) =>
    printPage(key, `/pending/${key}`, {
      resource: 'settlement',
      document: 'statement',
      templates: 'billTemplate',
      parties: [
        { role: 'print.ourParty', party: 'tenant' },
        { role: 'print.counterparty', party: 'partnerId' },
      ],
      amount: 'balance',
    }),
  ),
  // The receipt confirmation of a settlement's batches (and the spm layout), the invoice detail list sent with
  // the fapiao.
  ...['receiptconfirmation', 'receiptconfirmationSpm'].map((key) =>
    printPage(key, `/pending/${key}`, {
      resource: 'settlement',
      document: 'receiptConfirmation',
      templates: 'billTemplate',
      parties: [
        { role: 'print.ourParty', party: 'tenant' },
        { role: 'print.counterparty', party: 'partnerId' },
      ],
      amount: 'goodsAmount',
    }),
  ),
  printPage('invoiceDetailsPrint', '/pending/invoiceDetailsPrint', {
    resource: 'invoiceApplication',
    document: 'invoiceDetails',
    templates: 'billTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'partnerId' },
    ],
    amount: 'amount',
  }),
];
