// The invoice-by-weight ledger (InvoiceWeightRecord, domain-money.md §2.7): per contract, the settled tonnes and
// amount (its confirmed settlements and adjustments), invoiced = blue − red, and what remains to invoice. Read
// only, over the view of migration 211; its detail lists every invoice line (+ blue, − red) with the running
// invoiced figures. An application beyond what remains is refused (server/areas/settlement/invoicing.ts).
import { defineResource } from '../../framework/resource/index.ts';

const tonnes = { type: 'weight', readOnly: true } as const;
const money = { type: 'money', readOnly: true } as const;

/** One invoice line of the contract in the order issued, with the running invoiced tonnes and amount. */
export const invoiceWeightLine = defineResource({
  key: 'invoiceWeightLine',
  area: 'PayInvoice',
  resource: 'invoiceWeightLine',
  title: 'settlement:invoiceWeightRecord.lines',
  titleField: 'invoiceNo',
  fields: {
    issueDate: { type: 'date', readOnly: true },
    colour: { type: 'enum', dictionary: 'invoiceColour', readOnly: true },
    invoiceNo: { type: 'text', readOnly: true },
    batchNo: { type: 'text', readOnly: true },
    quantity: tonnes,
    amount: money,
    runningTonnes: tonnes,
    runningAmount: money,
  },
  list: {
    columns: [
      'issueDate',
      'colour',
      'invoiceNo',
      'batchNo',
      'quantity',
      'amount',
      'runningTonnes',
      'runningAmount',
    ],
    filters: [],
  },
  permissions: {},
});

export const invoiceWeightRecord = defineResource({
  key: 'invoiceWeightRecord',
  area: 'PayInvoice',
  resource: 'InvoiceWeightRecord',
  title: 'settlement:route.InvoiceWeightRecord',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    partnerId: { type: 'partner', readOnly: true },
    direction: { type: 'enum', dictionary: 'invoiceDirection', readOnly: true },
    settledTonnes: tonnes,
    settledAmount: money,
    blueTonnes: tonnes,
    blueAmount: money,
    redTonnes: tonnes,
    redAmount: money,
    invoicedTonnes: tonnes,
    invoicedAmount: money,
    toInvoiceTonnes: tonnes,
    toInvoiceAmount: money,
  },
  list: {
    columns: [
      'contractId',
      'partnerId',
      'direction',
      'settledTonnes',
      'settledAmount',
      'invoicedTonnes',
      'invoicedAmount',
      'toInvoiceTonnes',
      'toInvoiceAmount',
      { field: 'blueTonnes', hiddenByDefault: true },
      { field: 'blueAmount', hiddenByDefault: true },
      { field: 'redTonnes', hiddenByDefault: true },
      { field: 'redAmount', hiddenByDefault: true },
    ],
    filters: ['contractId', 'partnerId', 'direction'],
    defaultSort: { field: 'contractId', order: 'desc' },
    totals: [
      'settledTonnes',
      'settledAmount',
      'invoicedTonnes',
      'invoicedAmount',
      'toInvoiceTonnes',
      'toInvoiceAmount',
    ],
  },
  detail: {
    sections: [
      {
        title: 'settlement:invoiceWeightRecord.sections.contract',
        fields: ['contractId', 'partnerId', 'direction'],
      },
      {
        title: 'settlement:invoiceWeightRecord.sections.figures',
        fields: [
          'settledTonnes',
          'settledAmount',
          'blueTonnes',
          'blueAmount',
          'redTonnes',
          'redAmount',
          'invoicedTonnes',
          'invoicedAmount',
          'toInvoiceTonnes',
          'toInvoiceAmount',
        ],
      },
    ],
  },
  lines: { key: 'lines', title: 'settlement:invoiceWeightRecord.lines', declaration: invoiceWeightLine },
  permissions: { view: 'view', export: 'export' },
});
