// Payments out (domain-money.md §4.5, SM-6) and the house's bank accounts (§4.1). A payment application names
// its payee, its purpose and its source — a purchase contract for goods money, a fee record for a fee — and
// is capped by it; it is checked by someone other than its submitter, approved finally (above the setting
// paymentFinalApprovalAmount per payee and day, or for the purposes paymentFinalApprovalPurposes) by someone
// other than both, then paid: the payment posts to the journal in the same transaction.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineInput, defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { crudPermissions, enabledWorkflow } from '../../framework/resource/workflows.ts';
import { PAYMENT_STATE_WORDS } from './dictionaries.ts';

const money = [
  { kind: 'required' },
  { kind: 'min', value: '0.01' },
  { kind: 'max', value: '9999999999.99' },
] as const;

const GOODS = ['prepayment', 'goods', 'final'];
const isGoods = (record: Readonly<Record<string, unknown>>) => GOODS.includes(String(record.purpose));

/**
 * SM-6. `approve` is the check from `submitted` (PayApplyCheck) and the final approval from `checked`
 * (PayApplyCheckEnd); a payment that needs no final approval goes from the check straight to `approved`.
 */
const paymentWorkflow = {
  field: 'status',
  initial: 'draft',
  states: PAYMENT_STATE_WORDS,
  transitions: [
    { from: ['draft'], to: 'submitted', action: 'submit', permission: 'submit' },
    { from: ['submitted'], to: 'checked', action: 'approve', permission: 'approve', comment: 'optional' },
    { from: ['checked'], to: 'approved', action: 'approve', permission: 'approve', comment: 'optional' },
    {
      from: ['submitted', 'checked'],
      to: 'rejected',
      action: 'reject',
      permission: 'approve',
      comment: 'required',
    },
    { from: ['rejected'], to: 'draft', action: 'redraft', permission: 'edit' },
    {
      from: ['draft', 'submitted'],
      to: 'cancelled',
      action: 'cancel',
      permission: 'edit',
      comment: 'optional',
      danger: true,
    },
    {
      from: ['approved'],
      to: 'paid',
      action: 'pay',
      permission: 'confirm',
      fields: ['paidOn', 'bankAccountId'],
    },
    {
      from: ['paid'],
      to: 'returned',
      action: 'bankReturn',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
  approval: { approve: 'approve', reject: 'reject' },
  editableIn: ['draft'],
} as const;

/** A payment application and voucher (付款申请 / 付款单). */
export const outgoingPayment = defineResource({
  key: 'outgoingPayment',
  area: 'capital',
  resource: 'PayApply',
  title: 'capital:route.PurchasePaymentList',
  titleField: 'paymentNo',
  fields: {
    paymentNo: { type: 'text', readOnly: true },
    paymentKind: { type: 'enum', dictionary: 'outgoingPaymentKind', rules: [{ kind: 'required' }] },
    payeeId: { type: 'partner', rules: [{ kind: 'required' }] },
    purpose: { type: 'enum', dictionary: 'paymentPurpose', rules: [{ kind: 'required' }] },
    contractId: {
      type: 'reference',
      resource: 'transactionContract',
      rules: [requiredWhen(isGoods, 'capital:validation.contractRequired')],
    },
    feeId: { type: 'reference', resource: 'warehouseFee' },
    otherInvoiceId: { type: 'reference', resource: 'otherInvoice' },
    amount: { type: 'money', rules: money },
    payeeBank: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }] },
    payeeAccountNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '^[0-9A-Za-z-]{4,40}$', message: 'capital:validation.accountNo' },
      ],
    },
    requestedPayDate: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'outgoingPaymentState', readOnly: true },
    finalRequired: { type: 'boolean', readOnly: true },
    bankAccountId: { type: 'reference', resource: 'bankAccount' },
    paidOn: { type: 'date' },
    submittedBy: { type: 'user', readOnly: true },
    checkedBy: { type: 'user', readOnly: true },
    approvedBy: { type: 'user', readOnly: true },
    paidBy: { type: 'user', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'paymentNo',
      'payeeId',
      'purpose',
      'contractId',
      'amount',
      'requestedPayDate',
      'status',
      'finalRequired',
      'paidOn',
      { field: 'bankAccountId', hiddenByDefault: true },
      { field: 'feeId', hiddenByDefault: true },
      { field: 'payeeBank', hiddenByDefault: true },
      { field: 'payeeAccountNo', hiddenByDefault: true },
      'createdBy',
      { field: 'checkedBy', hiddenByDefault: true },
      { field: 'approvedBy', hiddenByDefault: true },
      { field: 'createdAt', hiddenByDefault: true },
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: ['paymentNo', 'paymentKind', 'payeeId', 'purpose', 'contractId', 'status', 'requestedPayDate'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['amount'],
  },
  form: {
    fields: [
      'paymentKind',
      'payeeId',
      'purpose',
      'contractId',
      'feeId',
      'otherInvoiceId',
      'amount',
      'payeeBank',
      'payeeAccountNo',
      'requestedPayDate',
      'remark',
    ],
  },
  detail: {
    sections: [
      {
        title: 'capital:section.payment',
        fields: [
          'paymentNo',
          'paymentKind',
          'payeeId',
          'purpose',
          'amount',
          'requestedPayDate',
          'status',
          'remark',
        ],
      },
      { title: 'capital:section.source', fields: ['contractId', 'feeId', 'otherInvoiceId'] },
      { title: 'capital:section.payee', fields: ['payeeBank', 'payeeAccountNo'] },
      {
        title: 'capital:section.approval',
        fields: ['createdBy', 'submittedBy', 'checkedBy', 'finalRequired', 'approvedBy'],
      },
      { title: 'capital:section.paid', fields: ['paidOn', 'bankAccountId', 'paidBy'] },
    ],
  },
  workflow: paymentWorkflow,
  permissions: crudPermissions,
  attachments: true,
});

/** The house's bank accounts (BankerAccount); the book balance is the journal's. */
export const bankAccount = defineResource({
  key: 'bankAccount',
  area: 'capital',
  resource: 'BankerAccount',
  title: 'capital:route.BankerAccount',
  titleField: 'accountNo',
  fields: {
    bankPartnerId: { type: 'partner', partnerKind: 'bank', rules: [{ kind: 'required' }] },
    branch: { type: 'text', rules: [{ kind: 'maxLength', value: 100 }] },
    accountNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '^[0-9A-Za-z-]{4,40}$', message: 'capital:validation.accountNo' },
      ],
    },
    accountName: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }] },
    kind: { type: 'enum', dictionary: 'bankAccountKind', rules: [{ kind: 'required' }] },
    currency: { type: 'text', readOnly: true },
    openingBalance: { type: 'money', rules: [{ kind: 'required' }, { kind: 'max', value: '9999999999.99' }] },
    openingDate: { type: 'date', rules: [{ kind: 'required' }] },
    bookBalance: { type: 'money', readOnly: true },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
  },
  list: {
    columns: [
      'accountNo',
      'accountName',
      'bankPartnerId',
      'branch',
      'kind',
      'currency',
      'openingBalance',
      'openingDate',
      'bookBalance',
      'status',
    ],
    filters: ['accountNo', 'accountName', 'bankPartnerId', 'kind', 'status'],
    defaultSort: { field: 'accountNo', order: 'asc' },
    totals: ['bookBalance'],
  },
  form: {
    fields: ['bankPartnerId', 'branch', 'accountNo', 'accountName', 'kind', 'openingBalance', 'openingDate'],
  },
  workflow: enabledWorkflow,
  permissions: crudPermissions,
});

/** A statement file of one account: the bank's xlsx or csv, read by its heading row. */
export const bankStatementFile = defineInput({
  key: 'bankStatementFile',
  title: 'capital:route.BankDetail',
  fields: {
    accountId: { type: 'reference', resource: 'bankAccount', rules: [{ kind: 'required' }] },
    fileName: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    content: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 8_000_000 }] },
  },
  form: ['accountId', 'fileName', 'content'],
});

/** What an import did: the lines added, and those already there by their serial number. */
export const bankStatementResult = defineInput({
  key: 'bankStatementResult',
  title: 'capital:route.BankDetail',
  fields: {
    read: { type: 'integer' },
    added: { type: 'integer' },
    alreadyImported: { type: 'integer' },
  },
});

/**
 * A match (核销) of a claimed line: the client payment received (money in) or the payment out paid (money
 * out) it carries, and how much of it; none given, all that remains of both.
 */
export const bankMatchInput = defineInput({
  key: 'bankMatchInput',
  title: 'capital:BankDetail.commands.match',
  fields: {
    targetKind: { type: 'enum', dictionary: 'bankMatchKind', rules: [{ kind: 'required' }] },
    clientPaymentId: {
      type: 'reference',
      resource: 'clientPayment',
      rules: [requiredWhen((r) => r.targetKind === 'clientPayment', 'capital:validation.matchDocument')],
    },
    outgoingPaymentId: {
      type: 'reference',
      resource: 'outgoingPayment',
      rules: [requiredWhen((r) => r.targetKind === 'outgoingPayment', 'capital:validation.matchDocument')],
    },
    amount: {
      type: 'money',
      rules: [
        { kind: 'min', value: '0.01' },
        { kind: 'max', value: '9999999999.99' },
      ],
    },
  },
  form: ['targetKind', 'clientPaymentId', 'outgoingPaymentId', 'amount'],
});

/** A line of the house's bank statements (BankDetail), claimed by the partner who paid or was paid (SM-7). */
export const bankTransaction = defineResource({
  key: 'bankTransaction',
  area: 'capital',
  resource: 'BankDetail',
  title: 'capital:route.BankDetail',
  titleField: 'bankSerialNo',
  fields: {
    accountId: { type: 'reference', resource: 'bankAccount', rules: [{ kind: 'required' }] },
    bankSerialNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '^[A-Za-z0-9_-]{1,64}$', message: 'capital:validation.serialNo' },
      ],
    },
    valueDate: { type: 'date', rules: [{ kind: 'required' }] },
    direction: { type: 'enum', dictionary: 'bankDirection', rules: [{ kind: 'required' }] },
    amount: { type: 'money', rules: money },
    balanceAfter: { type: 'money' },
    counterpartyName: { type: 'text', rules: [{ kind: 'maxLength', value: 100 }] },
    counterpartyAccount: { type: 'text', rules: [{ kind: 'maxLength', value: 40 }] },
    summary: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'bankTransactionState', readOnly: true },
    partnerId: { type: 'partner' },
    matchedAmount: { type: 'money', readOnly: true },
    matchedDocuments: { type: 'text', readOnly: true },
    claimedBy: { type: 'user', readOnly: true },
    importedBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'accountId',
      'valueDate',
      'bankSerialNo',
      'direction',
      'amount',
      'balanceAfter',
      'counterpartyName',
      'summary',
      'status',
      'partnerId',
      'matchedAmount',
      'matchedDocuments',
      { field: 'counterpartyAccount', hiddenByDefault: true },
      { field: 'claimedBy', hiddenByDefault: true },
      { field: 'importedBy', hiddenByDefault: true },
    ],
    filters: [
      'accountId',
      'valueDate',
      'bankSerialNo',
      'direction',
      'status',
      'partnerId',
      'counterpartyName',
    ],
    defaultSort: { field: 'valueDate', order: 'desc' },
    totals: ['amount'],
  },
  form: {
    fields: [
      'accountId',
      'bankSerialNo',
      'valueDate',
      'direction',
      'amount',
      'balanceAfter',
      'counterpartyName',
      'counterpartyAccount',
      'summary',
    ],
  },
  workflow: {
    field: 'status',
    initial: 'unmatched',
    states: {
      unmatched: 'capital:bankTransactionState.unmatched',
      claimed: 'capital:bankTransactionState.claimed',
      partlyMatched: 'capital:bankTransactionState.partlyMatched',
      matched: 'capital:bankTransactionState.matched',
      classified: 'capital:bankTransactionState.classified',
    },
    transitions: [
      { from: ['unmatched'], to: 'claimed', action: 'claim', permission: 'confirm', fields: ['partnerId'] },
      {
        from: ['unmatched'],
        to: 'classified',
        action: 'classify',
        permission: 'confirm',
        comment: 'required',
      },
      {
        from: ['claimed', 'partlyMatched', 'matched', 'classified'],
        to: 'unmatched',
        action: 'unclaim',
        permission: 'confirm',
        comment: 'required',
      },
    ],
    editableIn: ['unmatched'],
  },
  commands: {
    importStatement: {
      input: bankStatementFile,
      permission: 'import',
      target: 'resource',
      preview: bankStatementResult,
      file: { accept: ['.xlsx', '.csv'] },
    },
    match: { input: bankMatchInput, permission: 'confirm', states: ['claimed', 'partlyMatched'] },
  },
  permissions: crudPermissions,
});

const VIEW_ONLY = { view: 'view', export: 'export' } as const;

/** A partner's running account (往来账): sums of its journal lines, positive when the partner owes the house. */
export const partnerAccount = defineResource({
  key: 'partnerAccount',
  area: 'capital',
  resource: 'PartnerAccount',
  title: 'capital:route.PartnerAccount',
  titleField: 'partnerId',
  fields: {
    partnerId: { type: 'partner', readOnly: true },
    balance: { type: 'money', readOnly: true },
    owedToHouse: { type: 'money', readOnly: true },
    owedByHouse: { type: 'money', readOnly: true },
    debits: { type: 'money', readOnly: true },
    credits: { type: 'money', readOnly: true },
    lastMovementOn: { type: 'date', readOnly: true },
    movements: { type: 'integer', readOnly: true },
  },
  list: {
    columns: [
      'partnerId',
      'balance',
      'owedToHouse',
      'owedByHouse',
      'debits',
      'credits',
      'lastMovementOn',
      'movements',
    ],
    filters: ['partnerId', 'lastMovementOn'],
    defaultSort: { field: 'lastMovementOn', order: 'desc' },
    totals: ['owedToHouse', 'owedByHouse'],
    note: 'capital:partnerAccount.note',
  },
  permissions: VIEW_ONLY,
});

/** One movement of a partner's running account with the balance after it (PartnerAccountDetail). */
export const partnerAccountLine = defineResource({
  key: 'partnerAccountLine',
  area: 'capital',
  resource: 'PartnerAccountDetail',
  title: 'capital:route.PartnerAccountDetail',
  titleField: 'sourceId',
  fields: {
    partnerId: { type: 'partner', readOnly: true },
    postedOn: { type: 'date', readOnly: true },
    sourceKind: { type: 'enum', dictionary: 'journalSource', readOnly: true },
    sourceId: { type: 'text', readOnly: true },
    event: { type: 'text', readOnly: true },
    account: { type: 'enum', dictionary: 'journalAccount', readOnly: true },
    memo: { type: 'text', readOnly: true },
    amount: { type: 'money', readOnly: true },
    runningBalance: { type: 'money', readOnly: true },
  },
  list: {
    columns: ['partnerId', 'postedOn', 'sourceKind', 'memo', 'account', 'amount', 'runningBalance'],
    filters: ['partnerId', 'postedOn', 'sourceKind', 'account'],
    defaultSort: { field: 'postedOn', order: 'desc' },
    totals: ['amount'],
  },
  permissions: VIEW_ONLY,
});

/** The bank journal per account and day (BankerRecordDetail): the book's figures against the statement's. */
export const bankJournalDay = defineResource({
  key: 'bankJournalDay',
  area: 'capital',
  resource: 'BankerRecordDetail',
  title: 'capital:route.BankerRecordDetail',
  titleField: 'day',
  fields: {
    accountId: { type: 'reference', resource: 'bankAccount', readOnly: true },
    day: { type: 'date', readOnly: true },
    opening: { type: 'money', readOnly: true },
    received: { type: 'money', readOnly: true },
    paid: { type: 'money', readOnly: true },
    closing: { type: 'money', readOnly: true },
    statementBalance: { type: 'money', readOnly: true },
    bankReceivedNotBooked: { type: 'money', readOnly: true },
    bankPaidNotBooked: { type: 'money', readOnly: true },
    bookedReceivedNotInBank: { type: 'money', readOnly: true },
    bookedPaidNotInBank: { type: 'money', readOnly: true },
    adjustedBook: { type: 'money', readOnly: true },
    adjustedBank: { type: 'money', readOnly: true },
    difference: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'accountId',
      'day',
      'opening',
      'received',
      'paid',
      'closing',
      'statementBalance',
      'bankReceivedNotBooked',
      'bankPaidNotBooked',
      'bookedReceivedNotInBank',
      'bookedPaidNotInBank',
      { field: 'adjustedBook', hiddenByDefault: true },
      { field: 'adjustedBank', hiddenByDefault: true },
      'difference',
    ],
    filters: ['accountId', 'day'],
    defaultSort: { field: 'day', order: 'desc' },
    totals: ['received', 'paid'],
    note: 'capital:bankJournalDay.note',
  },
  permissions: VIEW_ONLY,
});

export const capitalPart: AreaPart = {
  resources: [
    outgoingPayment,
    bankAccount,
    bankTransaction,
    partnerAccount,
    partnerAccountLine,
    bankJournalDay,
  ],
};
