// Non-cotton costs (domain-money.md §2.8 SM-5, §4.6, §6.1): the invoices warehouses, carriers and services
// send (OtherInvoice), matched to the fee records they bill — a fee, or a resource package's storage at once,
// spread over its batches by tonne-days — which turns each fee's estimate into its actual cost; the storage
// per batch (ResourceStorageFee) and per package (PackageRealStoragefee), estimated against actual.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';

/** What one invoice bills: a fee record, or a package's fees of the invoice's kind, and how much. */
export const otherInvoiceLine = defineResource({
  key: 'otherInvoiceLine',
  area: 'capital',
  resource: 'OtherInvoiceLine',
  title: 'capital:route.OtherInvoiceDetail',
  titleField: 'feeId',
  fields: {
    feeId: { type: 'reference', resource: 'warehouseFee' },
    packageId: { type: 'reference', resource: 'resourcePackage' },
    amount: {
      type: 'money',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }, { kind: 'max', value: '9999999999.99' }],
    },
  },
  list: { columns: ['feeId', 'packageId', 'amount'], filters: [], totals: ['amount'] },
  form: { fields: ['feeId', 'packageId', 'amount'] },
  permissions: {},
});

/** SM-5 for a cost invoice: registered → verified → matched → deducted (when deductible); or rejected. */
const invoiceWorkflow = {
  field: 'status',
  initial: 'registered',
  states: {
    registered: 'capital:otherInvoiceState.registered',
    verified: 'capital:otherInvoiceState.verified',
    matched: 'capital:otherInvoiceState.matched',
    deducted: 'capital:otherInvoiceState.deducted',
    rejected: 'capital:otherInvoiceState.rejected',
  },
  transitions: [
    { from: ['registered'], to: 'verified', action: 'verify', permission: 'confirm' },
    { from: ['verified'], to: 'matched', action: 'match', permission: 'confirm' },
    {
      from: ['matched'],
      to: 'deducted',
      action: 'deduct',
      permission: 'confirm',
      fields: ['deductionPeriod'],
    },
    {
      from: ['registered', 'verified'],
      to: 'rejected',
      action: 'reject',
      permission: 'confirm',
      comment: 'required',
      danger: true,
    },
  ],
  editableIn: ['registered', 'verified'],
} as const;

/** A received invoice for a non-cotton cost (其他发票). */
export const otherInvoice = defineResource({
  key: 'otherInvoice',
  area: 'capital',
  resource: 'OtherInvoice',
  title: 'capital:route.OtherInvoice',
  titleField: 'invoiceNo',
  fields: {
    invoiceNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '^[0-9]{8,20}$', message: 'capital:validation.invoiceNo' },
      ],
    },
    sellerId: { type: 'partner', rules: [{ kind: 'required' }] },
    invoiceKind: { type: 'enum', dictionary: 'otherInvoiceKind', rules: [{ kind: 'required' }] },
    costKind: { type: 'enum', dictionary: 'costKind', rules: [{ kind: 'required' }] },
    issueDate: { type: 'date', rules: [{ kind: 'required' }] },
    amount: {
      type: 'money',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }, { kind: 'max', value: '9999999999.99' }],
    },
    taxRate: {
      type: 'percent',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0' }, { kind: 'max', value: '17' }],
    },
    amountExcl: { type: 'money', readOnly: true },
    vat: { type: 'money', readOnly: true },
    deductible: { type: 'boolean', readOnly: true },
    deductionPeriod: {
      type: 'text',
      rules: [{ kind: 'pattern', value: '^[0-9]{4}-(0[1-9]|1[0-2])$', message: 'capital:validation.period' }],
    },
    status: { type: 'enum', dictionary: 'otherInvoiceState', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    verifiedBy: { type: 'user', readOnly: true },
    matchedBy: { type: 'user', readOnly: true },
    matchedAt: { type: 'datetime', readOnly: true },
    deductedBy: { type: 'user', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'invoiceNo',
      'sellerId',
      'invoiceKind',
      'costKind',
      'issueDate',
      'amount',
      'taxRate',
      'amountExcl',
      'vat',
      'deductible',
      'status',
      'deductionPeriod',
      { field: 'matchedBy', hiddenByDefault: true },
      'createdBy',
      { field: 'createdAt', hiddenByDefault: true },
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['invoiceNo', 'sellerId', 'costKind', 'invoiceKind', 'status', 'issueDate', 'deductionPeriod'],
    defaultSort: { field: 'issueDate', order: 'desc' },
    totals: ['amount', 'amountExcl', 'vat'],
  },
  form: {
    fields: ['invoiceNo', 'sellerId', 'invoiceKind', 'costKind', 'issueDate', 'amount', 'taxRate', 'remark'],
  },
  detail: {
    sections: [
      {
        title: 'capital:section.invoice',
        fields: [
          'invoiceNo',
          'sellerId',
          'invoiceKind',
          'costKind',
          'issueDate',
          'amount',
          'taxRate',
          'amountExcl',
          'vat',
          'deductible',
          'status',
          'deductionPeriod',
          'remark',
        ],
      },
      {
        title: 'capital:section.approval',
        fields: ['createdBy', 'verifiedBy', 'matchedBy', 'matchedAt', 'deductedBy'],
      },
    ],
  },
  lines: { key: 'lines', title: 'capital:section.invoiceLines', declaration: otherInvoiceLine },
  workflow: invoiceWorkflow,
  permissions: crudPermissions,
});

const VIEW_ONLY = { view: 'view', export: 'export' } as const;

/** Storage per batch (ResourceStorageFee): the estimate from tonne-days and rate, the actual once invoiced. */
export const batchStorageFee = defineResource({
  key: 'batchStorageFee',
  area: 'pur',
  resource: 'ResourceStorageFee',
  title: 'capital:route.ResourceStorageFee',
  titleField: 'feeNo',
  fields: {
    feeNo: { type: 'text', readOnly: true },
    batchNo: { type: 'batch', readOnly: true },
    warehouseId: { type: 'warehouse', readOnly: true },
    periodFrom: { type: 'date', readOnly: true },
    periodTo: { type: 'date', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    rate: { type: 'number', readOnly: true },
    tonneDays: { type: 'number', readOnly: true },
    estimated: { type: 'money', readOnly: true },
    actual: { type: 'money', readOnly: true },
    difference: { type: 'money', readOnly: true },
    costState: { type: 'enum', dictionary: 'feeCostState', readOnly: true },
    invoiceNo: { type: 'text', readOnly: true },
    payeeId: { type: 'partner', readOnly: true },
    paid: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'batchNo',
      'feeNo',
      'warehouseId',
      'periodFrom',
      'periodTo',
      'tonnage',
      'rate',
      'tonneDays',
      'estimated',
      'actual',
      'difference',
      'costState',
      'invoiceNo',
      'paid',
      { field: 'payeeId', hiddenByDefault: true },
    ],
    filters: ['batchNo', 'warehouseId', 'costState', 'periodFrom', 'invoiceNo'],
    defaultSort: { field: 'periodFrom', order: 'desc' },
    totals: ['estimated', 'actual', 'difference', 'paid'],
  },
  permissions: VIEW_ONLY,
});

/** Storage per resource package (PackageRealStoragefee): its batches' fees, estimated against actual. */
export const packageStorageFee = defineResource({
  key: 'packageStorageFee',
  area: 'pur',
  resource: 'PackageRealStoragefee',
  title: 'capital:route.PackageRealStoragefee',
  titleField: 'packageNo',
  fields: {
    packageNo: { type: 'text', readOnly: true },
    name: { type: 'text', readOnly: true },
    batchCount: { type: 'integer', readOnly: true },
    tonnes: { type: 'weight', readOnly: true },
    fees: { type: 'integer', readOnly: true },
    estimated: { type: 'money', readOnly: true },
    actual: { type: 'money', readOnly: true },
    difference: { type: 'money', readOnly: true },
    costState: { type: 'enum', dictionary: 'feeCostState', readOnly: true },
    invoices: { type: 'text', readOnly: true },
    paid: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'packageNo',
      'name',
      'batchCount',
      'tonnes',
      'fees',
      'estimated',
      'actual',
      'difference',
      'costState',
      'invoices',
      'paid',
    ],
    filters: ['packageNo', 'name', 'costState'],
    defaultSort: { field: 'packageNo', order: 'desc' },
    totals: ['estimated', 'actual', 'difference', 'paid'],
  },
  permissions: VIEW_ONLY,
});

export const costsPart: AreaPart = {
  resources: [otherInvoice, batchStorageFee, packageStorageFee],
};
