// System and data settings (spec 2.4): the declarations the /pri/ routes render and the server serves.

import type { ResourceDecl } from '../../shared/resource/index.ts';
import { moduleResource, org, role, user, userGroup } from './access.ts';
import { BATCH_DICTIONARIES, BATCH_RESOURCES } from './batches.ts';
import { dictionary, operationRecord, warehouse } from './data.ts';
import {
  SYSTEM_DICTIONARIES as ACCESS_AND_DATA_DICTIONARIES,
  type DictionarySeedEntry,
} from './dictionaries.ts';
import { LOGISTICS_DICTIONARIES, LOGISTICS_RESOURCES } from './logistics.ts';
import { clientMarginSet, partner, partnerAssociation, partnerManagementAccount } from './partners.ts';
import { RECEIPT_DICTIONARIES, RECEIPT_RESOURCES } from './receipts.ts';
import { qualityPremium, systemSetting } from './settings.ts';
import { billTemplate, contractTemplate } from './templates.ts';
import { transactionContract, upstreamOrder } from './trade.ts';
import { WAREHOUSE_SERVICE_DICTIONARIES, WAREHOUSE_SERVICE_RESOURCES } from './warehouseServices.ts';

export type { DictionarySeedEntry } from './dictionaries.ts';
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
  ...BATCH_RESOURCES,
  ...RECEIPT_RESOURCES,
  ...LOGISTICS_RESOURCES,
  ...WAREHOUSE_SERVICE_RESOURCES,
];

/** Every dictionary the system declarations name, with its seed entries (code → entries in order). */
export const SYSTEM_DICTIONARIES: Readonly<Record<string, readonly DictionarySeedEntry[]>> = {
  ...ACCESS_AND_DATA_DICTIONARIES,
  ...BATCH_DICTIONARIES,
  ...RECEIPT_DICTIONARIES,
  ...LOGISTICS_DICTIONARIES,
  ...WAREHOUSE_SERVICE_DICTIONARIES,
};
