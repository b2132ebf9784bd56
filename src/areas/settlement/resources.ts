// Settlements of physical cotton (domain-money.md §1, SM-1): a sale settlement with a mill (SaleSettlement) or a
// purchase settlement with a ginner or trader (PurSettInvoice), one per contract and delivery lot. Its lines
// are the contract's delivered batches, priced by the server (src/domain/settlement.ts: fixings first in, first
// out, tolerance tonnes by the house's rule, the fixed price for spot), and the charges and claims entered with
// them (signed: + the buyer owes). Drafted by the desk, approved by someone else, confirmed with the
// counterparty's signed statement; never edited after confirmation: a correction is an adjustment settlement.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineInput, defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { APPROVAL_STATES, APPROVAL_TRANSITIONS } from '../../framework/resource/workflows.ts';
import { invoiceWeightRecord } from './invoiceWeightRecords.ts';
import { invoiceApplication } from './invoicing.ts';
import { receivedInvoice } from './receivedInvoices.ts';
import { redForm } from './redInvoices.ts';

const goods = (line: Readonly<Record<string, unknown>>) => (line.lineKind ?? 'goods') === 'goods';

/** One line: a delivered batch (priced by the server) or a charge or claim (its signed amount entered). */
export const settlementLine = defineResource({
  key: 'settlementLine',
  area: 'PayInvoice',
  resource: 'settlementLine',
  title: 'settlement:settlement.lines',
  titleField: 'batchNo',
  fields: {
    lineKind: { type: 'enum', dictionary: 'settlementLineKind', rules: [{ kind: 'required' }] },
    batchNo: { type: 'batch', rules: [requiredWhen(goods, 'settlement:validation.batchRequired')] },
    weight: { type: 'weight', readOnly: true },
    qualityPremium: { type: 'money', readOnly: true },
    futuresPrice: { type: 'money', readOnly: true },
    basis: { type: 'money', readOnly: true },
    unitPrice: { type: 'money', readOnly: true },
    amount: {
      type: 'money',
      rules: [
        requiredWhen((line) => !goods(line), 'settlement:validation.amountRequired'),
        { kind: 'min', value: '-9999999999.99' },
        { kind: 'max', value: '9999999999.99' },
      ],
    },
    amountExcl: { type: 'money', readOnly: true },
    vat: { type: 'money', readOnly: true },
    pricedBy: { type: 'enum', dictionary: 'settlementPricedBy', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: [
      'lineKind',
      'batchNo',
      'weight',
      'qualityPremium',
      'futuresPrice',
      'basis',
      'unitPrice',
      'amount',
      'amountExcl',
      'vat',
      'pricedBy',
      'remark',
    ],
    filters: [],
  },
  form: { fields: ['lineKind', 'batchNo', 'amount', 'remark'] },
  permissions: {},
});

/** The counterparty's confirmation: who signed the statement and when (SM-1 approved → confirmed). */
export const settlementConfirmInput = defineInput({
  key: 'settlementConfirmInput',
  title: 'settlement:settlement.commands.confirm',
  fields: {
    confirmedByParty: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }],
    },
    confirmedOn: { type: 'date', rules: [{ kind: 'required' }] },
  },
});

/** A claim or correction after confirmation: an adjustment settlement of one signed line, as a draft. */
export const settlementAdjustInput = defineInput({
  key: 'settlementAdjustInput',
  title: 'settlement:settlement.commands.adjust',
  fields: {
    lineKind: { type: 'enum', dictionary: 'settlementLineKind', rules: [{ kind: 'required' }] },
    batchNo: { type: 'batch' },
    amount: {
      type: 'money',
      rules: [
        { kind: 'required' },
        { kind: 'min', value: '-9999999999.99' },
        { kind: 'max', value: '9999999999.99' },
      ],
    },
    settleDate: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 200 }] },
  },
});

const settlementWorkflow = {
  field: 'status',
  initial: 'draft',
  states: {
    ...APPROVAL_STATES,
    confirmed: 'settlement:state.confirmed',
    voided: 'settlement:state.voided',
  },
  transitions: [
    ...APPROVAL_TRANSITIONS,
    {
      from: ['draft', 'submitted', 'approved', 'rejected'],
      to: 'voided',
      action: 'void',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
  approval: { approve: 'approve', reject: 'reject' },
  editableIn: ['draft'],
} as const;

const money = { type: 'money', readOnly: true } as const;

export const settlement = defineResource({
  key: 'settlement',
  area: 'PayInvoice',
  resource: 'Settlement',
  title: 'settlement:route.SaleSettlement',
  titleField: 'settlementNo',
  fields: {
    settlementNo: { type: 'text', readOnly: true },
    side: { type: 'enum', dictionary: 'settlementSide', rules: [{ kind: 'required' }] },
    kind: { type: 'enum', dictionary: 'settlementKind', readOnly: true },
    contractId: { type: 'reference', resource: 'transactionContract', rules: [{ kind: 'required' }] },
    partnerId: { type: 'partner', readOnly: true },
    adjustsId: { type: 'reference', resource: 'settlement', readOnly: true },
    settleDate: { type: 'date', rules: [{ kind: 'required' }] },
    tonnage: { type: 'weight', readOnly: true },
    goodsAmount: money,
    chargesAmount: money,
    claimsAmount: money,
    totalAmount: money,
    amountExcl: money,
    vat: money,
    paidAmount: money,
    balance: money,
    taxRate: { type: 'percent', readOnly: true },
    status: { type: 'enum', dictionary: 'settlementState', readOnly: true },
    confirmedByParty: { type: 'text', readOnly: true },
    confirmedOn: { type: 'date', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'settlementNo',
      'side',
      'kind',
      'contractId',
      'partnerId',
      'settleDate',
      'tonnage',
      'totalAmount',
      'paidAmount',
      'balance',
      'status',
      { field: 'goodsAmount', hiddenByDefault: true },
      { field: 'chargesAmount', hiddenByDefault: true },
      { field: 'claimsAmount', hiddenByDefault: true },
      { field: 'amountExcl', hiddenByDefault: true },
      { field: 'vat', hiddenByDefault: true },
      { field: 'confirmedByParty', hiddenByDefault: true },
      { field: 'confirmedOn', hiddenByDefault: true },
      'createdBy',
      { field: 'createdAt', hiddenByDefault: true },
    ],
    filters: ['settlementNo', 'side', 'contractId', 'partnerId', 'status', 'settleDate'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['tonnage', 'totalAmount', 'paidAmount', 'balance'],
  },
  form: { fields: ['side', 'contractId', 'settleDate', 'remark'] },
  detail: {
    sections: [
      {
        title: 'settlement:settlement.sections.contract',
        fields: [
          'settlementNo',
          'side',
          'kind',
          'contractId',
          'partnerId',
          'adjustsId',
          'settleDate',
          'status',
          'remark',
        ],
      },
      {
        title: 'settlement:settlement.sections.money',
        fields: [
          'tonnage',
          'goodsAmount',
          'chargesAmount',
          'claimsAmount',
          'totalAmount',
          'amountExcl',
          'vat',
          'taxRate',
          'paidAmount',
          'balance',
        ],
      },
      {
        title: 'settlement:settlement.sections.confirmation',
        fields: ['confirmedByParty', 'confirmedOn', 'createdBy', 'createdAt'],
      },
    ],
  },
  lines: { key: 'lines', title: 'settlement:settlement.lines', declaration: settlementLine },
  workflow: settlementWorkflow,
  commands: {
    confirm: { input: settlementConfirmInput, permission: 'confirm', states: ['approved'] },
    adjust: { input: settlementAdjustInput, permission: 'create', states: ['confirmed'] },
  },
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
});

export const settlementPart: AreaPart = {
  resources: [settlement, invoiceApplication, redForm, invoiceWeightRecord, receivedInvoice],
};
