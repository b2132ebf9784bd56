// Commissions: what each purchaser, salesperson and manager earns on the settled business of a month, computed
// by src/domain/commission.ts in a run that is checked, approved and frozen, and the desks' targets.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { commissionsPart } from './resources.ts';

export {
  commissionConfirmInput,
  commissionLine,
  commissionRecomputeInput,
  commissionRun,
  commissionTarget,
} from './resources.ts';

export const commissionsArea = defineArea(area, commissionsPart);
