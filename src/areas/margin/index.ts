// Client margin: the margin accounts' ledger and balances, applications to withdraw or move margin, calls.
import { defineArea } from '../../framework/resource/area.ts';
import { marginPart } from './resources.ts';

export {
  clientMarginApplication,
  clientMarginBalance,
  clientMarginContract,
  clientMarginMovement,
  marginCall,
} from './resources.ts';

export const marginArea = defineArea('margin', marginPart);
