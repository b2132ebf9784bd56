// Risk: interval warnings on futures prices, and the margin the company posts to suppliers on purchase
// contracts (ledger, balances, interest), and the teams' futures exposure and MTM by month.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { bandsPart } from './bands.ts';
import { purchaseMarginPart } from './purchaseMargin.ts';
import { riskControlPart } from './riskControl.ts';

export { priceBand, priceWarning, priceWarningAcknowledge } from './bands.ts';
export {
  purchaseContractMargin,
  purchaseMarginApplication,
  purchaseMarginBalance,
  purchaseMarginInterest,
  purchaseMarginInterestPiece,
  purchaseMarginMovement,
} from './purchaseMargin.ts';

export { riskControlRow } from './riskControl.ts';

export const riskArea = defineArea(area, bandsPart, purchaseMarginPart, riskControlPart);
