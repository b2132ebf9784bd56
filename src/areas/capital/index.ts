// Capital: payments out with their two-level approval, and the house's bank accounts, over one journal.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { costsPart } from './costs.ts';
import { capitalPart } from './resources.ts';

export { batchStorageFee, otherInvoice, packageStorageFee } from './costs.ts';

export {
  bankAccount,
  bankJournalDay,
  bankTransaction,
  outgoingPayment,
  partnerAccount,
  partnerAccountLine,
} from './resources.ts';

export const capitalArea = defineArea(area, capitalPart, costsPart);
