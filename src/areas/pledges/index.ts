// Pledges: batches pledged to a bank, valued daily, called, redeemed in part and released, over the journal.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { pledgesPart } from './resources.ts';

export {
  pledge,
  pledgeInterest,
  pledgeRedemption,
  pledgeRelease,
  pledgeUnredeemed,
  pledgeValuation,
} from './resources.ts';

export const pledgesArea = defineArea(area, pledgesPart);
