// The dictionaries of the pricing declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';
import { decisionWorkflow } from '../../framework/resource/workflows.ts';

export const PRICING_DICTIONARIES: Dictionaries = {
  futuresPriceSource: entries([
    ['entered', { i18n: 'pricing:futuresPriceSource.entered' }],
    ['imported', { i18n: 'pricing:futuresPriceSource.imported' }],
  ]),
  clientOrderKind: entries([
    ['market', { i18n: 'pricing:clientOrderKind.market' }],
    ['limit', { i18n: 'pricing:clientOrderKind.limit' }],
  ]),
  clientOrderState: entries([
    ['checking', { i18n: 'pricing:state.checking' }],
    ['pending', { i18n: 'pricing:state.pending' }],
    ['filled', { i18n: 'pricing:state.filled' }],
    ['cancelled', { i18n: 'pricing:state.cancelled' }],
    ['rejected', { i18n: 'pricing:state.rejected' }],
    ['expired', { i18n: 'state.expired' }],
  ]),
  revocationState: stateEntries(decisionWorkflow.states),
  orderPricingParty: entries([
    ['buyer', { term: 'buyer' }],
    ['seller', { term: 'seller' }],
  ]),
};
