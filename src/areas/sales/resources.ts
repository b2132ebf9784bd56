// The sales desk (domain.md §7): clients (partners of kind client) with their contacts and documents, which
// salesperson serves which client, stock reserved for a client until a date, and clients' bookings of
// tonnage that, once approved, become sale contracts.

import { defineInput, defineResource, notBefore } from '../../framework/resource/index.ts';
import { approvalWorkflow, crudPermissions } from '../../framework/resource/workflows.ts';
import { cropYearField, FUTURES_MONTH_PATTERN } from '../fields.ts';

const PHONE_PATTERN = '[0-9+\\-() ]{5,20}';

export const clientContact = defineResource({
  key: 'clientContact',
  area: 'sales',
  resource: 'clientContact',
  title: 'field.contacts',
  titleField: 'name',
  fields: {
    name: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }] },
    phone: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: PHONE_PATTERN, message: 'validation.phone' }],
    },
    position: { type: 'text', rules: [{ kind: 'maxLength', value: 32 }] },
  },
  list: { columns: ['name', 'phone', 'position'], filters: [] },
  form: { fields: ['name', 'phone', 'position'] },
  permissions: {},
});

/** A client as the sales desk keeps it: a partner of kind client, its credit limit, contacts and salesperson. */
export const client = defineResource({
  key: 'client',
  area: 'sales',
  resource: 'ClientManage',
  title: 'sales:route.ClientManage',
  titleField: 'name',
  fields: {
    name: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }] },
    shortName: { type: 'text', rules: [{ kind: 'maxLength', value: 32 }] },
    creditCode: {
      type: 'text',
      rules: [
        {
          kind: 'pattern',
          value: '[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}',
          message: 'validation.creditCode',
        },
      ],
    },
    creditLimit: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
    address: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    salespersonId: { type: 'user', readOnly: true },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
  },
  list: {
    columns: ['name', 'shortName', 'creditLimit', 'salespersonId', 'status'],
    filters: ['name', 'salespersonId', 'status'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: { fields: ['name', 'shortName', 'creditCode', 'creditLimit', 'address'] },
  lines: { key: 'contacts', title: 'field.contacts', declaration: clientContact },
  permissions: { view: 'view', create: 'create', edit: 'edit', export: 'export' },
});

/** A document the desk holds of a client: licence, credit report, framework agreement…, valid until a date. */
export const clientDocument = defineResource({
  key: 'clientDocument',
  area: 'sales',
  resource: 'clientDocument',
  title: 'sales:route.ClientManageData',
  titleField: 'documentNo',
  fields: {
    kind: { type: 'enum', dictionary: 'clientDocumentKind', rules: [{ kind: 'required' }] },
    documentNo: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }] },
    validUntil: { type: 'date' },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: { columns: ['kind', 'documentNo', 'validUntil', 'remark'], filters: [] },
  form: { fields: ['kind', 'documentNo', 'validUntil', 'remark'] },
  permissions: {},
});

/** The client's records (客户资料): its credit limit and the documents the desk holds, with their validity. */
export const clientData = defineResource({
  key: 'clientData',
  area: 'sales',
  resource: 'ClientManageData',
  title: 'sales:route.ClientManageData',
  titleField: 'name',
  fields: {
    name: { type: 'text', readOnly: true },
    creditLimit: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
    salespersonId: { type: 'user', readOnly: true },
  },
  list: { columns: ['name', 'creditLimit', 'salespersonId'], filters: ['name'] },
  form: { fields: ['creditLimit'] },
  lines: { key: 'documents', title: 'sales:clientData.documents', declaration: clientDocument },
  permissions: { view: 'view', edit: 'edit', export: 'export' },
});

/** Which salesperson serves which client, from a date: one salesperson per client at a time. */
export const clientRelation = defineResource({
  key: 'clientRelation',
  area: 'sales',
  resource: 'ClientRelation',
  title: 'sales:route.ClientRelation',
  titleField: 'clientId',
  fields: {
    clientId: { type: 'partner', partnerKind: 'client', rules: [{ kind: 'required' }] },
    salespersonId: { type: 'user', rules: [{ kind: 'required' }] },
    fromDate: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['clientId', 'salespersonId', 'fromDate', 'remark'],
    filters: ['clientId', 'salespersonId'],
  },
  form: { fields: ['clientId', 'salespersonId', 'fromDate', 'remark'] },
  permissions: crudPermissions,
});

export const reservationLine = defineResource({
  key: 'clientReservationLine',
  area: 'sales',
  resource: 'clientReservationLine',
  title: 'field.lines',
  titleField: 'batchNo',
  fields: {
    batchNo: { type: 'batch', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 100 }] },
  },
  list: { columns: ['batchNo', 'remark'], filters: [] },
  form: { fields: ['batchNo', 'remark'] },
  permissions: {},
});

/**
 * Stock held for a client until a date: reserving moves its batches to reserved; releasing, cancelling or
 * expiry (the releaseExpired command) moves them back to stock.
 */
export const reservationWorkflow = {
  field: 'status',
  initial: 'draft',
  states: {
    draft: 'state.draft',
    reserved: 'state.reserved',
    released: 'state.released',
    cancelled: 'state.bookingCancelled',
    expired: 'state.expired',
  },
  transitions: [
    { from: ['draft'], to: 'reserved', action: 'reserve', permission: 'edit' },
    {
      from: ['reserved'],
      to: 'released',
      action: 'releaseReservation',
      permission: 'edit',
      comment: 'optional',
    },
    {
      from: ['draft', 'reserved'],
      to: 'cancelled',
      action: 'cancelReservation',
      permission: 'edit',
      comment: 'optional',
      danger: true,
    },
  ],
} as const;

/** The releaseExpired command releases every reservation past its date; a note may say why it was run. */
export const releaseExpiredInput = defineInput({
  key: 'releaseExpiredInput',
  title: 'sales:route.ClientReserved',
  fields: { note: { type: 'text', rules: [{ kind: 'maxLength', value: 100 }] } },
});

export const clientReservation = defineResource({
  key: 'clientReservation',
  area: 'sales',
  resource: 'ClientReserved',
  title: 'sales:route.ClientReserved',
  titleField: 'reservationNo',
  fields: {
    reservationNo: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }] },
    clientId: { type: 'partner', partnerKind: 'client', rules: [{ kind: 'required' }] },
    expiresOn: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'reservationState', readOnly: true },
  },
  list: {
    columns: ['reservationNo', 'clientId', 'expiresOn', 'status', 'remark'],
    filters: ['reservationNo', 'clientId', 'status', 'expiresOn'],
    defaultSort: { field: 'expiresOn', order: 'asc' },
  },
  form: { fields: ['reservationNo', 'clientId', 'expiresOn', 'remark'] },
  lines: { key: 'lines', title: 'field.lines', declaration: reservationLine, minLines: 1 },
  workflow: reservationWorkflow,
  commands: {
    releaseExpired: { input: releaseExpiredInput, permission: 'edit', target: 'resource' },
  },
  permissions: crudPermissions,
});

/** A booking: draft → submitted → approved | rejected (→ draft). */
export const bookingWorkflow = approvalWorkflow;

/**
 * A client's booking of cotton (客户订货): what a sale contract needs — client, tonnage, crop year, quality,
 * futures month and basis, warehouse and delivery period. An approved booking is what a sale contract is
 * drawn up from.
 */
/** What drawing a sale contract up from a booking asks besides the booking: its kind, date and terms. */
export const bookingContractInput = defineInput({
  key: 'bookingContractInput',
  title: 'sales:clientBooking.commands.toContract',
  fields: {
    kind: { type: 'enum', dictionary: 'contractKind', rules: [{ kind: 'required' }] },
    signDate: { type: 'date', rules: [{ kind: 'required' }] },
    tolerancePercent: {
      type: 'percent',
      rules: [
        { kind: 'min', value: 0 },
        { kind: 'max', value: 10 },
      ],
    },
    fixingDeadline: { type: 'date' },
    unitPrice: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
  },
});

export const clientBooking = defineResource({
  key: 'clientBooking',
  area: 'sales',
  resource: 'ClientBook',
  title: 'sales:route.ClientBook',
  titleField: 'bookingNo',
  messageType: '1000004',
  fields: {
    bookingNo: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }] },
    clientId: { type: 'partner', partnerKind: 'client', rules: [{ kind: 'required' }] },
    tonnage: { type: 'weight', rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }] },
    cropYear: cropYearField,
    gradeSpec: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }] },
    futuresMonth: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: FUTURES_MONTH_PATTERN, message: 'validation.futuresMonth' },
      ],
    },
    basis: { type: 'money', rules: [{ kind: 'required' }] },
    warehouseId: { type: 'warehouse' },
    deliveryFrom: { type: 'date', rules: [{ kind: 'required' }] },
    deliveryTo: {
      type: 'date',
      rules: [{ kind: 'required' }, notBefore('deliveryFrom', 'validation.periodEndBeforeStart')],
    },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    salespersonId: { type: 'user', readOnly: true },
    status: { type: 'enum', dictionary: 'contractState', readOnly: true },
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
  },
  list: {
    columns: [
      'bookingNo',
      'clientId',
      'tonnage',
      'cropYear',
      'gradeSpec',
      'futuresMonth',
      'basis',
      'deliveryFrom',
      'deliveryTo',
      'salespersonId',
      'status',
      'contractId',
    ],
    filters: ['bookingNo', 'clientId', 'salespersonId', 'cropYear', 'futuresMonth', 'status'],
    defaultSort: { field: 'bookingNo', order: 'desc' },
    totals: ['tonnage'],
  },
  form: {
    fields: [
      'bookingNo',
      'clientId',
      'tonnage',
      'cropYear',
      'gradeSpec',
      'futuresMonth',
      'basis',
      'warehouseId',
      'deliveryFrom',
      'deliveryTo',
      'remark',
    ],
  },
  workflow: bookingWorkflow,
  // An approved booking becomes a draft sale contract, once.
  commands: { toContract: { input: bookingContractInput, permission: 'create', states: ['approved'] } },
  permissions: crudPermissions,
});
