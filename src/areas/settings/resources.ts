// Every **[param]** of domain.md as data: a catalogue of settings with their seed values, the setting
// rows (versioned by the date they take effect, audited like any change), and the quality premium table
// versioned by crop year.

import {
  CONTRACT_NO_PATTERN_SEED,
  DELIVERY_TABLE_2016_17,
  isContractNoPattern,
  premiumTableRows,
} from '../../domain/index.ts';
import { DAY_COUNTS } from '../../domain/marginInterest.ts';
import {
  customRule,
  defineResource,
  type FieldDecl,
  type ValidationRule,
  validateField,
} from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { cropYearField } from '../fields.ts';

export interface SettingDefinition {
  key: string;
  /** How the value is entered and checked. */
  type: 'percent' | 'money' | 'integer' | 'enum' | 'text';
  /** The seed value (domain.md's default). */
  seed: string;
  rules: readonly ValidationRule[];
  /** For an enum setting: its dictionary. */
  dictionary?: string;
}

/** A reminder window in days: a day to a year. */
const dayRange: ValidationRule[] = [
  { kind: 'min', value: 1 },
  { kind: 'max', value: 365 },
];

const percentRange = (min: number, max: number): ValidationRule[] => [
  { kind: 'min', value: min },
  { kind: 'max', value: max },
];

/** domain.md §1, §4 and §6, in that order. Labels are `setting.<key>`. */
export const SYSTEM_SETTINGS: readonly SettingDefinition[] = [
  { key: 'dailyLimitPercent', type: 'percent', seed: '4', rules: percentRange(1, 20) },
  // The exchange's minimum price step of CF (5 CNY/t): a futures price is a whole number of ticks.
  { key: 'futuresTickPerTonne', type: 'money', seed: '5.00', rules: [{ kind: 'min', value: '0.01' }] },
  // The most open lots (long or short) a book may hold in one CF month; every trade is checked against it.
  {
    key: 'hedgeBookLotLimit',
    type: 'integer',
    seed: '2000',
    rules: [
      { kind: 'min', value: 0 },
      { kind: 'max', value: 1000000 },
    ],
  },
  {
    key: 'speculationBookLotLimit',
    type: 'integer',
    seed: '200',
    rules: [
      { kind: 'min', value: 0 },
      { kind: 'max', value: 1000000 },
    ],
  },
  // Which open lots a close takes first when its realised P&L is worked out: the oldest (fifo) or the newest.
  {
    key: 'futuresCloseOutMethod',
    type: 'enum',
    seed: 'fifo',
    dictionary: 'futuresCloseOutMethod',
    rules: [],
  },
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
  // Interest on the margin posted to suppliers on purchase contracts: the annual rate and how days count.
  { key: 'purchaseMarginInterestPercent', type: 'percent', seed: '3.45', rules: percentRange(0, 50) },
  {
    key: 'purchaseMarginDayCount',
    type: 'enum',
    seed: 'ACT/365',
    dictionary: 'marginDayCount',
    // An enum setting's value is not checked against its dictionary: the conventions the rule knows are.
    rules: [
      customRule('validation.settingValue', (value) => (DAY_COUNTS as readonly unknown[]).includes(value)),
    ],
  },
  { key: 'vatLintPercent', type: 'percent', seed: '9', rules: percentRange(0, 20) },
  { key: 'vatFreightPercent', type: 'percent', seed: '9', rules: percentRange(0, 20) },
  { key: 'vatStoragePercent', type: 'percent', seed: '6', rules: percentRange(0, 20) },
  { key: 'vatInsurancePercent', type: 'percent', seed: '6', rules: percentRange(0, 20) },
  // Which weight freight is charged on (domain.md §6): the batch's gross weight or its conditioned weight.
  {
    key: 'freightBasis',
    type: 'enum',
    seed: 'conditionedWeight',
    dictionary: 'freightBasis',
    rules: [],
  },
  { key: 'commissionScheme', type: 'enum', seed: 'perTonne', dictionary: 'commissionScheme', rules: [] },
  { key: 'commissionPerTonne', type: 'money', seed: '5.00', rules: [{ kind: 'min', value: 0 }] },
  { key: 'commissionProfitSharePercent', type: 'percent', seed: '10', rules: percentRange(0, 100) },
  // Contracts (domain.md §7): how they are numbered and which the desk may approve alone.
  {
    key: 'contractNoPattern',
    type: 'text',
    seed: CONTRACT_NO_PATTERN_SEED,
    rules: [customRule('validation.contractNoPattern', (value) => isContractNoPattern(String(value ?? '')))],
  },
  {
    key: 'contractDeskLimitTonnes',
    type: 'integer',
    seed: '500',
    rules: [
      { kind: 'min', value: 1 },
      { kind: 'max', value: 100000 },
    ],
  },
  // Client price orders the sales manager checks before they wait for the market: more tonnes than a
  // salesperson places alone, or a limit further than this share from the month's latest price.
  {
    key: 'clientOrderCheckTonnes',
    type: 'integer',
    seed: '500',
    rules: [
      { kind: 'min', value: 1 },
      { kind: 'max', value: 100000 },
    ],
  },
  // The exchange's daily limit is ±4%: a limit further than 5% cannot fill today.
  { key: 'clientOrderOffMarketPercent', type: 'percent', seed: '5', rules: percentRange(0, 50) },
  // The workbench's windows: basis contracts whose fixing deadline is this near count as due, receipts
  // whose validity ends this soon as near expiry.
  { key: 'deskFixingDueDays', type: 'integer', seed: '7', rules: dayRange },
  { key: 'deskReceiptExpiryDays', type: 'integer', seed: '30', rules: dayRange },
  // The price unpriced tonnage is valued at against a client's credit limit.
  {
    key: 'creditValuationPricePerTonne',
    type: 'money',
    seed: '16000.00',
    rules: [{ kind: 'min', value: 1 }],
  },
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
      type: 'enum',
      dictionary: 'settingKey',
      rules: [{ kind: 'required' }],
    },
    value: {
      type: 'text',
      rules: [{ kind: 'required' }, customRule('validation.settingValue', valueFitsSetting)],
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
  title: 'route.premiumWater',
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
