// Partners: clients, suppliers, warehouses' operators, banks and brokers, with their relations and accounts.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { clientMarginSet, partner, partnerAssociation, partnerManagementAccount } from './resources.ts';

export { clientMarginSet, partner, partnerAssociation, partnerManagementAccount };

export const partnersArea = defineArea(area, {
  resources: [partner, partnerAssociation, clientMarginSet, partnerManagementAccount],
});
