// Pledge financing (domain-money.md §3, borrower role): the house pledges batches (its own in a supervised
// warehouse, or those of its warehouse receipts) to a bank (SM-8). A pledge is entered with the facility's
// terms — the settings in force fill them —, submitted, approved by someone else, and drawn: the loan posts
// bank / loans payable in the journal and its batches become pledged. Each day's revaluation (RedeemEval)
// prices the batches (S + B_mkt + QA, by default the lower of that and cost), reads the LTV against the lines
// and opens a call at the call line, told to finance and risk. A redemption (RedemSpot, SM-9) frees a subset
// for the larger of its pro-rata share and what keeps the rest within the advance rate, plus interest; it is
// paid by a matched bank transaction and only then released (ResourceRelease). The loan's interest
// (SurchargeInterest, SM-10) is computed in pieces, confirmed by another person and billed.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineInput, defineResource } from '../../framework/resource/index.ts';
import { PLEDGE_STATE_WORDS, REDEMPTION_STATE_WORDS } from './dictionaries.ts';

const money = [
  { kind: 'required' },
  { kind: 'min', value: '0.01' },
  { kind: 'max', value: '9999999999.99' },
] as const;
const percent = (setting: string) =>
  ({
    type: 'percent',
    defaultSetting: setting,
    rules: [
      { kind: 'min', value: '0.01' },
      { kind: 'max', value: '100' },
    ],
  }) as const;
const VIEW_ONLY = { view: 'view', export: 'export' } as const;

export const pledgeLine = defineResource({
  key: 'pledgeLine',
  area: 'pur',
  resource: 'pledgeLine',
  title: 'field.lines',
  titleField: 'batchNo',
  fields: {
    batchNo: { type: 'batch', rules: [{ kind: 'required' }] },
    receiptNo: { type: 'text', readOnly: true },
    tonnes: { type: 'weight', readOnly: true },
    priceAtPledge: { type: 'money', readOnly: true },
    valueAtPledge: { type: 'money', readOnly: true },
    releasedOn: { type: 'date', readOnly: true },
  },
  list: {
    columns: ['batchNo', 'receiptNo', 'tonnes', 'priceAtPledge', 'valueAtPledge', 'releasedOn'],
    filters: [],
  },
  form: { fields: ['batchNo'] },
  permissions: {},
});

/** A cash top-up meeting the open call: paid into the deposit with the bank, from one of the house's accounts. */
export const pledgeTopUpInput = defineInput({
  key: 'pledgeTopUpInput',
  title: 'pledges:command.meetCall',
  fields: {
    amount: { type: 'money', rules: money },
    bankAccountId: { type: 'reference', resource: 'bankAccount', rules: [{ kind: 'required' }] },
    paidOn: { type: 'date', rules: [{ kind: 'required' }] },
  },
  form: ['amount', 'bankAccountId', 'paidOn'],
});

/** The loan's interest to a day (SurchargeInterest): from the last interest day. */
export const pledgeInterestInput = defineInput({
  key: 'pledgeInterestInput',
  title: 'pledges:command.computeInterest',
  fields: {
    pledgeId: { type: 'reference', resource: 'pledge', rules: [{ kind: 'required' }] },
    through: { type: 'date', rules: [{ kind: 'required' }] },
  },
  form: ['pledgeId', 'through'],
});

/** SM-8. partlyRedeemed and redeemed follow the releases of its redemptions; disposed ends a pledge the bank sold. */
const pledgeWorkflow = {
  field: 'status',
  initial: 'draft',
  states: PLEDGE_STATE_WORDS,
  transitions: [
    { from: ['draft'], to: 'submitted', action: 'submit', permission: 'submit' },
    { from: ['submitted'], to: 'approved', action: 'approve', permission: 'approve', comment: 'optional' },
    { from: ['submitted'], to: 'rejected', action: 'reject', permission: 'approve', comment: 'required' },
    { from: ['rejected'], to: 'draft', action: 'redraft', permission: 'edit' },
    {
      from: ['approved'],
      to: 'pledged',
      action: 'draw',
      permission: 'confirm',
      fields: ['loanNo', 'drawDate', 'bankAccountId'],
    },
    {
      from: ['draft', 'submitted', 'approved'],
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

/** A financing position: batches pledged to a bank for a loan (SM-8). */
export const pledge = defineResource({
  key: 'pledge',
  area: 'pur',
  resource: 'ResourcePledge',
  title: 'pledges:route.ResourcePledge',
  titleField: 'pledgeNo',
  fields: {
    pledgeNo: { type: 'text', readOnly: true },
    bankId: { type: 'partner', partnerKind: 'bank', rules: [{ kind: 'required' }] },
    principal: { type: 'money', rules: money },
    dueDate: { type: 'date', rules: [{ kind: 'required' }] },
    advancePercent: percent('pledgeAdvancePercent'),
    warningPercent: percent('pledgeWarningPercent'),
    callPercent: percent('pledgeCallPercent'),
    disposalPercent: percent('pledgeDisposalPercent'),
    valuation: { type: 'enum', dictionary: 'pledgeValuation', defaultSetting: 'pledgeValuation' },
    ratePercent: {
      type: 'percent',
      defaultSetting: 'pledgeInterestPercent',
      rules: [
        { kind: 'min', value: '0' },
        { kind: 'max', value: '50' },
      ],
    },
    dayCount: { type: 'enum', dictionary: 'pledgeDayCount', defaultSetting: 'pledgeDayCount' },
    interestEnds: { type: 'enum', dictionary: 'pledgeInterestEnds', defaultSetting: 'pledgeInterestEnds' },
    loanNo: {
      type: 'text',
      rules: [{ kind: 'pattern', value: '^[0-9A-Za-z-]{1,64}$', message: 'pledges:validation.loanNo' }],
    },
    drawDate: { type: 'date' },
    bankAccountId: { type: 'reference', resource: 'bankAccount' },
    status: { type: 'enum', dictionary: 'pledgeState', readOnly: true },
    riskStatus: { type: 'enum', dictionary: 'pledgeRiskStatus', readOnly: true },
    outstanding: { type: 'money', readOnly: true },
    deposit: { type: 'money', readOnly: true },
    collateralValue: { type: 'money', readOnly: true },
    ltvPercent: { type: 'percent', readOnly: true },
    valuedOn: { type: 'date', readOnly: true },
    openCallNo: { type: 'text', readOnly: true },
    callDeadline: { type: 'date', readOnly: true },
    callCashRequired: { type: 'money', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    submittedBy: { type: 'user', readOnly: true },
    approvedBy: { type: 'user', readOnly: true },
    drawnBy: { type: 'user', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'pledgeNo',
      'bankId',
      'loanNo',
      'principal',
      'outstanding',
      'deposit',
      'collateralValue',
      'ltvPercent',
      'riskStatus',
      'status',
      'drawDate',
      'dueDate',
      'openCallNo',
      { field: 'callCashRequired', hiddenByDefault: true },
      { field: 'callDeadline', hiddenByDefault: true },
      { field: 'advancePercent', hiddenByDefault: true },
      { field: 'callPercent', hiddenByDefault: true },
      { field: 'ratePercent', hiddenByDefault: true },
      { field: 'valuedOn', hiddenByDefault: true },
      { field: 'createdBy', hiddenByDefault: true },
    ],
    filters: ['pledgeNo', 'bankId', 'status', 'riskStatus', 'dueDate'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['principal', 'outstanding', 'deposit', 'collateralValue'],
  },
  form: {
    fields: [
      'bankId',
      'principal',
      'dueDate',
      'advancePercent',
      'warningPercent',
      'callPercent',
      'disposalPercent',
      'valuation',
      'ratePercent',
      'dayCount',
      'interestEnds',
      'remark',
    ],
  },
  detail: {
    sections: [
      {
        title: 'pledges:section.loan',
        fields: [
          'pledgeNo',
          'bankId',
          'loanNo',
          'principal',
          'drawDate',
          'dueDate',
          'bankAccountId',
          'status',
        ],
      },
      {
        title: 'pledges:section.terms',
        fields: [
          'advancePercent',
          'warningPercent',
          'callPercent',
          'disposalPercent',
          'valuation',
          'ratePercent',
          'dayCount',
          'interestEnds',
        ],
      },
      {
        title: 'pledges:section.risk',
        fields: [
          'outstanding',
          'deposit',
          'collateralValue',
          'ltvPercent',
          'riskStatus',
          'valuedOn',
          'openCallNo',
          'callDeadline',
          'callCashRequired',
        ],
      },
      {
        title: 'pledges:section.approval',
        fields: ['createdBy', 'submittedBy', 'approvedBy', 'drawnBy', 'remark'],
      },
    ],
  },
  lines: { key: 'lines', title: 'field.lines', declaration: pledgeLine, minLines: 1 },
  workflow: pledgeWorkflow,
  commands: {
    meetCall: { input: pledgeTopUpInput, permission: 'confirm', states: ['pledged', 'partlyRedeemed'] },
  },
  permissions: {
    view: 'view',
    create: 'create',
    edit: 'edit',
    delete: 'delete',
    export: 'export',
  },
});

export const redemptionLine = defineResource({
  key: 'pledgeRedemptionLine',
  area: 'pur',
  resource: 'pledgeRedemptionLine',
  title: 'field.lines',
  titleField: 'batchNo',
  fields: { batchNo: { type: 'batch', rules: [{ kind: 'required' }] } },
  list: { columns: ['batchNo'], filters: [] },
  form: { fields: ['batchNo'] },
  permissions: {},
});

/** A redemption (赎货, SM-9): a subset of a pledge's batches freed against the amount due. */
export const pledgeRedemption = defineResource({
  key: 'pledgeRedemption',
  area: 'pur',
  resource: 'RedemSpot',
  title: 'pledges:route.RedemSpot',
  titleField: 'redemptionNo',
  fields: {
    redemptionNo: { type: 'text', readOnly: true },
    pledgeId: { type: 'reference', resource: 'pledge', rules: [{ kind: 'required' }] },
    status: { type: 'enum', dictionary: 'pledgeRedemptionState', readOnly: true },
    quotedOn: { type: 'date', readOnly: true },
    collateralValue: { type: 'money', readOnly: true },
    redeemedValue: { type: 'money', readOnly: true },
    principalOutstanding: { type: 'money', readOnly: true },
    proRata: { type: 'money', readOnly: true },
    keepLtv: { type: 'money', readOnly: true },
    principalDue: { type: 'money', readOnly: true },
    interestFrom: { type: 'date', readOnly: true },
    interestDue: { type: 'money', readOnly: true },
    totalDue: { type: 'money', readOnly: true },
    bankTransactionId: { type: 'reference', resource: 'bankTransaction' },
    paidOn: { type: 'date', readOnly: true },
    releasedOn: { type: 'date', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    submittedBy: { type: 'user', readOnly: true },
    approvedBy: { type: 'user', readOnly: true },
    paidBy: { type: 'user', readOnly: true },
    releasedBy: { type: 'user', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'redemptionNo',
      'pledgeId',
      'status',
      'redeemedValue',
      'principalDue',
      'interestDue',
      'totalDue',
      'quotedOn',
      'paidOn',
      'releasedOn',
      { field: 'proRata', hiddenByDefault: true },
      { field: 'keepLtv', hiddenByDefault: true },
      { field: 'bankTransactionId', hiddenByDefault: true },
      { field: 'createdBy', hiddenByDefault: true },
    ],
    filters: ['redemptionNo', 'pledgeId', 'status', 'quotedOn'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['principalDue', 'interestDue', 'totalDue'],
  },
  form: { fields: ['pledgeId', 'remark'] },
  detail: {
    sections: [
      {
        title: 'pledges:section.redemption',
        fields: ['redemptionNo', 'pledgeId', 'status', 'quotedOn', 'remark'],
      },
      {
        title: 'pledges:section.amount',
        fields: [
          'collateralValue',
          'redeemedValue',
          'principalOutstanding',
          'proRata',
          'keepLtv',
          'principalDue',
          'interestFrom',
          'interestDue',
          'totalDue',
        ],
      },
      {
        title: 'pledges:section.payment',
        fields: ['bankTransactionId', 'paidOn', 'paidBy', 'releasedOn', 'releasedBy'],
      },
      { title: 'pledges:section.approval', fields: ['createdBy', 'submittedBy', 'approvedBy'] },
    ],
  },
  lines: { key: 'lines', title: 'field.lines', declaration: redemptionLine, minLines: 1 },
  workflow: {
    field: 'status',
    initial: 'draft',
    states: REDEMPTION_STATE_WORDS,
    transitions: [
      { from: ['draft'], to: 'submitted', action: 'submit', permission: 'submit' },
      { from: ['submitted'], to: 'approved', action: 'approve', permission: 'approve', comment: 'optional' },
      { from: ['submitted'], to: 'rejected', action: 'reject', permission: 'approve', comment: 'required' },
      { from: ['rejected'], to: 'draft', action: 'redraft', permission: 'edit' },
      {
        from: ['draft', 'submitted', 'approved'],
        to: 'cancelled',
        action: 'cancel',
        permission: 'edit',
        comment: 'optional',
        danger: true,
      },
      { from: ['approved'], to: 'paid', action: 'pay', permission: 'confirm', fields: ['bankTransactionId'] },
      { from: ['paid'], to: 'released', action: 'release', permission: 'execute', comment: 'optional' },
    ],
    approval: { approve: 'approve', reject: 'reject' },
    editableIn: ['draft'],
  },
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
});

/** A batch freed by a paid redemption (解押 / 放货), as it went back to stock or to its receipt. */
export const pledgeRelease = defineResource({
  key: 'pledgeRelease',
  area: 'pur',
  resource: 'ResourceRelease',
  title: 'pledges:route.ResourceRelease',
  titleField: 'batchNo',
  fields: {
    redemptionNo: { type: 'text', readOnly: true },
    pledgeId: { type: 'reference', resource: 'pledge', readOnly: true },
    batchNo: { type: 'batch', readOnly: true },
    receiptNo: { type: 'text', readOnly: true },
    tonnes: { type: 'weight', readOnly: true },
    returnsTo: { type: 'enum', dictionary: 'batchState', readOnly: true },
    releasedOn: { type: 'date', readOnly: true },
    releasedBy: { type: 'user', readOnly: true },
  },
  list: {
    columns: [
      'redemptionNo',
      'pledgeId',
      'batchNo',
      'receiptNo',
      'tonnes',
      'returnsTo',
      'releasedOn',
      'releasedBy',
    ],
    filters: ['redemptionNo', 'pledgeId', 'batchNo', 'releasedOn'],
    defaultSort: { field: 'releasedOn', order: 'desc' },
    totals: ['tonnes'],
  },
  permissions: VIEW_ONLY,
});

/** Revalues every live pledge on the day (the daily command; run again the same day it replaces the day's row). */
export const pledgeRevalueInput = defineInput({
  key: 'pledgeRevalueInput',
  title: 'pledges:command.revalue',
  fields: { note: { type: 'text', rules: [{ kind: 'maxLength', value: 100 }] } },
  form: ['note'],
});

/** A day's valuation of a pledge (RedeemEval): Px and CV, the LTV against the lines, the top-up needed. */
export const pledgeValuation = defineResource({
  key: 'pledgeValuation',
  area: 'pur',
  resource: 'RedeemEval',
  title: 'pledges:route.RedeemEval',
  titleField: 'valuedOn',
  fields: {
    pledgeId: { type: 'reference', resource: 'pledge', readOnly: true },
    valuedOn: { type: 'date', readOnly: true },
    futuresMonth: { type: 'text', readOnly: true },
    settlement: { type: 'money', readOnly: true },
    collateralValue: { type: 'money', readOnly: true },
    principal: { type: 'money', readOnly: true },
    deposit: { type: 'money', readOnly: true },
    ltvPercent: { type: 'percent', readOnly: true },
    riskStatus: { type: 'enum', dictionary: 'pledgeRiskStatus', readOnly: true },
    cashTopUp: { type: 'money', readOnly: true },
    collateralTopUp: { type: 'money', readOnly: true },
    valuedBy: { type: 'user', readOnly: true },
  },
  list: {
    columns: [
      'pledgeId',
      'valuedOn',
      'futuresMonth',
      'settlement',
      'collateralValue',
      'principal',
      'deposit',
      'ltvPercent',
      'riskStatus',
      'cashTopUp',
      'collateralTopUp',
      { field: 'valuedBy', hiddenByDefault: true },
    ],
    filters: ['pledgeId', 'valuedOn', 'riskStatus'],
    defaultSort: { field: 'valuedOn', order: 'desc' },
    note: 'pledges:pledgeValuation.note',
  },
  commands: { revalue: { input: pledgeRevalueInput, permission: 'confirm', target: 'resource' } },
  permissions: VIEW_ONLY,
});

/** The loan's interest for a period (SurchargeInterest, SM-10): computed, confirmed by another, billed or waived. */
export const pledgeInterest = defineResource({
  key: 'pledgeInterest',
  area: 'pur',
  resource: 'SurchargeInterest',
  title: 'pledges:route.SurchargeInterest',
  titleField: 'interestNo',
  fields: {
    interestNo: { type: 'text', readOnly: true },
    pledgeId: { type: 'reference', resource: 'pledge', readOnly: true },
    periodFrom: { type: 'date', readOnly: true },
    periodTo: { type: 'date', readOnly: true },
    amount: { type: 'money', readOnly: true },
    pieces: { type: 'longText', readOnly: true },
    status: { type: 'enum', dictionary: 'pledgeInterestState', readOnly: true },
    bankAccountId: { type: 'reference', resource: 'bankAccount' },
    billedOn: { type: 'date' },
    computedBy: { type: 'user', readOnly: true },
    confirmedBy: { type: 'user', readOnly: true },
    billedBy: { type: 'user', readOnly: true },
  },
  list: {
    columns: [
      'interestNo',
      'pledgeId',
      'periodFrom',
      'periodTo',
      'amount',
      'status',
      'billedOn',
      { field: 'pieces', hiddenByDefault: true },
      { field: 'computedBy', hiddenByDefault: true },
      { field: 'confirmedBy', hiddenByDefault: true },
    ],
    filters: ['interestNo', 'pledgeId', 'status', 'periodTo'],
    defaultSort: { field: 'periodTo', order: 'desc' },
    totals: ['amount'],
  },
  workflow: {
    field: 'status',
    initial: 'computed',
    states: {
      computed: 'pledges:interestState.computed',
      confirmed: 'pledges:interestState.confirmed',
      billed: 'pledges:interestState.billed',
      waived: 'pledges:interestState.waived',
    },
    transitions: [
      { from: ['computed'], to: 'confirmed', action: 'confirmInterest', permission: 'approve' },
      {
        from: ['computed'],
        to: 'waived',
        action: 'waive',
        permission: 'approve',
        comment: 'required',
        danger: true,
      },
      {
        from: ['confirmed'],
        to: 'billed',
        action: 'bill',
        permission: 'confirm',
        fields: ['bankAccountId', 'billedOn'],
      },
    ],
    approval: { approve: 'confirmInterest', reject: 'waive' },
    editableIn: [],
  },
  commands: {
    computeInterest: { input: pledgeInterestInput, permission: 'create', target: 'resource' },
  },
  permissions: VIEW_ONLY,
});

/** What is not yet redeemed, per pledge and batch (UnRedemAccountDetail). */
export const pledgeUnredeemed = defineResource({
  key: 'pledgeUnredeemed',
  area: 'capital',
  resource: 'UnRedemAccountDetail',
  title: 'pledges:route.UnRedemAccountDetail',
  titleField: 'batchNo',
  fields: {
    pledgeId: { type: 'reference', resource: 'pledge', readOnly: true },
    bankId: { type: 'partner', partnerKind: 'bank', readOnly: true },
    batchNo: { type: 'batch', readOnly: true },
    tonnes: { type: 'weight', readOnly: true },
    valueAtPledge: { type: 'money', readOnly: true },
    redeemedTonnes: { type: 'weight', readOnly: true },
    unredeemedTonnes: { type: 'weight', readOnly: true },
    currentValue: { type: 'money', readOnly: true },
    principal: { type: 'money', readOnly: true },
    deposit: { type: 'money', readOnly: true },
    ltvPercent: { type: 'percent', readOnly: true },
    riskStatus: { type: 'enum', dictionary: 'pledgeRiskStatus', readOnly: true },
    dueDate: { type: 'date', readOnly: true },
    releasedOn: { type: 'date', readOnly: true },
  },
  list: {
    columns: [
      'pledgeId',
      'bankId',
      'batchNo',
      'tonnes',
      'valueAtPledge',
      'redeemedTonnes',
      'unredeemedTonnes',
      'currentValue',
      'principal',
      'deposit',
      'ltvPercent',
      'riskStatus',
      'dueDate',
      { field: 'releasedOn', hiddenByDefault: true },
    ],
    filters: ['pledgeId', 'bankId', 'batchNo', 'riskStatus', 'dueDate'],
    defaultSort: { field: 'dueDate', order: 'asc' },
    totals: ['unredeemedTonnes', 'redeemedTonnes', 'currentValue'],
  },
  permissions: VIEW_ONLY,
});

export const pledgesPart: AreaPart = {
  resources: [pledge, pledgeRedemption, pledgeRelease, pledgeValuation, pledgeInterest, pledgeUnredeemed],
};
