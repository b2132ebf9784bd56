// The dictionaries of the costing declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).
import { type Dictionaries, entries } from '../../framework/resource/area.ts';

export const COSTING_DICTIONARIES: Dictionaries = {
  // The lines of a supplier's statement of account (PurchaseBill).
  purchaseBillEntry: entries([
    ['settlement', { i18n: 'costing:purchaseBill.entry.settlement' }],
    ['payment', { i18n: 'costing:purchaseBill.entry.payment' }],
  ]),
};
