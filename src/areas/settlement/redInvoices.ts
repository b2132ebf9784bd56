// Red-letter confirmation forms and red invoices (红字确认单 / 红字发票, domain-money.md §2.6, SM-4, decision 4):
// a form names its blue invoice and the reason — 01 (error: a full reversal, the only one while the buyer has
// not confirmed the blue's use), 02 (return: by tonnes at the blue line's unit price excl.) or 04 (allowance:
// by amount) — and its lines, negative, in the blue's line order, never beyond what is left of each blue line
// (src/domain/settlement.ts `redLines`). Entered by the seller or the buyer, approved by someone other than its
// author, sent: no confirmation needed (01), or awaiting the other party within redFormConfirmHours (02/03,
// src/domain/redInvoice.ts), then confirmed (04), refused (05/06), expired (07) or withdrawn (08); a confirmed
// form issues the red invoice under its number.

import { defineInput, defineResource } from '../../framework/resource/index.ts';
import { APPROVAL_STATES, APPROVAL_TRANSITIONS } from '../../framework/resource/workflows.ts';

/** One red line: the blue line it reverses, the tonnes returned (02) or the allowance incl. VAT (04). */
export const redFormLine = defineResource({
  key: 'redFormLine',
  area: 'pur',
  resource: 'redFormLine',
  title: 'settlement:redForm.lines',
  titleField: 'blueLineNo',
  fields: {
    blueLineNo: { type: 'integer', rules: [{ kind: 'required' }, { kind: 'min', value: 1 }] },
    batchNo: { type: 'text', readOnly: true },
    quantity: { type: 'weight' },
    unitPriceExcl: { type: 'text', readOnly: true },
    amount: { type: 'money' },
    amountExcl: { type: 'money', readOnly: true },
    vat: { type: 'money', readOnly: true },
    taxRate: { type: 'percent', readOnly: true },
  },
  list: {
    columns: ['blueLineNo', 'batchNo', 'quantity', 'unitPriceExcl', 'amount', 'amountExcl', 'vat', 'taxRate'],
    filters: [],
  },
  form: { fields: ['blueLineNo', 'quantity', 'amount'] },
  permissions: {},
});

const remarkInput = (key: string, title: string) =>
  defineInput({
    key,
    title,
    fields: { remark: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 200 }] } },
  });

/** The other party's confirmation of a form awaiting it (02/03 → 04), within the clock. */
export const redFormConfirmInput = defineInput({
  key: 'redFormConfirmInput',
  title: 'settlement:redForm.commands.confirm',
  fields: {
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
  },
});

/** Sends the approved form to the tax platform: 01 (no confirmation) or 02/03 and the clock starts. */
export const redFormSendInput = defineInput({
  key: 'redFormSendInput',
  title: 'settlement:redForm.commands.send',
  fields: {
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
  },
});

/** The red invoice the tax platform issued on the confirmed form: its number and date. */
export const redInvoiceIssueInput = defineInput({
  key: 'redInvoiceIssueInput',
  title: 'settlement:redForm.commands.issueRed',
  fields: {
    redInvoiceNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[0-9]{8,20}', message: 'settlement:validation.invoiceNos' },
      ],
    },
    redIssueDate: { type: 'date', rules: [{ kind: 'required' }] },
  },
});

const workflow = {
  field: 'status',
  initial: 'draft',
  states: {
    ...APPROVAL_STATES,
    pending: 'settlement:redState.pending',
    confirmed: 'settlement:redState.confirmed',
    issued: 'settlement:redState.issued',
    void: 'settlement:redState.void',
  },
  transitions: [...APPROVAL_TRANSITIONS],
  approval: { approve: 'approve', reject: 'reject' },
  editableIn: ['draft'],
} as const;

const money = { type: 'money', readOnly: true } as const;

export const redForm = defineResource({
  key: 'redForm',
  area: 'pur',
  resource: 'RedInvoice',
  title: 'settlement:route.RedInvoice',
  titleField: 'formNo',
  fields: {
    formNo: { type: 'text', readOnly: true },
    direction: { type: 'enum', dictionary: 'invoiceDirection', readOnly: true },
    enteredBy: { type: 'enum', dictionary: 'redFormParty', rules: [{ kind: 'required' }] },
    blueInvoiceNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[0-9]{8,20}', message: 'settlement:validation.invoiceNos' },
      ],
    },
    partnerId: { type: 'partner', readOnly: true },
    reason: { type: 'enum', dictionary: 'redReason', rules: [{ kind: 'required' }] },
    blueConfirmedUse: { type: 'boolean' },
    formDate: { type: 'date', rules: [{ kind: 'required' }] },
    quantity: { type: 'weight', readOnly: true },
    amount: money,
    amountExcl: money,
    vat: money,
    status: { type: 'enum', dictionary: 'redFormState', readOnly: true },
    bureauState: { type: 'enum', dictionary: 'redFormBureauState', readOnly: true },
    sentAt: { type: 'datetime', readOnly: true },
    deadline: { type: 'datetime', readOnly: true },
    confirmedAt: { type: 'datetime', readOnly: true },
    redInvoiceNo: { type: 'text', readOnly: true },
    redIssueDate: { type: 'date', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'formNo',
      'direction',
      'enteredBy',
      'blueInvoiceNo',
      'partnerId',
      'reason',
      'formDate',
      'quantity',
      'amount',
      'amountExcl',
      'vat',
      'status',
      'bureauState',
      'deadline',
      'redInvoiceNo',
      { field: 'redIssueDate', hiddenByDefault: true },
      { field: 'sentAt', hiddenByDefault: true },
      'createdBy',
      { field: 'createdAt', hiddenByDefault: true },
    ],
    filters: ['formNo', 'blueInvoiceNo', 'partnerId', 'reason', 'status', 'bureauState', 'formDate'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['quantity', 'amount', 'amountExcl', 'vat'],
  },
  form: { fields: ['enteredBy', 'blueInvoiceNo', 'reason', 'blueConfirmedUse', 'formDate', 'remark'] },
  detail: {
    sections: [
      {
        title: 'settlement:redForm.sections.form',
        fields: [
          'formNo',
          'direction',
          'enteredBy',
          'blueInvoiceNo',
          'partnerId',
          'reason',
          'blueConfirmedUse',
          'formDate',
          'status',
          'remark',
        ],
      },
      {
        title: 'settlement:redForm.sections.money',
        fields: ['quantity', 'amount', 'amountExcl', 'vat'],
      },
      {
        title: 'settlement:redForm.sections.bureau',
        fields: [
          'bureauState',
          'sentAt',
          'deadline',
          'confirmedAt',
          'redInvoiceNo',
          'redIssueDate',
          'createdBy',
          'createdAt',
        ],
      },
    ],
  },
  lines: { key: 'lines', title: 'settlement:redForm.lines', declaration: redFormLine },
  workflow,
  commands: {
    send: { input: redFormSendInput, permission: 'confirm', states: ['approved'] },
    confirm: { input: redFormConfirmInput, permission: 'confirm', states: ['pending'] },
    refuse: {
      input: remarkInput('redFormRefuseInput', 'settlement:redForm.commands.refuse'),
      permission: 'confirm',
      states: ['pending'],
      danger: true,
    },
    expire: {
      input: redFormSendInput,
      permission: 'confirm',
      states: ['pending'],
      danger: true,
    },
    withdraw: {
      input: remarkInput('redFormWithdrawInput', 'settlement:redForm.commands.withdraw'),
      permission: 'void',
      states: ['draft', 'rejected', 'approved', 'pending'],
      danger: true,
    },
    issueRed: { input: redInvoiceIssueInput, permission: 'confirm', states: ['confirmed'] },
  },
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
});
