// Invoice applications (开票申请, domain-money.md §2.4, SM-2): a client's confirmed sale settlement to invoice,
// its lines (each a settlement line, with its VAT split per line; all that is still invoiceable when none is
// named), approved by someone other than the applicant (BillApplyCheck), then issued as one or more invoices
// split by invoiceMaxAmount, each with the number the tax platform gave it (SM-3).

import { defineInput, defineResource } from '../../framework/resource/index.ts';
import { APPROVAL_STATES, APPROVAL_TRANSITIONS } from '../../framework/resource/workflows.ts';

/** One line: a batch of the settlement (all its open tonnes unless fewer are named) or a charge line. */
export const invoiceApplicationLine = defineResource({
  key: 'invoiceApplicationLine',
  area: 'sales',
  resource: 'invoiceApplicationLine',
  title: 'settlement:invoiceApplication.lines',
  titleField: 'batchNo',
  fields: {
    lineKind: { type: 'enum', dictionary: 'settlementLineKind', readOnly: true },
    batchNo: { type: 'batch', rules: [{ kind: 'required' }] },
    quantity: { type: 'weight', rules: [{ kind: 'min', value: '0.001' }] },
    unitPriceExcl: { type: 'text', readOnly: true },
    amount: { type: 'money', readOnly: true },
    amountExcl: { type: 'money', readOnly: true },
    vat: { type: 'money', readOnly: true },
    taxRate: { type: 'percent', readOnly: true },
  },
  list: {
    columns: ['lineKind', 'batchNo', 'quantity', 'unitPriceExcl', 'amount', 'amountExcl', 'vat', 'taxRate'],
    filters: [],
  },
  form: { fields: ['batchNo', 'quantity'] },
  permissions: {},
});

/** The numbers and date the tax platform gave the invoices (as many numbers as the split makes). */
export const invoiceIssueInput = defineInput({
  key: 'invoiceIssueInput',
  title: 'settlement:invoiceApplication.commands.issue',
  fields: {
    invoiceNos: {
      type: 'text',
      rules: [
        { kind: 'required' },
        {
          kind: 'pattern',
          value: '[0-9]{8,20}([ ,，、]+[0-9]{8,20})*',
          message: 'settlement:validation.invoiceNos',
        },
      ],
    },
    issueDate: { type: 'date', rules: [{ kind: 'required' }] },
  },
});

/** The bulk-issue file for the tax platform (数电批量开具): the approved applications and the confirmed red forms. */
export const taxExportInput = defineInput({
  key: 'taxExportInput',
  title: 'settlement:invoiceApplication.commands.taxExport',
  fields: { remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] } },
});

/** The platform's result file: the numbers and dates it gave, matched by the serial numbers of the export. */
export const taxImportFile = defineInput({
  key: 'taxImportFile',
  title: 'settlement:invoiceApplication.commands.taxImport',
  fields: {
    fileName: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    content: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 8_000_000 }] },
  },
  form: ['fileName', 'content'],
});

/** What the import issued. */
export const taxImportResult = defineInput({
  key: 'taxImportResult',
  title: 'settlement:invoiceApplication.commands.taxImport',
  fields: { invoices: { type: 'integer' }, reds: { type: 'integer' } },
});

const workflow = {
  field: 'status',
  initial: 'draft',
  states: {
    ...APPROVAL_STATES,
    issued: 'settlement:state.issued',
    cancelled: 'settlement:state.cancelled',
  },
  transitions: [
    ...APPROVAL_TRANSITIONS,
    {
      from: ['draft', 'rejected', 'approved'],
      to: 'cancelled',
      action: 'cancel',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
  approval: { approve: 'approve', reject: 'reject' },
  editableIn: ['draft'],
} as const;

const money = { type: 'money', readOnly: true } as const;

export const invoiceApplication = defineResource({
  key: 'invoiceApplication',
  area: 'sales',
  resource: 'ClientBillApply',
  title: 'settlement:route.ClientBillApply',
  titleField: 'applicationNo',
  fields: {
    applicationNo: { type: 'text', readOnly: true },
    settlementId: { type: 'reference', resource: 'settlement', rules: [{ kind: 'required' }] },
    partnerId: { type: 'partner', readOnly: true },
    invoiceKind: { type: 'enum', dictionary: 'invoiceKind', rules: [{ kind: 'required' }] },
    applyDate: { type: 'date', rules: [{ kind: 'required' }] },
    quantity: { type: 'weight', readOnly: true },
    amount: money,
    amountExcl: money,
    vat: money,
    invoiceCount: { type: 'integer', readOnly: true },
    invoiceNos: { type: 'text', readOnly: true },
    status: { type: 'enum', dictionary: 'invoiceApplicationState', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'applicationNo',
      'settlementId',
      'partnerId',
      'invoiceKind',
      'applyDate',
      'quantity',
      'amount',
      'amountExcl',
      'vat',
      'invoiceNos',
      'status',
      'createdBy',
      { field: 'createdAt', hiddenByDefault: true },
    ],
    filters: ['applicationNo', 'settlementId', 'partnerId', 'status', 'applyDate'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['quantity', 'amount', 'amountExcl', 'vat'],
  },
  form: { fields: ['settlementId', 'invoiceKind', 'applyDate', 'remark'] },
  lines: { key: 'lines', title: 'settlement:invoiceApplication.lines', declaration: invoiceApplicationLine },
  workflow,
  commands: {
    issue: { input: invoiceIssueInput, permission: 'confirm', states: ['approved'] },
    // The file is answered as data for a download: no generic drawer shows it.
    taxExport: { input: taxExportInput, permission: 'confirm', target: 'resource', ownScreen: true },
    taxImport: {
      input: taxImportFile,
      permission: 'confirm',
      target: 'resource',
      preview: taxImportResult,
      file: { accept: ['.xlsx', '.csv'] },
    },
  },
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
});
