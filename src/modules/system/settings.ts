// Every **[param]** of domain.md as data: a catalogue of settings with their seed values, the setting
// rows (versioned by the date they take effect, audited like any change), and the quality premium table
// versioned by crop year.

import {
  customRule,
  defineResource,
  type FieldDecl,
  type ValidationRule,
  validateField,
} from '../../shared/resource/index.ts';
import { crudPermissions } from './workflows.ts';

export interface SettingDefinition {
  key: string;
  /** How the value is entered and checked. */
  type: 'percent' | 'money' | 'integer' | 'enum';
  /** The seed value (domain.md's default). */
  seed: string;
  rules: readonly ValidationRule[];
  /** For an enum setting: its dictionary. */
  dictionary?: string;
}

const percentRange = (min: number, max: number): ValidationRule[] => [
  { kind: 'min', value: min },
  { kind: 'max', value: max },
];

/** domain.md §1, §4 and §6, in that order. Labels are `setting.<key>`. */
export const SYSTEM_SETTINGS: readonly SettingDefinition[] = [
  { key: 'dailyLimitPercent', type: 'percent', seed: '4', rules: percentRange(1, 20) },
  { key: 'exchangeMarginPercent', type: 'percent', seed: '5', rules: percentRange(1, 100) },
  { key: 'exchangeMarginNearDeliveryPercent', type: 'percent', seed: '10', rules: percentRange(1, 100) },
  { key: 'exchangeMarginDeliveryMonthPercent', type: 'percent', seed: '20', rules: percentRange(1, 100) },
  { key: 'initialMarginPerTonne', type: 'money', seed: '800.00', rules: [{ kind: 'min', value: 0 }] },
  { key: 'marginCallRatioPercent', type: 'percent', seed: '80', rules: percentRange(1, 100) },
  {
    key: 'marginCallDeadlineDays',
    type: 'integer',
    seed: '2',
    rules: [
      { kind: 'min', value: 1 },
      { kind: 'max', value: 30 },
    ],
  },
  { key: 'forcedLineRatioPercent', type: 'percent', seed: '50', rules: percentRange(1, 100) },
  { key: 'intervalWarnStepPerTonne', type: 'money', seed: '200.00', rules: [{ kind: 'min', value: 5 }] },
  { key: 'vatLintPercent', type: 'percent', seed: '9', rules: percentRange(0, 20) },
  { key: 'vatFreightPercent', type: 'percent', seed: '9', rules: percentRange(0, 20) },
  { key: 'vatStoragePercent', type: 'percent', seed: '6', rules: percentRange(0, 20) },
  { key: 'vatInsurancePercent', type: 'percent', seed: '6', rules: percentRange(0, 20) },
  { key: 'commissionScheme', type: 'enum', seed: 'perTonne', dictionary: 'commissionScheme', rules: [] },
  { key: 'commissionPerTonne', type: 'money', seed: '5.00', rules: [{ kind: 'min', value: 0 }] },
  { key: 'commissionProfitSharePercent', type: 'percent', seed: '10', rules: percentRange(0, 100) },
];

export const settingByKey: ReadonlyMap<string, SettingDefinition> = new Map(
  SYSTEM_SETTINGS.map((s) => [s.key, s]),
);

/** The field a setting's value is checked as. */
export function settingField(definition: SettingDefinition): FieldDecl {
  const common = {
    label: `setting.${definition.key}`,
    rules: [{ kind: 'required' } as const, ...definition.rules],
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
  title: 'route.systemSetting',
  titleField: 'settingKey',
  fields: {
    settingKey: {
      label: 'field.setting',
      type: 'enum',
      dictionary: 'settingKey',
      rules: [{ kind: 'required' }],
    },
    value: {
      label: 'field.settingValue',
      type: 'text',
      rules: [{ kind: 'required' }, customRule('validation.settingValue', valueFitsSetting)],
    },
    effectiveFrom: { label: 'field.effectiveFrom', type: 'date', rules: [{ kind: 'required' }] },
    remark: { label: 'field.remark', type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
    updatedBy: { label: 'field.operator', type: 'user', readOnly: true },
    updateTime: { label: 'field.updateTime', type: 'datetime', readOnly: true },
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

const CROP_YEAR_PATTERN = '\\d{4}/\\d{2}';

/** A crop year as the trade writes it (2025/26): the field every crop-year-versioned record carries. */
export const cropYearField = {
  label: 'field.cropYear',
  type: 'text',
  rules: [
    { kind: 'required' },
    { kind: 'pattern', value: CROP_YEAR_PATTERN, message: 'validation.cropYear' },
  ],
} as const;

/** Premium (+) or discount (−) of a delivered grade against the base grade, CNY/t, per crop year. */
export const qualityPremium = defineResource({
  key: 'qualityPremium',
  area: 'pri',
  resource: 'premiumWater',
  title: 'route.premiumWater',
  titleField: 'grade',
  fields: {
    cropYear: cropYearField,
    indicator: {
      label: 'field.qualityIndicator',
      type: 'enum',
      dictionary: 'qualityIndicator',
      rules: [{ kind: 'required' }],
    },
    grade: {
      label: 'field.grade',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 16 }],
    },
    premium: { label: 'field.premiumPerTonne', type: 'money', rules: [{ kind: 'required' }] },
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
const premiums = (indicator: string, entries: [string, number][]): Premium[] =>
  entries.map(([grade, premium]) => ({ indicator, grade, premium: premium.toFixed(2) }));

/** The seed version of the premium table (domain.md §1, crop 2016/17). */
export const QUALITY_PREMIUM_SEED: { cropYear: string; rows: readonly Premium[] } = {
  cropYear: '2016/17',
  rows: [
    ...premiums('colour', [
      ['11', 500],
      ['21', 300],
      ['31', 0],
      ['41', -400],
      ['12', -150],
      ['22', -450],
    ]),
    ...premiums('length', [
      ['30', 600],
      ['29', 300],
      ['28', 0],
      ['27', -300],
    ]),
    ...premiums('micronaire', [
      ['A', 200],
      ['B', 0],
      ['C2', -100],
    ]),
    ...premiums('strength', [
      ['S1', 500],
      ['S2', 250],
      ['S3', 0],
      ['S4', -300],
    ]),
    ...premiums('uniformity', [
      ['U1', 250],
      ['U2', 150],
      ['U3', 0],
      ['U4', -300],
    ]),
    ...premiums('ginning', [
      ['P1', 200],
      ['P2', 0],
      ['P3', -300],
    ]),
  ],
};
