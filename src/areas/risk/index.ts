// Risk: interval warnings on futures prices, and the margin the company posts to suppliers on purchase
// contracts (ledger, balances, interest).
import { defineArea } from '../../framework/resource/area.ts';
import { bandsPart } from './bands.ts';
import { purchaseMarginPart } from './purchaseMargin.ts';

export { priceBand, priceWarning, priceWarningAcknowledge } from './bands.ts';
export {
  purchaseContractMargin,
  purchaseMarginApplication,
  purchaseMarginBalance,
  purchaseMarginInterest,
  purchaseMarginInterestPiece,
  purchaseMarginMovement,
} from './purchaseMargin.ts';

export const riskArea = defineArea('risk', bandsPart, purchaseMarginPart);
