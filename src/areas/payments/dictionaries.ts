// The dictionaries of the payments declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (src/areas/dictionaries.ts).

import { type Dictionaries, entries } from '../../framework/resource/area.ts';

export const PAYMENTS_DICTIONARIES: Dictionaries = {
  clientPaymentKind: entries([
    ['goods', { i18n: 'payments:kind.goods' }],
    ['provisional', { i18n: 'payments:kind.provisional' }],
  ]),
  clientPaymentState: entries([
    ['draft', { i18n: 'state.draft' }],
    ['submitted', { i18n: 'state.submitted' }],
    ['approved', { i18n: 'state.approved' }],
    ['rejected', { i18n: 'state.rejected' }],
    ['paid', { i18n: 'payments:state.paid' }],
    ['reconciled', { i18n: 'payments:state.reconciled' }],
    ['reversed', { i18n: 'payments:state.reversed' }],
  ]),
};
