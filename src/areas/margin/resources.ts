// Client margin (domain.md §4): the ledger of each client's margin account (deposits, allotments to
// contracts, releases, withdrawals, interest and the calls made — never an edited balance), the balances it
// gives per client and per contract against the requirement, the applications to withdraw or move margin
// approved by someone other than the applicant, and the margin calls (open → met | forced-priced).
// The rules are src/domain/margin.ts; m0, k, the deadline and the forced line are settings or the client's
// own margin terms (ClientMarginSet).

import type { AreaPart } from '../../framework/resource/area.ts';
import { customRule, defineInput, defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { decisionWorkflow } from '../../framework/resource/workflows.ts';

const CONTRACT = 'transactionContract';
const positive = [
  { kind: 'required' },
  { kind: 'min', value: '0.01' },
  { kind: 'max', value: '9999999999.99' },
] as const;

const needsContract = (record: Readonly<Record<string, unknown>>) =>
  record.kind === 'allot' || record.kind === 'release';

/**
 * The interest the house pays on clients' margin balances for a period (both days counted), at the versioned
 * rate and day count (clientMarginInterestPercent, clientMarginDayCount): one interest movement per client
 * holding a balance, its pieces cut where the balance, the rate or the convention changes.
 */
export const clientMarginInterestInput = defineInput({
  key: 'clientMarginInterestInput',
  title: 'margin:route.ClientMargin',
  fields: {
    periodFrom: { type: 'date', rules: [{ kind: 'required' }] },
    periodThrough: { type: 'date', rules: [{ kind: 'required' }] },
  },
});

/** What the interest run answers: how many clients earn interest, the days and the interest in all. */
export const clientMarginInterestPreview = defineInput({
  key: 'clientMarginInterestPreview',
  title: 'margin:clientMarginMovement.commands.accrueInterest',
  fields: {
    clients: { type: 'integer', readOnly: true },
    days: { type: 'integer', readOnly: true },
    interest: { type: 'money', readOnly: true },
  },
});

/**
 * One movement of a client's margin account. Finance enters deposits, interest and allotments
 * (ClientMargin, ClientMarginAllot); withdrawals and releases come from approved applications and calls
 * from the requirement check. A movement is never edited or deleted.
 */
export const clientMarginMovement = defineResource({
  key: 'clientMarginMovement',
  area: 'capital',
  resource: 'ClientMargin',
  title: 'margin:route.ClientMargin',
  titleField: 'movementNo',
  fields: {
    movementNo: { type: 'text', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', rules: [{ kind: 'required' }] },
    kind: {
      type: 'enum',
      dictionary: 'marginMovementKind',
      rules: [
        { kind: 'required' },
        customRule('margin:validation.enteredKind', (value) =>
          ['deposit', 'interest', 'allot'].includes(String(value ?? '')),
        ),
      ],
    },
    contractId: {
      type: 'reference',
      resource: CONTRACT,
      rules: [requiredWhen(needsContract, 'margin:validation.contractRequired')],
    },
    amount: { type: 'money', rules: positive },
    occurredOn: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    salespersonId: { type: 'user', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'movementNo',
      'occurredOn',
      'partnerId',
      'kind',
      'contractId',
      'amount',
      'remark',
      { field: 'salespersonId', hiddenByDefault: true },
      'createdBy',
      'createdAt',
    ],
    filters: ['movementNo', 'partnerId', 'kind', 'contractId', 'occurredOn'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['amount'],
  },
  form: { fields: ['partnerId', 'kind', 'contractId', 'amount', 'occurredOn', 'remark'] },
  commands: {
    accrueInterest: {
      input: clientMarginInterestInput,
      permission: 'create',
      target: 'resource',
      preview: clientMarginInterestPreview,
    },
  },
  permissions: { view: 'view', create: 'create', export: 'export' },
});

/** Margin allotted to one contract of a client (the balance's detail lists them). */
export const clientMarginContract = defineResource({
  key: 'clientMarginContract',
  area: 'capital',
  resource: 'ClientMarginContract',
  title: 'margin:route.ClientMarginBalanceDetail',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: CONTRACT, readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    fixedTonnage: { type: 'weight', readOnly: true },
    averageFixedPrice: { type: 'money', readOnly: true },
    allotted: { type: 'money', readOnly: true },
  },
  list: {
    columns: ['contractId', 'futuresMonth', 'tonnage', 'fixedTonnage', 'averageFixedPrice', 'allotted'],
    filters: [],
  },
  permissions: {},
});

/** A client's margin account against its requirement (a row per client holding margin or owing it). */
export const clientMarginBalance = defineResource({
  key: 'clientMarginBalance',
  area: 'capital',
  resource: 'ClientMarginBalance',
  title: 'margin:route.ClientMarginBalance',
  titleField: 'partnerId',
  fields: {
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    salespersonId: { type: 'user', readOnly: true },
    balance: { type: 'money', readOnly: true },
    allotted: { type: 'money', readOnly: true },
    available: { type: 'money', readOnly: true },
    requirement: { type: 'money', readOnly: true },
    openTerm: { type: 'money', readOnly: true },
    fixedLossTerm: { type: 'money', readOnly: true },
    goodsOutTerm: { type: 'money', readOnly: true },
    callLine: { type: 'money', readOnly: true },
    forcedLine: { type: 'money', readOnly: true },
    shortfall: { type: 'money', readOnly: true },
    callStatus: { type: 'enum', dictionary: 'marginCallState', readOnly: true },
    computedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'partnerId',
      'salespersonId',
      'balance',
      'allotted',
      'available',
      'requirement',
      'callLine',
      'shortfall',
      'callStatus',
      { field: 'forcedLine', hiddenByDefault: true },
      { field: 'computedAt', hiddenByDefault: true },
    ],
    filters: ['partnerId', 'salespersonId', 'callStatus'],
    defaultSort: { field: 'partnerId', order: 'asc' },
    totals: ['balance', 'allotted', 'available', 'requirement', 'shortfall'],
  },
  detail: {
    sections: [
      {
        title: 'margin:section.account',
        fields: ['partnerId', 'salespersonId', 'balance', 'allotted', 'available', 'callStatus'],
      },
      {
        title: 'margin:section.requirement',
        fields: [
          'requirement',
          'openTerm',
          'fixedLossTerm',
          'goodsOutTerm',
          'callLine',
          'forcedLine',
          'shortfall',
          'computedAt',
        ],
      },
    ],
  },
  lines: { key: 'contracts', title: 'margin:section.contracts', declaration: clientMarginContract },
  report: {
    groupBy: ['salespersonId', 'callStatus'],
    totals: ['balance', 'allotted', 'available', 'requirement', 'shortfall'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

/**
 * An application to take margin out of a client's account (withdraw what is available), release what a
 * contract holds back to available, or move it from one contract to another. Approved (never by the
 * applicant) in ClientMarginApplyCheck, when its movements are written; a rejection writes nothing.
 */
export const clientMarginApplication = defineResource({
  key: 'clientMarginApplication',
  area: 'capital',
  resource: 'ClientMarginRelease',
  title: 'margin:route.ClientMarginRelease',
  titleField: 'applicationNo',
  fields: {
    applicationNo: { type: 'text', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', rules: [{ kind: 'required' }] },
    kind: { type: 'enum', dictionary: 'marginApplicationKind', rules: [{ kind: 'required' }] },
    fromContractId: {
      type: 'reference',
      resource: CONTRACT,
      rules: [
        requiredWhen(
          (r) => r.kind === 'release' || r.kind === 'move',
          'margin:validation.fromContractRequired',
        ),
      ],
    },
    toContractId: {
      type: 'reference',
      resource: CONTRACT,
      rules: [
        requiredWhen((r) => r.kind === 'move', 'margin:validation.toContractRequired'),
        customRule(
          'margin:validation.sameContract',
          (value, record) => !value || String(value) !== String(record.fromContractId ?? ''),
        ),
      ],
    },
    amount: { type: 'money', rules: positive },
    reason: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 500 }] },
    status: { type: 'enum', dictionary: 'marginApplicationState', readOnly: true },
    requestedBy: { type: 'user', readOnly: true },
    requestedAt: { type: 'datetime', readOnly: true },
    decidedBy: { type: 'user', readOnly: true },
    decidedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'applicationNo',
      'partnerId',
      'kind',
      'fromContractId',
      'toContractId',
      'amount',
      'reason',
      'status',
      'requestedBy',
      'requestedAt',
      { field: 'decidedBy', hiddenByDefault: true },
      { field: 'decidedAt', hiddenByDefault: true },
    ],
    filters: ['applicationNo', 'partnerId', 'kind', 'status', 'requestedAt'],
    defaultSort: { field: 'requestedAt', order: 'desc' },
    totals: ['amount'],
  },
  form: { fields: ['partnerId', 'kind', 'fromContractId', 'toContractId', 'amount', 'reason'] },
  workflow: decisionWorkflow,
  messageType: '1000009',
  permissions: { view: 'view', create: 'create', export: 'export' },
});

/**
 * A margin call: opened when a client's balance fell below k × Req, asking for the full requirement by its
 * deadline in trading days; while open, its figures are the current ones (a shortfall grown is asked for);
 * met when the balance reaches its target (the requirement, or the call line by the house's rule),
 * forced-priced when unmet past the deadline or under the forced line — at once when raised under it (the
 * client's open tonnes fixed at the settlement price).
 */
export const marginCall = defineResource({
  key: 'marginCall',
  area: 'furRiskManage',
  resource: 'marginCall',
  title: 'margin:route.marginCall',
  titleField: 'callNo',
  fields: {
    callNo: { type: 'text', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    salespersonId: { type: 'user', readOnly: true },
    openedOn: { type: 'date', readOnly: true },
    deadline: { type: 'date', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    settlementPrice: { type: 'money', readOnly: true },
    requirement: { type: 'money', readOnly: true },
    balance: { type: 'money', readOnly: true },
    callLine: { type: 'money', readOnly: true },
    forcedLine: { type: 'money', readOnly: true },
    amount: { type: 'money', readOnly: true },
    /** The balance that meets the call, by the house's rule (metRule). */
    target: { type: 'money', readOnly: true },
    metRule: { type: 'enum', dictionary: 'marginCallMetRule', readOnly: true },
    status: { type: 'enum', dictionary: 'marginCallState', readOnly: true },
    closedReason: { type: 'enum', dictionary: 'marginCallClose', readOnly: true },
    closedAt: { type: 'datetime', readOnly: true },
    /** The day the call's figures are of: they stay current while it is open. */
    figuresOn: { type: 'date', readOnly: true },
    /** What follows for the client now: forcing threatened while open, forcing done once forced. */
    consequence: { type: 'longText', readOnly: true },
    summary: { type: 'longText', readOnly: true },
  },
  list: {
    columns: [
      'callNo',
      'partnerId',
      'salespersonId',
      'openedOn',
      'deadline',
      'requirement',
      'balance',
      'callLine',
      'amount',
      'target',
      'status',
      'closedReason',
      'closedAt',
      { field: 'figuresOn', hiddenByDefault: true },
      { field: 'metRule', hiddenByDefault: true },
      { field: 'consequence', hiddenByDefault: true },
      { field: 'forcedLine', hiddenByDefault: true },
      { field: 'futuresMonth', hiddenByDefault: true },
      { field: 'settlementPrice', hiddenByDefault: true },
    ],
    filters: ['callNo', 'partnerId', 'status', 'openedOn', 'deadline'],
    defaultSort: { field: 'openedOn', order: 'desc' },
    totals: ['amount'],
  },
  workflow: {
    field: 'status',
    initial: 'open' as 'open' | 'met' | 'forcedPriced',
    states: {
      open: 'margin:callState.open',
      met: 'margin:callState.met',
      forcedPriced: 'margin:callState.forcedPriced',
    },
    // Every move is the server's: margin arriving meets a call, a price or the deadline forces it.
    transitions: [],
  },
  messageType: '1000009',
  permissions: { view: 'view', export: 'export' },
});

export const marginPart: AreaPart = {
  resources: [clientMarginMovement, clientMarginBalance, clientMarginApplication, marginCall],
};
