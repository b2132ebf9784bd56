// Every **[param]** of domain.md as data: the setting rows (versioned by the date they take effect, audited
// like any change) of the catalogue of settings (catalogue.ts), and the quality premium table versioned
// by crop year.

import { DELIVERY_TABLE_2016_17, premiumTableRows } from '../../domain/index.ts';
import {
  customRule,
  defineResource,
  type FieldDecl,
  requiredWhen,
  validateField,
} from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { cropYearField } from '../fields.ts';
import { type SettingDefinition, SYSTEM_SETTINGS } from './catalogue.ts';

export const settingByKey: ReadonlyMap<string, SettingDefinition> = new Map(
  SYSTEM_SETTINGS.map((s) => [s.key, s]),
);

/** The field a setting's value is checked as. */
export function settingField(definition: SettingDefinition): FieldDecl {
  const common = {
    label: `setting.${definition.key}`,
    rules: [...(definition.optional ? [] : [{ kind: 'required' } as const]), ...definition.rules],
  };
  return definition.type === 'enum'
    ? { ...common, type: 'enum', dictionary: definition.dictionary ?? definition.key }
    : { ...common, type: definition.type };
}

/** A setting value is checked by the rules of the setting it is for. */
function valueFitsSetting(value: unknown, record: Readonly<Record<string, unknown>>): boolean {
  const definition = settingByKey.get(String(record.settingKey ?? ''));
  if (!definition) return false;
  return validateField('value', settingField(definition), { value }) === undefined;
}

export const systemSetting = defineResource({
  key: 'systemSetting',
  area: 'pri',
  resource: 'systemSetting',
  title: 'settings:route.systemSetting',
  titleField: 'settingKey',
  fields: {
    settingKey: {
      type: 'enum',
      dictionary: 'settingKey',
      rules: [{ kind: 'required' }],
    },
    value: {
      type: 'text',
      rules: [
        requiredWhen((record) => !settingByKey.get(String(record.settingKey ?? ''))?.optional),
        customRule('validation.settingValue', valueFitsSetting),
      ],
      readAs: (record) => {
        const definition = settingByKey.get(String(record.settingKey ?? ''));
        return definition && settingField(definition);
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
  // A setting is never deleted: a new row from a later date replaces it, so history stays readable.
  permissions: { view: 'view', create: 'create', edit: 'edit', export: 'export' },
});

/** Premium (+) or discount (−) of a delivered grade against the base grade, CNY/t, per crop year. */
export const qualityPremium = defineResource({
  key: 'qualityPremium',
  area: 'pri',
  resource: 'premiumWater',
  title: 'settings:route.premiumWater',
  titleField: 'grade',
  fields: {
    cropYear: cropYearField,
    indicator: {
      type: 'enum',
      dictionary: 'qualityIndicator',
      rules: [{ kind: 'required' }],
    },
    grade: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 16 }],
    },
    premium: { type: 'money', rules: [{ kind: 'required' }] },
  },
  list: {
    columns: ['cropYear', 'indicator', 'grade', 'premium'],
    filters: ['cropYear', 'indicator'],
    defaultSort: { field: 'cropYear', order: 'desc' },
  },
  form: { fields: ['cropYear', 'indicator', 'grade', 'premium'] },
  permissions: crudPermissions,
});

type Premium = { indicator: string; grade: string; premium: string };

/** The seed version of the premium table: the domain's delivery table of 2016/17 (domain.md §1), one source. */
export const QUALITY_PREMIUM_SEED: { cropYear: string; rows: readonly Premium[] } = {
  cropYear: DELIVERY_TABLE_2016_17.cropYear,
  rows: premiumTableRows(DELIVERY_TABLE_2016_17).map(({ indicator, grade, premium }) => ({
    indicator,
    grade,
    premium,
  })),
};
