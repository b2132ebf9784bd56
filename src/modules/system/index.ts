// System and data settings (spec 2.4): the declarations the /pri/ routes render and the server serves.

import type { ResourceDecl } from '../../shared/resource/index.ts';
import { moduleResource, org, role, user, userGroup } from './access.ts';
import type { SystemArea } from './area.ts';
import { batchArea } from './batches.ts';
import { dictionary, operationRecord, warehouse } from './data.ts';
import { SYSTEM_DICTIONARIES as ACCESS_AND_DATA_DICTIONARIES } from './dictionaries.ts';
import { logisticsArea } from './logistics.ts';
import { clientMarginSet, partner, partnerAssociation, partnerManagementAccount } from './partners.ts';
import { receiptArea } from './receipts.ts';
import { qualityPremium, systemSetting } from './settings.ts';
import { billTemplate, contractTemplate } from './templates.ts';
import { transactionContract, upstreamOrder } from './trade.ts';
import { warehouseServiceArea } from './warehouseServices.ts';

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

/** The settings that came first: access, data, partners, settings, templates, trade records. */
const foundation: SystemArea = {
  resources: [
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
  ],
  dictionaries: ACCESS_AND_DATA_DICTIONARIES,
};

/** Every area of the settings; a new area is one more entry here (and one on the server, storage areas). */
const AREAS: readonly SystemArea[] = [
  foundation,
  batchArea,
  receiptArea,
  logisticsArea,
  warehouseServiceArea,
];

/** Every top-level system resource; the /pri/ routes name them by key (BusinessRoute.resource). */
export const SYSTEM_RESOURCES: readonly ResourceDecl[] = AREAS.flatMap((area) => area.resources);

/** Every dictionary the system declarations name, with its seed entries (code → entries in order). */
export const SYSTEM_DICTIONARIES: SystemArea['dictionaries'] = Object.assign(
  {},
  ...AREAS.map((area) => area.dictionaries),
);
