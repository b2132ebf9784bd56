// The dictionaries of the payments declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';
import { APPROVAL_STATES } from '../../framework/resource/workflows.ts';

export const PAYMENTS_DICTIONARIES: Dictionaries = {
  clientPaymentKind: entries([
    ['goods', { i18n: 'payments:kind.goods' }],
    ['provisional', { i18n: 'payments:kind.provisional' }],
  ]),
  creditCommitmentBasis: entries([
    ['contractValue', { i18n: 'payments:commitmentBasis.contractValue' }],
    ['replacementCost', { i18n: 'payments:commitmentBasis.replacementCost' }],
  ]),
  clientPaymentState: [
    ...stateEntries(APPROVAL_STATES),
    ...entries([
      ['paid', { i18n: 'payments:state.paid' }],
      ['reconciled', { i18n: 'payments:state.reconciled' }],
      ['reversed', { i18n: 'payments:state.reversed' }],
    ]),
  ],
};
