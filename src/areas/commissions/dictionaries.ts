// The dictionaries of the commission declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';

/** SM-11: computed, submitted, approved (by someone else) or rejected, confirmed (frozen), paid. */
export const RUN_STATES = {
  computed: 'commissions:state.computed',
  submitted: 'state.submitted',
  approved: 'state.approved',
  rejected: 'state.rejected',
  confirmed: 'state.confirmed',
  paid: 'commissions:state.paid',
} as const;

/** SM-12: a target drafted, in force, closed. */
export const TARGET_STATES = {
  draft: 'state.draft',
  active: 'state.active',
  closed: 'state.closed',
} as const;

export const COMMISSION_DICTIONARIES: Dictionaries = {
  commissionRunState: stateEntries(RUN_STATES),
  commissionRole: entries([
    ['purchaser', { i18n: 'commissions:role.purchaser' }],
    ['salesperson', { i18n: 'commissions:role.salesperson' }],
    ['manager', { i18n: 'commissions:role.manager' }],
    ['financier', { i18n: 'commissions:role.financier' }],
  ]),
  commissionChannel: entries([
    ['self', { i18n: 'commissions:channel.self' }],
    ['b2b', { i18n: 'commissions:channel.b2b' }],
  ]),
  commissionLineKind: entries([
    ['commission', { i18n: 'commissions:lineKind.commission' }],
    ['collection', { i18n: 'commissions:lineKind.collection' }],
  ]),
  commissionBasis: entries([
    ['tonnes', { i18n: 'commissions:basis.tonnes' }],
    ['grossProfit', { i18n: 'commissions:basis.grossProfit' }],
  ]),
  commissionPayableOn: entries([
    ['settlement', { i18n: 'commissions:payableOn.settlement' }],
    ['collection', { i18n: 'commissions:payableOn.collection' }],
  ]),
  targetSide: entries([
    ['sale', { i18n: 'commissions:side.sale' }],
    ['purchase', { i18n: 'commissions:side.purchase' }],
  ]),
  targetMetric: entries([
    ['tonnes', { i18n: 'commissions:metric.tonnes' }],
    ['revenue', { i18n: 'commissions:metric.revenue' }],
    ['grossProfit', { i18n: 'commissions:metric.grossProfit' }],
  ]),
  targetState: stateEntries(TARGET_STATES),
};
