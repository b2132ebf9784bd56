// System and data settings (spec 2.4): the declarations the /pri/ routes render and the server serves.

import type { ResourceDecl } from '../../shared/resource/index.ts';
import { moduleResource, org, role, user, userGroup } from './access.ts';
import { dictionary, operationRecord, warehouse } from './data.ts';
import { clientMarginSet, partner, partnerAssociation, partnerManagementAccount } from './partners.ts';
import { qualityPremium, systemSetting } from './settings.ts';
import { billTemplate, contractTemplate } from './templates.ts';
import { receiptCancellation, transactionContract, upstreamOrder } from './trade.ts';

export { SYSTEM_DICTIONARIES } from './dictionaries.ts';
export { QUALITY_PREMIUM_SEED, SYSTEM_SETTINGS, settingByKey, settingField } from './settings.ts';
export {
  billTemplate,
  clientMarginSet,
  contractTemplate,
  dictionary,
  moduleResource,
  operationRecord,
  org,
  partner,
  partnerAssociation,
  partnerManagementAccount,
  qualityPremium,
  receiptCancellation,
  role,
  systemSetting,
  transactionContract,
  upstreamOrder,
  user,
  userGroup,
  warehouse,
};

/** Every top-level system resource; the /pri/ routes name them by key (BusinessRoute.resource). */
export const SYSTEM_RESOURCES: readonly ResourceDecl[] = [
  moduleResource,
  role,
  user,
  org,
  userGroup,
  dictionary,
  operationRecord,
  partner,
  partnerAssociation,
  clientMarginSet,
  partnerManagementAccount,
  warehouse,
  systemSetting,
  qualityPremium,
  contractTemplate,
  billTemplate,
  upstreamOrder,
  transactionContract,
  receiptCancellation,
];
