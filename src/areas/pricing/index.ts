// Pricing: futures prices per trading day and CF month, and the sales basis sheet.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { pricingPart } from './resources.ts';

export {
  clientOrderPackage,
  clientOrderRevocation,
  clientPrice,
  clientPriceOrder,
  futuresPrice,
  futuresPriceFile,
  futuresPriceImportResult,
  saleBasisDetail,
  saleContractPackage,
  salesBasis,
  salesBasisLine,
} from './resources.ts';

export const pricingArea = defineArea(area, pricingPart);
