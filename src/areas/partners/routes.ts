// The screens of the partners area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('PartnerList', '/pri/Partner/list', 'list', 'partner'),
  shell('PartnerAssociation', '/pri/PartnerAssociation', 'list', 'partnerAssociation'),
  shell('ClientMarginSet', '/pri/ClientMarginSet', 'list', 'clientMarginSet'),
  shell('PartnerManagementAccount', '/pri/PartnerManagementAccount', 'list', 'partnerManagementAccount'),
];
