// The screens of pledges: the pledges (ResourcePledge) and their redemptions (RedemSpot), the batches released
// (ResourceRelease), the daily valuations (RedeemEval), the loan interest (SurchargeInterest) and what is not
// yet redeemed per batch (UnRedemAccountDetail).
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('ResourcePledge', '/pur/ResourcePledge', 'list', 'pledge'),
  shell('ResourcePledgeDetail', '/pur/ResourcePledgeDetail/:id/:name', 'detail', 'pledge'),
  shell('RedemSpot', '/pur/RedemSpot', 'list', 'pledgeRedemption'),
  shell('RedemSpotDetail', '/pur/RedemSpot/:id/:name', 'detail', 'pledgeRedemption'),
  shell('ResourceRelease', '/pur/ResourceRelease', 'list', 'pledgeRelease'),
  shell('RedeemEval', '/pur/RedeemEval', 'list', 'pledgeValuation'),
  shell('SurchargeInterest', '/pur/SurchargeInterest', 'list', 'pledgeInterest'),
  shell('UnRedemAccountDetail', '/capital/UnRedemAccountDetail', 'list', 'pledgeUnredeemed'),
];
