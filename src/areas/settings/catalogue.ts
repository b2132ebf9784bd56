// The catalogue of system settings (every **[param]** of domain.md): keys, seed values and rules, as data.
// Light on purpose: the settingKey dictionary's seed (dictionaries.ts) is made from it without loading the
// settings' declarations (resources.ts), which take it from here too.

import { CONTRACT_NO_PATTERN_SEED, isContractNoPattern } from '../../domain/contracts.ts';
import { DAY_COUNTS } from '../../domain/marginInterest.ts';
import { customRule, type ValidationRule } from '../../framework/resource/types.ts';

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
