// Resource packages (资源包) and the B2B storefront (domain-money.md §7): the house's own batches grouped,
// summarised from their bales and published to its clients.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { platformPart } from './platform.ts';
import { packagesPart } from './resources.ts';
import { resourceViewsPart } from './resourceViews.ts';

export { helpArticle } from './help.ts';
export { cartLine, platformUser, purchaseRequest, storefrontListing } from './platform.ts';
export { resourcePackage } from './resources.ts';
export {
  resourceDataPur,
  resourceDataSale,
  teamPurResource,
  teamSaleResource,
} from './resourceViews.ts';
export { PLATFORM_SETTINGS, platformSetting } from './settings.ts';

export const storefrontArea = defineArea(area, packagesPart, platformPart, resourceViewsPart);
