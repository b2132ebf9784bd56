// Money clients pay on their sale contracts (domain.md §7, payment: draft → submitted → approved | rejected
// (→ draft) → paid → reconciled; reversed): goods payments, and provisional payments for goods out on
// deferred pricing before they are priced. A payment counts from its receipt (paid) until it is reversed: the margin requirement
// reads what is paid for (src/domain/credit.ts `paidTonnage`) and the client's credit its receivables.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';
import {
  APPROVAL_STATES,
  APPROVAL_TRANSITIONS,
  crudPermissions,
} from '../../framework/resource/workflows.ts';

const paymentWorkflow = {
  field: 'status',
  initial: 'draft',
  states: {
    ...APPROVAL_STATES,
    paid: 'payments:state.paid',
    reconciled: 'payments:state.reconciled',
    reversed: 'payments:state.reversed',
  },
  transitions: [
    ...APPROVAL_TRANSITIONS,
    { from: ['approved'], to: 'paid', action: 'receive', permission: 'confirm' },
    { from: ['paid'], to: 'reconciled', action: 'reconcile', permission: 'complete' },
    {
      from: ['paid', 'reconciled'],
      to: 'reversed',
      action: 'reverse',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
  approval: { approve: 'approve', reject: 'reject' },
  editableIn: ['draft'],
} as const;

/** A client's payment on one of its sale contracts (ClientPaymentApply). */
export const clientPayment = defineResource({
  key: 'clientPayment',
  area: 'sales',
  resource: 'ClientPaymentApply',
  title: 'payments:route.ClientPaymentApply',
  titleField: 'paymentNo',
  fields: {
    paymentNo: { type: 'text', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', rules: [{ kind: 'required' }] },
    contractId: { type: 'reference', resource: 'transactionContract', rules: [{ kind: 'required' }] },
    kind: { type: 'enum', dictionary: 'clientPaymentKind', rules: [{ kind: 'required' }] },
    amount: {
      type: 'money',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.01' }, { kind: 'max', value: '9999999999.99' }],
    },
    receivedOn: { type: 'date', rules: [{ kind: 'required' }] },
    bankReference: { type: 'text', rules: [{ kind: 'maxLength', value: 64 }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'clientPaymentState', readOnly: true },
    salespersonId: { type: 'user', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'paymentNo',
      'partnerId',
      'contractId',
      'kind',
      'amount',
      'receivedOn',
      'bankReference',
      'status',
      { field: 'salespersonId', hiddenByDefault: true },
      'createdBy',
      { field: 'createdAt', hiddenByDefault: true },
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['paymentNo', 'partnerId', 'contractId', 'kind', 'status', 'receivedOn'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['amount'],
  },
  form: { fields: ['partnerId', 'contractId', 'kind', 'amount', 'receivedOn', 'bankReference', 'remark'] },
  workflow: paymentWorkflow,
  messageType: '1000005',
  permissions: crudPermissions,
});

export const paymentsPart: AreaPart = {
  resources: [clientPayment],
};
