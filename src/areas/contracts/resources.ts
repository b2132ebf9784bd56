// The trade records kept with the data settings (spec 2.4), in domain.md's terms: upstream orders
// (what suppliers offer) and transaction contracts (what was concluded).

import Decimal from 'decimal.js';
import { isPricedLater } from '../../domain/index.ts';
import { defineInput, defineResource, notBefore, requiredWhen } from '../../framework/resource/index.ts';
import {
  APPROVAL_STATES,
  APPROVAL_TRANSITIONS,
  crudPermissions,
  decisionWorkflow,
} from '../../framework/resource/workflows.ts';
import { cropYearField, FUTURES_MONTH_PATTERN } from '../fields.ts';

/** A contract (domain.md §7): draft → submitted → approved | rejected (→ draft) → executing → completed. */
export const contractWorkflow = {
  field: 'status',
  initial: 'draft',
  states: {
    ...APPROVAL_STATES,
    executing: 'state.executing',
    completed: 'state.completed',
    voided: 'state.voided',
    // Closed by a split or combination: the contracts it made carry on (server-owned, no action).
    superseded: 'state.superseded',
  },
  transitions: [
    ...APPROVAL_TRANSITIONS,
    { from: ['approved'], to: 'executing', action: 'execute', permission: 'execute' },
    { from: ['executing'], to: 'completed', action: 'complete', permission: 'complete' },
    // Only before any delivery or fixing: the server refuses a void once either exists.
    {
      from: ['draft', 'approved', 'executing'],
      to: 'voided',
      action: 'void',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
  approval: { approve: 'approve', reject: 'reject' },
} as const;

/** A supplier's offer of cotton: grade, quantity, basis against a futures month or a fixed price. */
export const upstreamOrder = defineResource({
  key: 'upstreamOrder',
  area: 'pri',
  resource: 'UpstreamOrder',
  title: 'contracts:route.UpstreamOrder',
  titleField: 'orderNo',
  fields: {
    orderNo: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    supplierId: {
      type: 'partner',
      partnerKind: 'supplier',
      rules: [{ kind: 'required' }],
    },
    cropYear: cropYearField,
    gradeSpec: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    tonnage: {
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }],
    },
    futuresMonth: {
      type: 'text',
      rules: [{ kind: 'pattern', value: FUTURES_MONTH_PATTERN, message: 'validation.futuresMonth' }],
    },
    basis: { type: 'money' },
    unitPrice: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
    warehouseId: { type: 'warehouse' },
    deliveryDate: { type: 'date' },
    status: { type: 'enum', dictionary: 'contractState', readOnly: true },
  },
  list: {
    columns: [
      'orderNo',
      'supplierId',
      'cropYear',
      'gradeSpec',
      'tonnage',
      'futuresMonth',
      'basis',
      'unitPrice',
      'status',
    ],
    filters: ['orderNo', 'supplierId', 'cropYear', 'status'],
    defaultSort: { field: 'orderNo', order: 'desc' },
  },
  form: {
    fields: [
      'orderNo',
      'supplierId',
      'cropYear',
      'gradeSpec',
      'tonnage',
      'futuresMonth',
      'basis',
      'unitPrice',
      'warehouseId',
      'deliveryDate',
    ],
  },
  workflow: contractWorkflow,
  permissions: crudPermissions,
});

/** A line: a named batch or a grade spec, its conditioned weight and unit price. */
export const contractLine = defineResource({
  key: 'transactionContractLine',
  area: 'pri',
  resource: 'transactionContractLine',
  title: 'field.lines',
  titleField: 'batchNo',
  fields: {
    batchNo: {
      type: 'batch',
      fills: { conditionedWeight: 'conditionedWeight' },
      rules: [requiredWhen((line) => !line.gradeSpec, 'validation.batchOrGrade')],
    },
    gradeSpec: { type: 'text', rules: [{ kind: 'maxLength', value: 64 }] },
    conditionedWeight: {
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }],
    },
    unitPrice: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
  },
  list: { columns: ['batchNo', 'gradeSpec', 'conditionedWeight', 'unitPrice'], filters: [] },
  form: { fields: ['batchNo', 'gradeSpec', 'conditionedWeight', 'unitPrice'] },
  permissions: {},
});

const pricedLater = (record: Readonly<Record<string, unknown>>) => isPricedLater(String(record.kind ?? ''));
/** A contract priced later needs its futures month, basis and fixing deadline; a fixed-price one its unit price. */
const forBasis = requiredWhen(pricedLater, 'validation.requiredForBasis');
const forFixedPrice = requiredWhen((record) => !pricedLater(record), 'validation.requiredForFixedPrice');
const futuresMonthRule = {
  kind: 'pattern',
  value: FUTURES_MONTH_PATTERN,
  message: 'validation.futuresMonth',
} as const;
const positiveTonnes = [{ kind: 'required' }, { kind: 'min', value: '0.0001' }] as const;
const positivePrice = [{ kind: 'required' }, { kind: 'min', value: '0.01' }] as const;

/** Fix q tonnes at the futures price F (点价). */
export const fixingInput = defineInput({
  key: 'contractFixingInput',
  title: 'contracts:transactionContract.commands.fix',
  fields: {
    tonnage: { type: 'weight', rules: positiveTonnes },
    futuresPrice: { type: 'money', exchange: 'price', rules: positivePrice },
  },
});

/** What a fixing would do, shown before it is confirmed. */
export const fixingPreview = defineInput({
  key: 'contractFixingPreview',
  title: 'contracts:transactionContract.commands.fix',
  fields: {
    fixedTonnage: { type: 'weight' },
    openTonnage: { type: 'weight' },
    averageFixedPrice: { type: 'money' },
    pricingState: { type: 'enum', dictionary: 'pricingState' },
    unitPrice: { type: 'money' },
    pricedAmount: { type: 'money' },
    fixingUnitPrice: { type: 'money' },
    fixingAmount: { type: 'money' },
    hedgeDirection: { type: 'enum', dictionary: 'hedgeDirection' },
    hedgeLots: { type: 'integer' },
    hedgeTail: { type: 'weight' },
    netExposureBefore: { type: 'weight' },
    netExposureAfter: { type: 'weight' },
    netExposureAfterHedge: { type: 'weight' },
  },
});

/** Move the unfixed contract to another month, price-neutral (移月): B_new = B_old + (F_old − F_new). */
export const rollInput = defineInput({
  key: 'contractRollInput',
  title: 'contracts:transactionContract.commands.roll',
  fields: {
    newMonth: { type: 'text', exchange: 'month', rules: [{ kind: 'required' }, futuresMonthRule] },
    oldMonthPrice: { type: 'money', exchange: 'price', rules: positivePrice },
    newMonthPrice: { type: 'money', exchange: 'price', rules: positivePrice },
    fixingDeadline: { type: 'date' },
  },
});

/** A supplementary agreement (补充协议): what it changes on an approved contract, and why. */
export const amendmentInput = defineInput({
  key: 'contractAmendmentInput',
  title: 'contracts:transactionContract.commands.amend',
  fields: {
    tonnage: { type: 'weight', rules: [{ kind: 'min', value: '0.0001' }] },
    tolerancePercent: {
      type: 'percent',
      rules: [
        { kind: 'min', value: 0 },
        { kind: 'max', value: 10 },
      ],
    },
    fixingDeadline: { type: 'date' },
    deliveryFrom: { type: 'date' },
    deliveryTo: { type: 'date' },
    paymentTerms: { type: 'longText', rules: [{ kind: 'maxLength', value: 500 }] },
    note: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 500 }] },
  },
});

/** Ask for the contract to move to another salesperson (approved in /pur/TransferCheck/list). */
export const transferInput = defineInput({
  key: 'contractTransferInput',
  title: 'contracts:transactionContract.commands.requestTransfer',
  fields: {
    toSalespersonId: { type: 'user', rules: [{ kind: 'required' }] },
    reason: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 500 }] },
  },
});

/** A purchase or sale (domain.md §3, §7): one model for every side and kind, priced now or fixed later. */
export const transactionContract = defineResource({
  key: 'transactionContract',
  area: 'pri',
  resource: 'TransactionContract',
  title: 'contracts:route.TransactionContract',
  titleField: 'contractNo',
  fields: {
    // Blank: numbered by the contract-number setting when saved.
    contractNo: { type: 'text', rules: [{ kind: 'maxLength', value: 32 }] },
    side: { type: 'enum', dictionary: 'contractSide', rules: [{ kind: 'required' }] },
    kind: { type: 'enum', dictionary: 'contractKind', rules: [{ kind: 'required' }] },
    partnerId: { type: 'partner', rules: [{ kind: 'required' }] },
    salespersonId: { type: 'user' },
    signDate: { type: 'date', rules: [{ kind: 'required' }] },
    cropYear: { ...cropYearField, rules: cropYearField.rules.filter((rule) => rule.kind !== 'required') },
    qualitySpec: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    tonnage: { type: 'weight', rules: positiveTonnes },
    tolerancePercent: {
      type: 'percent',
      rules: [
        { kind: 'min', value: 0 },
        { kind: 'max', value: 10 },
      ],
    },
    futuresMonth: { type: 'text', exchange: 'month', rules: [forBasis, futuresMonthRule] },
    basis: { type: 'money', rules: [forBasis] },
    fixingDeadline: {
      type: 'date',
      rules: [forBasis, notBefore('signDate', 'validation.notBeforeSignDate')],
    },
    pricingParty: { type: 'enum', dictionary: 'pricingParty', readOnly: true },
    qualityPremium: { type: 'money' },
    unitPrice: { type: 'money', rules: [forFixedPrice, { kind: 'min', value: 0 }] },
    // Blank: the VAT rate on cotton lint in force on the signing day (setting vatLintPercent).
    taxRate: {
      type: 'percent',
      defaultSetting: 'vatLintPercent',
      rules: [
        { kind: 'min', value: 0 },
        { kind: 'max', value: 20 },
      ],
    },
    warehouseId: { type: 'warehouse' },
    deliveryFrom: { type: 'date' },
    deliveryTo: { type: 'date', rules: [notBefore('deliveryFrom', 'validation.periodEndBeforeStart')] },
    paymentTerms: { type: 'longText', rules: [{ kind: 'maxLength', value: 500 }] },
    status: { type: 'enum', dictionary: 'contractState', readOnly: true },
    pricingState: { type: 'enum', dictionary: 'pricingState', readOnly: true },
    fixedTonnage: { type: 'weight', readOnly: true },
    averageFixedPrice: { type: 'money', readOnly: true },
    pricedAmount: { type: 'money', readOnly: true },
    approvalLevel: { type: 'enum', dictionary: 'approvalLevel', readOnly: true },
    approvalReasons: { type: 'longText', readOnly: true },
    version: { type: 'integer', readOnly: true },
    supersededBy: { type: 'reference', resource: 'contractSepComb', readOnly: true },
    originSepCombId: { type: 'reference', resource: 'contractSepComb', readOnly: true },
  },
  computed: {
    openTonnage: {
      type: 'weight',
      compute: (record) =>
        record.tonnage && isPricedLater(String(record.kind))
          ? Decimal.max(0, new Decimal(record.tonnage).minus(record.fixedTonnage ?? 0)).toFixed(4)
          : null,
    },
    amount: {
      type: 'money',
      // Priced later: the fixings' amount rounded once (pricedAmount), never fixed × a rounded unit price.
      compute: (record) =>
        isPricedLater(String(record.kind))
          ? record.pricedAmount
            ? new Decimal(record.pricedAmount).toFixed(2)
            : null
          : record.tonnage && record.unitPrice
            ? new Decimal(record.tonnage).times(record.unitPrice).toDecimalPlaces(2).toFixed(2)
            : null,
    },
    // What the contract is worth as signed: tonnage × unit price when priced now (a provisional price too);
    // a contract priced later has none until it is fixed (its fixings' amounts add up to it).
    contractAmount: {
      type: 'money',
      compute: (record) =>
        record.tonnage && record.unitPrice && !isPricedLater(String(record.kind))
          ? new Decimal(record.tonnage).times(record.unitPrice).toDecimalPlaces(2).toFixed(2)
          : null,
    },
  },
  list: {
    columns: [
      'contractNo',
      'side',
      'kind',
      'partnerId',
      'signDate',
      'tonnage',
      'futuresMonth',
      'basis',
      'pricingState',
      'averageFixedPrice',
      'unitPrice',
      'amount',
      'status',
    ],
    filters: [
      'contractNo',
      'side',
      'kind',
      'partnerId',
      'salespersonId',
      'futuresMonth',
      'signDate',
      'pricingState',
      'status',
      'approvalLevel',
    ],
    defaultSort: { field: 'signDate', order: 'desc' },
    totals: ['tonnage', 'fixedTonnage'],
  },
  form: {
    fields: [
      'contractNo',
      'side',
      'kind',
      'partnerId',
      'salespersonId',
      'signDate',
      'cropYear',
      'qualitySpec',
      'tonnage',
      'tolerancePercent',
      'futuresMonth',
      'basis',
      'fixingDeadline',
      'qualityPremium',
      'unitPrice',
      'taxRate',
      'warehouseId',
      'deliveryFrom',
      'deliveryTo',
      'paymentTerms',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['contractNo', 'side', 'kind', 'partnerId', 'salespersonId', 'signDate', 'status', 'version'],
      },
      {
        title: 'section.goods',
        fields: [
          'cropYear',
          'qualitySpec',
          'tonnage',
          'tolerancePercent',
          'warehouseId',
          'deliveryFrom',
          'deliveryTo',
        ],
      },
      {
        title: 'section.pricing',
        fields: [
          'futuresMonth',
          'basis',
          'fixingDeadline',
          'pricingParty',
          'qualityPremium',
          'pricingState',
          'fixedTonnage',
          'openTonnage',
          'averageFixedPrice',
          'unitPrice',
          'taxRate',
          'amount',
          'paymentTerms',
        ],
      },
      { title: 'section.approval', fields: ['approvalLevel', 'approvalReasons'] },
      { title: 'contracts:detail.sepComb', fields: ['originSepCombId', 'supersededBy'] },
    ],
  },
  lines: { key: 'lines', title: 'field.lines', declaration: contractLine },
  workflow: contractWorkflow,
  commands: {
    fix: { input: fixingInput, permission: 'fix', states: ['approved', 'executing'], preview: fixingPreview },
    requestTransfer: { input: transferInput, permission: 'amend', states: ['approved', 'executing'] },
    roll: { input: rollInput, permission: 'fix', states: ['approved', 'executing'] },
    amend: { input: amendmentInput, permission: 'amend', states: ['approved', 'executing'] },
  },
  // A contract the routing rule sends to risk is approved only by a holder of approveRisk.
  extraPermissions: ['approveRisk'],
  // Approvals and rejections reach the submitter under 合同相关.
  messageType: '1000004',
  // Scans of the signed contract, quality certificates, correspondence (issue 11).
  attachments: true,
  permissions: crudPermissions,
  report: { groupBy: ['side', 'kind'], totals: ['tonnage'] },
});

/** A fixing of a contract (点价): who fixed how much at which futures price, and the hedge it implies. */
export const contractFixing = defineResource({
  key: 'contractFixing',
  area: 'pri',
  resource: 'ContractFixing',
  title: 'contracts:contractFixing.title',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    partnerId: { type: 'partner', readOnly: true },
    side: { type: 'enum', dictionary: 'contractSide', readOnly: true },
    futuresMonth: { type: 'text', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    futuresPrice: { type: 'money', readOnly: true },
    basis: { type: 'money', readOnly: true },
    unitPrice: { type: 'money', readOnly: true },
    amount: { type: 'money', readOnly: true },
    hedgeDirection: { type: 'enum', dictionary: 'hedgeDirection', readOnly: true },
    hedgeLots: { type: 'integer', readOnly: true },
    hedgeTail: { type: 'weight', readOnly: true },
    forced: { type: 'boolean', readOnly: true },
    fixedBy: { type: 'user', readOnly: true },
    fixedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'contractId',
      'fixedAt',
      'tonnage',
      'futuresMonth',
      'futuresPrice',
      'unitPrice',
      'amount',
      'hedgeDirection',
      'hedgeLots',
      'hedgeTail',
      'forced',
      'fixedBy',
    ],
    filters: ['contractId', 'partnerId', 'futuresMonth', 'forced', 'fixedAt'],
    defaultSort: { field: 'fixedAt', order: 'desc' },
    totals: ['tonnage', 'amount'],
  },
  permissions: { view: 'view', export: 'export' },
});

/** A version of a contract after its approval: a supplementary agreement, a roll or its void. */
export const contractAmendment = defineResource({
  key: 'contractAmendment',
  area: 'pri',
  resource: 'ContractAmendment',
  title: 'contracts:contractAmendment.title',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    partnerId: { type: 'partner', readOnly: true },
    version: { type: 'integer', readOnly: true },
    kind: { type: 'enum', dictionary: 'amendmentKind', readOnly: true },
    agreedOn: { type: 'date', readOnly: true },
    summary: { type: 'longText', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['contractId', 'version', 'kind', 'agreedOn', 'summary', 'createdBy', 'createdAt'],
    filters: ['contractId', 'kind', 'agreedOn'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  permissions: { view: 'view', export: 'export' },
});

/** Split one contract in two: the first part's tonnage (the rest is the second), and why. */
export const splitInput = defineInput({
  key: 'contractSplitInput',
  title: 'contracts:contractSepComb.commands.split',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', rules: [{ kind: 'required' }] },
    firstTonnage: { type: 'weight', rules: positiveTonnes },
    reason: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 500 }] },
  },
});

/** Combine two or more like contracts into one, and why. */
export const combineInput = defineInput({
  key: 'contractCombineInput',
  title: 'contracts:contractSepComb.commands.combine',
  fields: {
    contractIds: {
      type: 'reference',
      resource: 'transactionContract',
      multiple: true,
      rules: [{ kind: 'required' }],
    },
    reason: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 500 }] },
  },
});

/** What a split or combination would make, shown before it is confirmed: one line per contract it makes. */
export const sepCombPreview = defineInput({
  key: 'contractSepCombPreview',
  title: 'contracts:route.SepComb',
  fields: {
    sources: { type: 'text' },
    tonnage: { type: 'weight' },
    fixedTonnage: { type: 'weight' },
    averageFixedPrice: { type: 'money' },
    results: { type: 'longText' },
  },
});

/** A contract a split or combination closed (source) or made (result), with its figures at that moment. */
export const sepCombPart = defineResource({
  key: 'contractSepCombPart',
  area: 'pur',
  resource: 'SepCombPart',
  title: 'contracts:detail.sepCombParts',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    role: { type: 'enum', dictionary: 'sepCombRole', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    fixedTonnage: { type: 'weight', readOnly: true },
    averageFixedPrice: { type: 'money', readOnly: true },
  },
  list: { columns: ['role', 'contractId', 'tonnage', 'fixedTonnage', 'averageFixedPrice'], filters: [] },
  permissions: {},
});

/**
 * A split or combination of contracts (拆分 / 合并): the contracts it closed (superseded) and those it made,
 * who did it and when. Made only by its commands, never edited.
 */
export const contractSepComb = defineResource({
  key: 'contractSepComb',
  area: 'pur',
  resource: 'SepComb',
  title: 'contracts:route.SepComb',
  titleField: 'operationNo',
  fields: {
    operationNo: { type: 'text', readOnly: true },
    operation: { type: 'enum', dictionary: 'sepCombOperation', readOnly: true },
    partnerId: { type: 'partner', readOnly: true },
    side: { type: 'enum', dictionary: 'contractSide', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    reason: { type: 'longText', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'operationNo',
      'operation',
      'partnerId',
      'side',
      'futuresMonth',
      'tonnage',
      'reason',
      'createdBy',
      'createdAt',
    ],
    filters: ['operationNo', 'operation', 'partnerId', 'side', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['tonnage'],
  },
  lines: { key: 'parts', title: 'contracts:detail.sepCombParts', declaration: sepCombPart },
  commands: {
    split: { input: splitInput, permission: 'create', target: 'resource', preview: sepCombPreview },
    combine: { input: combineInput, permission: 'create', target: 'resource', preview: sepCombPreview },
  },
  permissions: { view: 'view', create: 'create', export: 'export' },
});

/**
 * A request to move a contract to another salesperson (合同转移), approved by risk: the contract's
 * salesperson changes on approval and its history says so; a rejection leaves it as it was.
 */
export const contractTransfer = defineResource({
  key: 'contractTransfer',
  area: 'pur',
  resource: 'TransferCheck',
  title: 'contracts:route.TransferCheckList',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    partnerId: { type: 'partner', readOnly: true },
    fromSalespersonId: { type: 'user', readOnly: true },
    toSalespersonId: { type: 'user', readOnly: true },
    reason: { type: 'longText', readOnly: true },
    status: { type: 'enum', dictionary: 'transferState', readOnly: true },
    requestedBy: { type: 'user', readOnly: true },
    requestedAt: { type: 'datetime', readOnly: true },
    decidedBy: { type: 'user', readOnly: true },
    decidedAt: { type: 'datetime', readOnly: true },
    comment: { type: 'longText', readOnly: true },
  },
  list: {
    columns: [
      'contractId',
      'partnerId',
      'fromSalespersonId',
      'toSalespersonId',
      'reason',
      'status',
      'requestedBy',
      'requestedAt',
      'decidedBy',
      'decidedAt',
    ],
    filters: ['partnerId', 'toSalespersonId', 'status', 'requestedAt'],
    defaultSort: { field: 'requestedAt', order: 'desc' },
  },
  workflow: decisionWorkflow,
  permissions: { view: 'view', export: 'export' },
});
