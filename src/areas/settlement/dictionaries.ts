// The dictionaries of the settlement declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';
import { APPROVAL_STATES } from '../../framework/resource/workflows.ts';

export const SETTLEMENT_DICTIONARIES: Dictionaries = {
  settlementSide: entries([
    ['sale', { i18n: 'settlement:side.sale' }],
    ['purchase', { i18n: 'settlement:side.purchase' }],
  ]),
  settlementKind: entries([
    ['final', { i18n: 'settlement:kind.final' }],
    ['adjustment', { i18n: 'settlement:kind.adjustment' }],
  ]),
  settlementLineKind: entries([
    ['goods', { i18n: 'settlement:lineKind.goods' }],
    ['latePaymentInterest', { i18n: 'settlement:lineKind.latePaymentInterest' }],
    ['lateLiftingStorage', { i18n: 'settlement:lineKind.lateLiftingStorage' }],
    ['freight', { i18n: 'settlement:lineKind.freight' }],
    ['shortfall', { i18n: 'settlement:lineKind.shortfall' }],
    ['weightClaim', { i18n: 'settlement:lineKind.weightClaim' }],
    ['qualityClaim', { i18n: 'settlement:lineKind.qualityClaim' }],
    ['other', { i18n: 'settlement:lineKind.other' }],
  ]),
  settlementPricedBy: entries([
    ['fixed', { i18n: 'settlement:pricedBy.fixed' }],
    ['fixing', { i18n: 'settlement:pricedBy.fixing' }],
    ['tolerance', { i18n: 'settlement:pricedBy.tolerance' }],
  ]),
  invoiceKind: entries([
    ['01', { i18n: 'settlement:invoiceKind.01' }],
    ['02', { i18n: 'settlement:invoiceKind.02' }],
  ]),
  invoiceApplicationState: [
    ...stateEntries(APPROVAL_STATES),
    ...entries([
      ['issued', { i18n: 'settlement:state.issued' }],
      ['cancelled', { i18n: 'settlement:state.cancelled' }],
    ]),
  ],
  settlementState: [
    ...stateEntries(APPROVAL_STATES),
    ...entries([
      ['confirmed', { i18n: 'settlement:state.confirmed' }],
      ['voided', { i18n: 'settlement:state.voided' }],
    ]),
  ],
  invoiceDirection: entries([
    ['out', { i18n: 'settlement:direction.out' }],
    ['in', { i18n: 'settlement:direction.in' }],
  ]),
  invoiceColour: entries([
    ['blue', { i18n: 'settlement:colour.blue' }],
    ['red', { i18n: 'settlement:colour.red' }],
  ]),
  receivedInvoiceState: entries([
    ['registered', { i18n: 'settlement:receivedState.registered' }],
    ['verified', { i18n: 'settlement:receivedState.verified' }],
    ['matched', { i18n: 'settlement:receivedState.matched' }],
    ['deducted', { i18n: 'settlement:receivedState.deducted' }],
    ['rejected', { i18n: 'settlement:receivedState.rejected' }],
  ]),
  redFormParty: entries([
    ['seller', { i18n: 'settlement:redFormParty.seller' }],
    ['buyer', { i18n: 'settlement:redFormParty.buyer' }],
  ]),
  redReason: entries([
    ['01', { i18n: 'settlement:redReason.01' }],
    ['02', { i18n: 'settlement:redReason.02' }],
    ['04', { i18n: 'settlement:redReason.04' }],
  ]),
  redFormState: [
    ...stateEntries(APPROVAL_STATES),
    ...entries([
      ['pending', { i18n: 'settlement:redState.pending' }],
      ['confirmed', { i18n: 'settlement:redState.confirmed' }],
      ['issued', { i18n: 'settlement:redState.issued' }],
      ['void', { i18n: 'settlement:redState.void' }],
    ]),
  ],
  redFormBureauState: entries(
    ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'].map(
      (code): [string, { i18n: string }] => [code, { i18n: `settlement:bureauState.${code}` }],
    ),
  ),
};
