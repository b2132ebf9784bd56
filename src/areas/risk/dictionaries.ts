// The dictionaries of the risk declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';
import { APPROVAL_STATES } from '../../framework/resource/workflows.ts';

export const RISK_DICTIONARIES = {
  // Price bands and their warnings (bands.ts).
  priceBandSide: entries([
    ['below', { i18n: 'risk:bandSide.below' }],
    ['above', { i18n: 'risk:bandSide.above' }],
  ]),
  priceWarningState: entries([
    ['open', { i18n: 'risk:warningState.open' }],
    ['acknowledged', { i18n: 'risk:warningState.acknowledged' }],
  ]),

  // The margin posted to suppliers (purchaseMargin.ts).
  purchaseMarginApplyKind: entries([
    ['payment', { i18n: 'risk:movementKind.payment' }],
    ['return', { i18n: 'risk:movementKind.return' }],
  ]),
  purchaseMarginApplyState: stateEntries(APPROVAL_STATES),
  purchaseMarginKind: entries([
    ['payment', { i18n: 'risk:movementKind.payment' }],
    ['allot', { i18n: 'risk:movementKind.allot' }],
    ['return', { i18n: 'risk:movementKind.return' }],
  ]),
  marginDayCount: entries([
    ['ACT/365', { i18n: 'risk:dayCount.act365' }],
    ['ACT/360', { i18n: 'risk:dayCount.act360' }],
  ]),
} satisfies Dictionaries;
