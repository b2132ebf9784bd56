// The dictionaries of the pledge declarations, with their seed entries. Light data: it imports no declaration.
import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';

const words = (prefix: string, keys: readonly string[]) =>
  entries(keys.map((key) => [key, { i18n: `pledges:${prefix}.${key}` }] as [string, { i18n: string }]));

/** A pledge's states as its state tag and its dictionary both say them. */
export const PLEDGE_STATE_WORDS = {
  draft: 'state.draft',
  submitted: 'state.submitted',
  approved: 'state.approved',
  pledged: 'pledges:pledgeState.pledged',
  partlyRedeemed: 'pledges:pledgeState.partlyRedeemed',
  redeemed: 'pledges:pledgeState.redeemed',
  rejected: 'state.rejected',
  voided: 'pledges:pledgeState.voided',
  disposed: 'pledges:pledgeState.disposed',
} as const;

/** A redemption's states as its state tag and its dictionary both say them. */
export const REDEMPTION_STATE_WORDS = {
  draft: 'state.draft',
  submitted: 'state.submitted',
  approved: 'state.approved',
  paid: 'pledges:redemptionState.paid',
  released: 'pledges:redemptionState.released',
  rejected: 'state.rejected',
  cancelled: 'pledges:redemptionState.cancelled',
} as const;

export const PLEDGE_DICTIONARIES: Dictionaries = {
  pledgeState: stateEntries(PLEDGE_STATE_WORDS),
  pledgeRiskStatus: words('riskStatus', ['normal', 'warning', 'called', 'disposing']),
  pledgeValuation: words('valuation', ['market', 'lowerOfCostOrMarket']),
  pledgeInterestEnds: words('interestEnds', ['firstNotLast', 'both']),
  pledgeDayCount: words('dayCount', ['ACT/365', 'ACT/360']),
  pledgeRedemptionState: stateEntries(REDEMPTION_STATE_WORDS),
  pledgeInterestState: words('interestState', ['computed', 'confirmed', 'billed', 'waived']),
  pledgeCallState: words('callState', ['open', 'met', 'disposed']),
};
