// The platform's settings (platformSetting, domain-money.md §7.4 and §8): trading hours, how long a purchase
// request waits for the desk, how long a cart holds, whether guests see prices, whether a client needs credit,
// how long a share link opens. Versioned rows of the one settings table (setting_on, settingOn read them on
// the day), edited on their own screen; each value is checked by its key's rule.

import { tradingHoursOf } from '../../domain/packages.ts';
import { customRule, defineResource, validateField } from '../../framework/resource/index.ts';
import type { FieldDecl } from '../../framework/resource/types.ts';

export interface PlatformSettingDefinition {
  key: string;
  /** The value a fresh company starts from. */
  seed: string;
  /** How the value is entered and checked. */
  field: FieldDecl;
}

const minutes = (max: number, min = 0): FieldDecl => ({
  type: 'integer',
  rules: [{ kind: 'required' }, { kind: 'min', value: min }, { kind: 'max', value: max }],
});

/** Yes or no: an enum's value is not checked against its dictionary, so the rule names the two. */
const yesNo: FieldDecl = {
  type: 'enum',
  dictionary: 'platformYesNo',
  rules: [
    { kind: 'required' },
    customRule('validation.settingValue', (value) => value === 'true' || value === 'false'),
  ],
};

const WEEK = 7 * 24 * 60;

/** The settings of the platform, in the screen's order. */
export const PLATFORM_SETTINGS: readonly PlatformSettingDefinition[] = [
  // Requests (and holds) are taken within these hours of the business day; the seed: all day.
  {
    key: 'platformTradingHours',
    seed: '00:00-24:00',
    field: {
      type: 'text',
      rules: [
        { kind: 'required' },
        customRule(
          'storefront:validation.tradingHours',
          (value) => !value || !!tradingHoursOf(String(value)),
        ),
      ],
    },
  },
  // A request the desk has not accepted within these minutes expires; 0: it waits until decided.
  { key: 'platformOrderExpiryMinutes', seed: '30', field: minutes(WEEK) },
  // A cart line holds its package at the snapshot price for these minutes; 0: a cart holds nothing.
  { key: 'platformCartHoldMinutes', seed: '30', field: minutes(WEEK) },
  { key: 'platformShowPrices', seed: 'false', field: yesNo },
  { key: 'platformRequireCredit', seed: 'true', field: yesNo },
  { key: 'packageLinkDays', seed: '7', field: minutes(365, 1) },
];

export const platformSettingByKey: ReadonlyMap<string, PlatformSettingDefinition> = new Map(
  PLATFORM_SETTINGS.map((setting) => [setting.key, setting]),
);

/** The field a platform setting's value is checked as, labelled by its key. */
const valueField = (definition: PlatformSettingDefinition): FieldDecl => ({
  ...definition.field,
  label: `storefront:setting.${definition.key}`,
});

export const platformSetting = defineResource({
  key: 'platformSetting',
  area: 'platformManagement',
  resource: 'platformSetting',
  title: 'storefront:route.platformSetting',
  titleField: 'settingKey',
  fields: {
    settingKey: { type: 'enum', dictionary: 'platformSettingKey', rules: [{ kind: 'required' }] },
    value: {
      type: 'text',
      rules: [
        { kind: 'required' },
        customRule('validation.settingValue', (value, record) => {
          const definition = platformSettingByKey.get(String(record.settingKey ?? ''));
          return !!definition && validateField('value', valueField(definition), { value }) === undefined;
        }),
      ],
      readAs: (record) => {
        const definition = platformSettingByKey.get(String(record.settingKey ?? ''));
        return definition && valueField(definition);
      },
    },
    effectiveFrom: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
    updatedBy: { type: 'user', readOnly: true },
    updateTime: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['settingKey', 'value', 'effectiveFrom', 'updatedBy', 'updateTime', 'remark'],
    filters: ['settingKey', 'effectiveFrom'],
    defaultSort: { field: 'effectiveFrom', order: 'desc' },
  },
  form: { fields: ['settingKey', 'value', 'effectiveFrom', 'remark'] },
  // Never deleted: a row from a later day replaces it, so what held on any day stays readable.
  permissions: { view: 'view', create: 'create', edit: 'edit', export: 'export' },
});
