// Settings: dictionaries, versioned system settings, the quality premium table and print templates.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { SYSTEM_SETTINGS } from './catalogue.ts';
import { dictionary } from './data.ts';
import {
  QUALITY_PREMIUM_SEED,
  qualityPremium,
  settingByKey,
  settingField,
  systemSetting,
} from './resources.ts';
import { billTemplate, contractTemplate } from './templates.ts';

export {
  billTemplate,
  contractTemplate,
  dictionary,
  QUALITY_PREMIUM_SEED,
  qualityPremium,
  SYSTEM_SETTINGS,
  settingByKey,
  settingField,
  systemSetting,
};

export const settingsArea = defineArea(area, {
  resources: [dictionary, systemSetting, qualityPremium, contractTemplate, billTemplate],
});
