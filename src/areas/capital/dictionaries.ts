// The dictionaries of the capital declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';

const words = (prefix: string, keys: readonly string[]) =>
  entries(keys.map((key) => [key, { i18n: `capital:${prefix}.${key}` }] as [string, { i18n: string }]));

/** A payment's states as its state tag and its dictionary both say them. */
export const PAYMENT_STATE_WORDS = {
  draft: 'state.draft',
  submitted: 'state.submitted',
  checked: 'capital:paymentState.checked',
  approved: 'state.approved',
  paid: 'capital:paymentState.paid',
  rejected: 'state.rejected',
  cancelled: 'capital:paymentState.cancelled',
  returned: 'capital:paymentState.returned',
} as const;

export const CAPITAL_DICTIONARIES: Dictionaries = {
  paymentPurpose: words('purpose', [
    'prepayment',
    'goods',
    'final',
    'freight',
    'storage',
    'insurance',
    'supervision',
    'inspection',
    'interest',
    'margin',
    'other',
  ]),
  outgoingPaymentKind: words('paymentKind', ['purchase', 'other']),
  outgoingPaymentState: stateEntries(PAYMENT_STATE_WORDS),
  bankAccountKind: words('bankAccountKind', ['basic', 'general', 'margin', 'loan']),
  journalSource: words('journalSource', [
    'clientPayment',
    'outgoingPayment',
    'clientMarginMovement',
    'purchaseMarginMovement',
    'bankMatch',
    'otherInvoice',
  ]),
  journalAccount: words('journalAccount', ['receivables', 'payables', 'advancesReceived', 'advancesPaid']),
  bankDirection: words('bankDirection', ['in', 'out']),
  bankTransactionState: words('bankTransactionState', [
    'unmatched',
    'claimed',
    'partlyMatched',
    'matched',
    'classified',
  ]),
  bankMatchKind: words('bankMatchKind', ['clientPayment', 'outgoingPayment']),
  otherInvoiceKind: words('otherInvoiceKind', ['01', '02']),
  costKind: words('costKind', [
    'freight',
    'storage',
    'insurance',
    'supervision',
    'inspection',
    'interest',
    'other',
  ]),
  otherInvoiceState: words('otherInvoiceState', [
    'registered',
    'verified',
    'matched',
    'deducted',
    'rejected',
  ]),
  feeCostState: words('feeCostState', ['estimated', 'partlyActual', 'actual']),
};
