// The dictionaries of the pledge declarations, with their seed entries. Light data: it imports no declaration.
import { type Dictionaries, entries } from '../../framework/resource/area.ts';

const words = (prefix: string, keys: readonly string[]) =>
  entries(keys.map((key) => [key, { i18n: `pledges:${prefix}.${key}` }] as [string, { i18n: string }]));

export const PLEDGE_STATES = [
  'draft',
  'submitted',
  'approved',
  'pledged',
  'partlyRedeemed',
  'redeemed',
  'rejected',
  'voided',
  'disposed',
] as const;

export const REDEMPTION_STATES = [
  'draft',
  'submitted',
  'approved',
  'paid',
  'released',
  'rejected',
  'cancelled',
] as const;

export const PLEDGE_DICTIONARIES: Dictionaries = {
  pledgeState: words('pledgeState', PLEDGE_STATES),
  pledgeRiskStatus: words('riskStatus', ['normal', 'warning', 'called', 'disposing']),
  pledgeValuation: words('valuation', ['market', 'lowerOfCostOrMarket']),
  pledgeInterestEnds: words('interestEnds', ['firstNotLast', 'both']),
  pledgeDayCount: words('dayCount', ['ACT/365', 'ACT/360']),
  pledgeRedemptionState: words('redemptionState', REDEMPTION_STATES),
  pledgeInterestState: words('interestState', ['computed', 'confirmed', 'billed', 'waived']),
  pledgeCallState: words('callState', ['open', 'met', 'disposed']),
};
