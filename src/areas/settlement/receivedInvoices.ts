// Invoices received from suppliers on purchases (SpotInvoice, 进项, domain-money.md §2.8, SM-5): registered as the
// fapiao reads (number, date, seller's tax number, a line per batch with its tonnes, amount and tax), verified
// (查验), matched to the purchase settlement's lines of their batches within invoiceLineAmountTolerance (never
// beyond what is settled and not yet invoiced to the house), then marked for deduction in a tax period (勾选).
import { defineInput, defineResource } from '../../framework/resource/index.ts';

/** One line as the fapiao reads: the batch (规格型号), tonnes, amount incl. VAT and the tax. */
export const receivedInvoiceLine = defineResource({
  key: 'receivedInvoiceLine',
  area: 'pur',
  resource: 'receivedInvoiceLine',
  title: 'settlement:receivedInvoice.lines',
  titleField: 'batchNo',
  fields: {
    batchNo: { type: 'batch', rules: [{ kind: 'required' }] },
    quantity: { type: 'weight', rules: [{ kind: 'required' }, { kind: 'min', value: '0.001' }] },
    amount: { type: 'money', rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }] },
    vat: { type: 'money', rules: [{ kind: 'required' }, { kind: 'min', value: 0 }] },
    amountExcl: { type: 'money', readOnly: true },
    matched: { type: 'boolean', readOnly: true },
  },
  list: { columns: ['batchNo', 'quantity', 'amount', 'amountExcl', 'vat', 'matched'], filters: [] },
  form: { fields: ['batchNo', 'quantity', 'amount', 'vat'] },
  permissions: {},
});

export const receivedVerifyInput = defineInput({
  key: 'receivedVerifyInput',
  title: 'settlement:receivedInvoice.commands.verify',
  fields: { verifiedOn: { type: 'date', rules: [{ kind: 'required' }] } },
});

export const receivedMatchInput = defineInput({
  key: 'receivedMatchInput',
  title: 'settlement:receivedInvoice.commands.match',
  fields: { remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] } },
});

export const receivedDeductInput = defineInput({
  key: 'receivedDeductInput',
  title: 'settlement:receivedInvoice.commands.deduct',
  fields: {
    taxPeriod: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[0-9]{4}-(0[1-9]|1[0-2])', message: 'settlement:validation.taxPeriod' },
      ],
    },
    deductedOn: { type: 'date', rules: [{ kind: 'required' }] },
  },
});

const workflow = {
  field: 'status',
  initial: 'registered',
  states: {
    registered: 'settlement:receivedState.registered',
    verified: 'settlement:receivedState.verified',
    matched: 'settlement:receivedState.matched',
    deducted: 'settlement:receivedState.deducted',
    rejected: 'settlement:receivedState.rejected',
  },
  transitions: [
    {
      from: ['registered', 'verified', 'matched'],
      to: 'rejected',
      action: 'reject',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
  editableIn: ['registered'],
} as const;

const money = { type: 'money', readOnly: true } as const;

export const receivedInvoice = defineResource({
  key: 'receivedInvoice',
  area: 'pur',
  resource: 'SpotInvoice',
  title: 'settlement:route.SpotInvoice',
  titleField: 'invoiceNo',
  fields: {
    invoiceNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[0-9]{8,20}', message: 'settlement:validation.invoiceNos' },
      ],
    },
    invoiceKind: { type: 'enum', dictionary: 'invoiceKind', rules: [{ kind: 'required' }] },
    contractId: { type: 'reference', resource: 'transactionContract', rules: [{ kind: 'required' }] },
    partnerId: { type: 'partner', partnerKind: 'supplier', readOnly: true },
    issueDate: { type: 'date', rules: [{ kind: 'required' }] },
    sellerTaxNo: { type: 'text', rules: [{ kind: 'maxLength', value: 20 }] },
    quantity: { type: 'weight', readOnly: true },
    amount: money,
    amountExcl: money,
    vat: money,
    status: { type: 'enum', dictionary: 'receivedInvoiceState', readOnly: true },
    verifiedOn: { type: 'date', readOnly: true },
    taxPeriod: { type: 'text', readOnly: true },
    deductedOn: { type: 'date', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'invoiceNo',
      'invoiceKind',
      'contractId',
      'partnerId',
      'issueDate',
      'quantity',
      'amount',
      'amountExcl',
      'vat',
      'status',
      'taxPeriod',
      { field: 'verifiedOn', hiddenByDefault: true },
      { field: 'deductedOn', hiddenByDefault: true },
      { field: 'sellerTaxNo', hiddenByDefault: true },
      'createdBy',
    ],
    filters: ['invoiceNo', 'contractId', 'partnerId', 'status', 'taxPeriod', 'issueDate'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['quantity', 'amount', 'amountExcl', 'vat'],
  },
  form: { fields: ['invoiceNo', 'invoiceKind', 'contractId', 'issueDate', 'sellerTaxNo', 'remark'] },
  lines: {
    key: 'lines',
    title: 'settlement:receivedInvoice.lines',
    declaration: receivedInvoiceLine,
    minLines: 1,
  },
  workflow,
  commands: {
    verify: { input: receivedVerifyInput, permission: 'approve', states: ['registered'] },
    match: { input: receivedMatchInput, permission: 'approve', states: ['verified'] },
    deduct: { input: receivedDeductInput, permission: 'confirm', states: ['matched'] },
  },
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
});
