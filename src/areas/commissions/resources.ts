// Commissions (提成, domain-money.md §5, SM-11) and targets (§6.4, SM-12).
//
// A commission run (RoyaltyAccounting) covers a month and the versioned settings in force on a chosen day (its
// scheme version: per tonne or profit share, the rates per role and the B2B channel's rate), computed by the
// server from the sale settlements confirmed by the month's end that no run has commissioned yet
// (src/domain/commission.ts); submitted, approved by someone else, confirmed by someone with no line in it,
// then frozen: a later collection or claim is a new line in a later run. Payable on collection.
//
// Its lines are one resource read by the line views (PurRoyaltyAccounting, SaleRoyaltyAccounting,
// ManageRoyaltyAccounting) and the reports (Self…DeductReport, CommissionSumReport, FinancialCommission), each
// a scope of it; whoever does not hold the run screen reads only their own lines (the server says so).
//
// Targets (SaleTarget, PurTarget): per person or team and month, in tonnes, revenue or GP, drafted, in force,
// closed; the actual is read live from confirmed settlements, with the completion.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineInput, defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { RUN_STATES, TARGET_STATES } from './dictionaries.ts';

const MONTH = '[0-9]{4}-(0[1-9]|1[0-2])';
const period = {
  type: 'text',
  rules: [{ kind: 'required' }, { kind: 'pattern', value: MONTH, message: 'commissions:validation.period' }],
} as const;
const money = { type: 'money', readOnly: true } as const;
const percent = { type: 'percent', readOnly: true } as const;

/** One line of a run: who earns what on which settled batch, and what of it is payable. */
export const commissionLine = defineResource({
  key: 'commissionLine',
  area: 'FinSett',
  resource: 'CommissionLine',
  title: 'commissions:commissionLine.title',
  titleField: 'batchNo',
  fields: {
    runNo: { type: 'text', readOnly: true },
    period: { type: 'text', readOnly: true },
    runStatus: { type: 'enum', dictionary: 'commissionRunState', readOnly: true },
    personId: { type: 'user', readOnly: true },
    role: { type: 'enum', dictionary: 'commissionRole', readOnly: true },
    channel: { type: 'enum', dictionary: 'commissionChannel', readOnly: true },
    lineKind: { type: 'enum', dictionary: 'commissionLineKind', readOnly: true },
    settlementNo: { type: 'text', readOnly: true },
    contractNo: { type: 'text', readOnly: true },
    clientName: { type: 'text', readOnly: true },
    batchNo: { type: 'text', readOnly: true },
    settleDate: { type: 'date', readOnly: true },
    basis: { type: 'enum', dictionary: 'commissionBasis', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    revenueExcl: money,
    costExcl: money,
    grossProfit: money,
    rate: { type: 'number', readOnly: true },
    gross: money,
    deducted: money,
    net: money,
    collectedShare: percent,
    payable: money,
  },
  list: {
    columns: [
      'period',
      'runNo',
      'personId',
      'role',
      'channel',
      'lineKind',
      'settlementNo',
      'contractNo',
      'clientName',
      'batchNo',
      'basis',
      'tonnage',
      'grossProfit',
      'rate',
      'gross',
      'deducted',
      'net',
      'collectedShare',
      'payable',
      'runStatus',
      { field: 'revenueExcl', hiddenByDefault: true },
      { field: 'costExcl', hiddenByDefault: true },
      { field: 'settleDate', hiddenByDefault: true },
    ],
    filters: ['period', 'runNo', 'personId', 'role', 'channel', 'lineKind', 'runStatus', 'batchNo'],
    defaultSort: { field: 'period', order: 'desc' },
    totals: ['tonnage', 'grossProfit', 'gross', 'deducted', 'net', 'payable'],
  },
  report: {
    groupBy: ['personId', 'period'],
    totals: ['tonnage', 'gross', 'deducted', 'net', 'payable'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

/** A note with a decision (recompute, confirm). */
const noteInput = (key: string, title: string) =>
  defineInput({
    key,
    title,
    fields: { note: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] } },
  });

export const commissionRecomputeInput = noteInput(
  'commissionRecomputeInput',
  'commissions:commissionRun.commands.recompute',
);
export const commissionConfirmInput = noteInput(
  'commissionConfirmInput',
  'commissions:commissionRun.commands.confirm',
);

const runWorkflow = {
  field: 'status',
  initial: 'computed',
  states: RUN_STATES,
  transitions: [
    { from: ['computed'], to: 'submitted', action: 'submit', permission: 'submit' },
    { from: ['submitted'], to: 'approved', action: 'approve', permission: 'approve', comment: 'optional' },
    { from: ['submitted'], to: 'rejected', action: 'reject', permission: 'approve', comment: 'required' },
    { from: ['rejected'], to: 'computed', action: 'redraft', permission: 'edit' },
    { from: ['confirmed'], to: 'paid', action: 'pay', permission: 'settle', comment: 'optional' },
  ],
  approval: { approve: 'approve', reject: 'reject' },
  editableIn: ['computed'],
} as const;

/** The commission run of a month (SM-11). */
export const commissionRun = defineResource({
  key: 'commissionRun',
  area: 'FinSett',
  resource: 'RoyaltyAccounting',
  title: 'commissions:route.RoyaltyAccounting',
  titleField: 'runNo',
  fields: {
    runNo: { type: 'text', readOnly: true },
    period,
    settingsOn: { type: 'date' },
    scheme: { type: 'enum', dictionary: 'commissionScheme', readOnly: true },
    ratePurchase: money,
    rateSale: money,
    rateB2b: money,
    sharePercent: percent,
    purchaseSharePercent: percent,
    managementPercent: percent,
    payableOn: { type: 'enum', dictionary: 'commissionPayableOn', readOnly: true },
    lineCount: { type: 'integer', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    grossAmount: money,
    deductedAmount: money,
    netAmount: money,
    payableAmount: money,
    uncostedCount: { type: 'integer', readOnly: true },
    status: { type: 'enum', dictionary: 'commissionRunState', readOnly: true },
    computedAt: { type: 'datetime', readOnly: true },
    confirmedBy: { type: 'user', readOnly: true },
    confirmedAt: { type: 'datetime', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'runNo',
      'period',
      'settingsOn',
      'scheme',
      'lineCount',
      'tonnage',
      'grossAmount',
      'deductedAmount',
      'netAmount',
      'payableAmount',
      'status',
      'createdBy',
      { field: 'confirmedBy', hiddenByDefault: true },
      { field: 'confirmedAt', hiddenByDefault: true },
      { field: 'uncostedCount', hiddenByDefault: true },
    ],
    filters: ['runNo', 'period', 'status'],
    defaultSort: { field: 'period', order: 'desc' },
    totals: ['tonnage', 'grossAmount', 'netAmount', 'payableAmount'],
  },
  form: { fields: ['period', 'settingsOn', 'remark'] },
  detail: {
    sections: [
      {
        title: 'commissions:commissionRun.sections.run',
        fields: ['runNo', 'period', 'settingsOn', 'status', 'remark', 'createdBy', 'createdAt', 'computedAt'],
      },
      {
        title: 'commissions:commissionRun.sections.scheme',
        fields: [
          'scheme',
          'ratePurchase',
          'rateSale',
          'rateB2b',
          'sharePercent',
          'purchaseSharePercent',
          'managementPercent',
          'payableOn',
        ],
      },
      {
        title: 'commissions:commissionRun.sections.totals',
        fields: [
          'lineCount',
          'uncostedCount',
          'tonnage',
          'grossAmount',
          'deductedAmount',
          'netAmount',
          'payableAmount',
          'confirmedBy',
          'confirmedAt',
        ],
      },
    ],
  },
  lines: { key: 'lines', title: 'commissions:commissionRun.lines', declaration: commissionLine },
  workflow: runWorkflow,
  commands: {
    recompute: { input: commissionRecomputeInput, permission: 'edit', states: ['computed'] },
    confirm: { input: commissionConfirmInput, permission: 'confirm', states: ['approved'] },
  },
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
});

const targetWorkflow = {
  field: 'status',
  initial: 'draft',
  states: TARGET_STATES,
  transitions: [
    { from: ['draft'], to: 'active', action: 'publish', permission: 'edit' },
    { from: ['active'], to: 'closed', action: 'close', permission: 'edit', comment: 'optional' },
  ],
  editableIn: ['draft'],
} as const;

/** A target of a person or a team for a month, against the actual on confirmed settlements (SM-12). */
export const commissionTarget = defineResource({
  key: 'commissionTarget',
  area: 'pur',
  resource: 'Target',
  title: 'commissions:commissionTarget.title',
  titleField: 'period',
  fields: {
    side: { type: 'enum', dictionary: 'targetSide', rules: [{ kind: 'required' }] },
    period,
    personId: {
      type: 'user',
      rules: [requiredWhen((target) => !target.departmentId, 'commissions:validation.personOrTeam')],
    },
    departmentId: { type: 'department' },
    metric: { type: 'enum', dictionary: 'targetMetric', rules: [{ kind: 'required' }] },
    targetValue: {
      type: 'number',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.001' }, { kind: 'max', value: '999999999999' }],
    },
    actualValue: { type: 'number', readOnly: true },
    completionPercent: { type: 'percent', readOnly: true },
    status: { type: 'enum', dictionary: 'targetState', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    createdBy: { type: 'user', readOnly: true },
  },
  list: {
    columns: [
      'period',
      'side',
      'personId',
      'departmentId',
      'metric',
      'targetValue',
      'actualValue',
      'completionPercent',
      'status',
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['period', 'side', 'personId', 'departmentId', 'metric', 'status'],
    defaultSort: { field: 'period', order: 'desc' },
  },
  form: { fields: ['side', 'period', 'personId', 'departmentId', 'metric', 'targetValue', 'remark'] },
  workflow: targetWorkflow,
  permissions: { view: 'view', create: 'create', edit: 'edit', delete: 'delete', export: 'export' },
});

export const commissionsPart: AreaPart = {
  resources: [commissionRun, commissionLine, commissionTarget],
};
