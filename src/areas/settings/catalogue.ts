// The catalogue of system settings (every **[param]** of domain.md): keys, seed values and rules, as data.
// Light on purpose: the settingKey dictionary's seed (dictionaries.ts) is made from it without loading the
// settings' declarations (resources.ts), which take it from here too.

import { CONTRACT_NO_PATTERN_SEED, isContractNoPattern } from '../../domain/contracts.ts';
import { CREDIT_COMMITMENT_BASES } from '../../domain/credit.ts';
import { contractMonthsOf } from '../../domain/exchange.ts';
import { MARGIN_CALL_MET_RULES } from '../../domain/margin.ts';
import { DAY_COUNTS } from '../../domain/marginInterest.ts';
import { PLEDGE_VALUATIONS } from '../../domain/pledges.ts';
import { TOLERANCE_TONNES_PRICES } from '../../domain/pricing.ts';
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
  /** A blank value is allowed: nothing entered yet (the house's details print as lines to fill in by hand). */
  optional?: boolean;
}

/** An enum setting's value is not checked against its dictionary: the values the rule knows are. */
const oneOf = (values: readonly string[]): ValidationRule[] => [
  customRule('validation.settingValue', (value) => values.includes(String(value))),
];

/** A number from `min` to `max`, both included. */
const between = (min: number, max: number): ValidationRule[] => [
  { kind: 'min', value: min },
  { kind: 'max', value: max },
];

/** A reminder window in days: a day to a year. */
const dayRange = between(1, 365);

/** domain.md §1, §4 and §6, in that order. Labels are `setting.<key>`. */
export const SYSTEM_SETTINGS: readonly SettingDefinition[] = [
  { key: 'dailyLimitPercent', type: 'percent', seed: '4', rules: between(1, 20) },
  // The exchange's minimum price step of CF (5 CNY/t): a futures price is a whole number of ticks.
  { key: 'futuresTickPerTonne', type: 'money', seed: '5.00', rules: [{ kind: 'min', value: '0.01' }] },
  // The exchange's lot (domain.md §1: 5 t): hedge lots of a fixing, a roll's tonnes, P&L per lot.
  {
    key: 'futuresLotTonnes',
    type: 'integer',
    seed: '5',
    rules: between(1, 1000),
  },
  // The months the exchange lists (domain.md §1: Jan, Mar, May, Jul, Sep, Nov), as month numbers.
  {
    key: 'futuresContractMonths',
    type: 'text',
    seed: '1,3,5,7,9,11',
    rules: [
      customRule('validation.settingValue', (value) => contractMonthsOf(String(value ?? '')) !== undefined),
    ],
  },
  // A month's last trading day is this trading day of its delivery month (domain.md §1: the 10th).
  {
    key: 'futuresLastTradingDayOrdinal',
    type: 'integer',
    seed: '10',
    rules: between(1, 23),
  },
  // A month is listed (has prices, may be fixed or rolled into) this many calendar months ahead at most.
  {
    key: 'futuresListedMonthsAhead',
    type: 'integer',
    seed: '12',
    rules: between(1, 36),
  },
  // One warehouse receipt, the exchange's delivery unit, counts as this many lots (domain.md §1: 8).
  {
    key: 'deliveryUnitLots',
    type: 'integer',
    seed: '8',
    rules: between(1, 100),
  },
  // The most open lots (long or short) a book may hold in one CF month; every trade is checked against it.
  {
    key: 'hedgeBookLotLimit',
    type: 'integer',
    seed: '2000',
    rules: between(0, 1000000),
  },
  {
    key: 'speculationBookLotLimit',
    type: 'integer',
    seed: '200',
    rules: between(0, 1000000),
  },
  // Which open lots a close takes first when its realised P&L is worked out: the oldest (fifo) or the newest.
  {
    key: 'futuresCloseOutMethod',
    type: 'enum',
    seed: 'fifo',
    dictionary: 'futuresCloseOutMethod',
    rules: [],
  },
  { key: 'exchangeMarginPercent', type: 'percent', seed: '5', rules: between(1, 100) },
  { key: 'exchangeMarginNearDeliveryPercent', type: 'percent', seed: '10', rules: between(1, 100) },
  { key: 'exchangeMarginDeliveryMonthPercent', type: 'percent', seed: '20', rules: between(1, 100) },
  { key: 'initialMarginPerTonne', type: 'money', seed: '800.00', rules: [{ kind: 'min', value: 0 }] },
  { key: 'marginCallRatioPercent', type: 'percent', seed: '80', rules: between(1, 100) },
  {
    key: 'marginCallDeadlineDays',
    type: 'integer',
    seed: '2',
    rules: between(1, 30),
  },
  { key: 'forcedLineRatioPercent', type: 'percent', seed: '50', rules: between(1, 100) },
  // When a margin call is met: the balance back to the full requirement the call asked for (the seed), or
  // back to the call line k × Req; each call and its notice say which (issue 21).
  {
    key: 'marginCallMetRule',
    type: 'enum',
    seed: 'requirement',
    dictionary: 'marginCallMetRule',
    rules: oneOf(MARGIN_CALL_MET_RULES),
  },
  // Interest the house pays on clients' margin balances, by period: the annual rate and how days count.
  { key: 'clientMarginInterestPercent', type: 'percent', seed: '0.35', rules: between(0, 50) },
  {
    key: 'clientMarginDayCount',
    type: 'enum',
    seed: 'ACT/365',
    dictionary: 'marginDayCount',
    rules: oneOf(DAY_COUNTS),
  },
  { key: 'intervalWarnStepPerTonne', type: 'money', seed: '200.00', rules: [{ kind: 'min', value: 5 }] },
  // Interest on the margin posted to suppliers on purchase contracts: the annual rate and how days count.
  { key: 'purchaseMarginInterestPercent', type: 'percent', seed: '3.45', rules: between(0, 50) },
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
  { key: 'vatLintPercent', type: 'percent', seed: '9', rules: between(0, 20) },
  { key: 'vatFreightPercent', type: 'percent', seed: '9', rules: between(0, 20) },
  { key: 'vatStoragePercent', type: 'percent', seed: '6', rules: between(0, 20) },
  { key: 'vatInsurancePercent', type: 'percent', seed: '6', rules: between(0, 20) },
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
  { key: 'commissionProfitSharePercent', type: 'percent', seed: '10', rules: between(0, 100) },
  // Commissions (domain-money.md §5.2): the purchaser's rate, the B2B channel's, the purchaser's part of the
  // profit-share pool, the management royalty, and when a commission becomes payable.
  { key: 'commissionPerTonnePurchase', type: 'money', seed: '3.00', rules: [{ kind: 'min', value: 0 }] },
  { key: 'commissionPerTonneB2b', type: 'money', seed: '5.00', rules: [{ kind: 'min', value: 0 }] },
  { key: 'commissionPurchaseSharePercent', type: 'percent', seed: '40', rules: between(0, 100) },
  { key: 'commissionManagementPercent', type: 'percent', seed: '5', rules: between(0, 100) },
  {
    key: 'commissionPayableOn',
    type: 'enum',
    seed: 'collection',
    dictionary: 'commissionPayableOn',
    rules: oneOf(['settlement', 'collection']),
  },
  // Batch cost (domain-money.md §6.1): interest on the house's own money tied up in a batch since it was bought.
  { key: 'internalFundingRatePercent', type: 'percent', seed: '4.35', rules: between(0, 50) },
  {
    key: 'internalFundingDayCount',
    type: 'enum',
    seed: 'ACT/365',
    dictionary: 'marginDayCount',
    rules: oneOf(DAY_COUNTS),
  },
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
    rules: between(1, 100000),
  },
  // Client price orders the sales manager checks before they wait for the market: more tonnes than a
  // salesperson places alone, or a limit further than this share from the month's latest price.
  {
    key: 'clientOrderCheckTonnes',
    type: 'integer',
    seed: '500',
    rules: between(1, 100000),
  },
  // The exchange's daily limit is ±4%: a limit further than 5% cannot fill today.
  { key: 'clientOrderOffMarketPercent', type: 'percent', seed: '5', rules: between(0, 50) },
  // The workbench's windows: basis contracts whose fixing deadline is this near count as due, receipts
  // whose validity ends this soon as near expiry.
  { key: 'deskFixingDueDays', type: 'integer', seed: '7', rules: dayRange },
  { key: 'deskReceiptExpiryDays', type: 'integer', seed: '30', rules: dayRange },
  // The house's own party details on every printed document (its name is the tenant's): blank until the
  // administrator enters them, when the documents print a line to fill in by hand.
  {
    key: 'companyCreditCode',
    type: 'text',
    seed: '',
    optional: true,
    rules: [
      {
        kind: 'pattern',
        value: '[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}',
        message: 'validation.creditCode',
      },
    ],
  },
  {
    key: 'companyAddress',
    type: 'text',
    seed: '',
    optional: true,
    rules: [{ kind: 'maxLength', value: 200 }],
  },
  // The price unpriced tonnage is valued at against a client's credit limit.
  {
    key: 'creditValuationPricePerTonne',
    type: 'money',
    seed: '16000.00',
    rules: [{ kind: 'min', value: 1 }],
  },
  // What a client's priced tonnes not yet delivered take from its credit: their full contract value, or
  // only the replacement cost max(0, P − (F_now + B)) × W_open (issue 21).
  {
    key: 'creditCommitmentBasis',
    type: 'enum',
    seed: 'contractValue',
    dictionary: 'creditCommitmentBasis',
    rules: oneOf(CREDIT_COMMITMENT_BASES),
  },
  // The most an issued invoice may amount to, excl. VAT (domain-money.md §2.3, decision 11); blank: no maximum.
  {
    key: 'invoiceMaxAmount',
    type: 'money',
    seed: '',
    optional: true,
    rules: [{ kind: 'min', value: '0.01' }],
  },
  // The hours the other party has to confirm a red-letter form before it voids (domain-money.md §2.6: 72).
  { key: 'redFormConfirmHours', type: 'integer', seed: '72', rules: between(1, 720) },
  // How far a received invoice's line may differ from its settlement line, in tonnes and in CNY (§2.8: 0.01).
  {
    key: 'invoiceLineAmountTolerance',
    type: 'money',
    seed: '0.01',
    rules: [{ kind: 'min', value: 0 }],
  },
  // How tonnes delivered within the tolerance beyond the fixed tonnage are priced (domain-money.md §1.2).
  {
    key: 'toleranceTonnesPrice',
    type: 'enum',
    seed: 'averageFixed',
    dictionary: 'toleranceTonnesPrice',
    rules: oneOf(TOLERANCE_TONNES_PRICES),
  },
  // Payments out (domain-money.md §4.5): prepayments stay within this share of a purchase contract's value;
  // a payee's payments of a day reaching the amount, or of the listed purposes, need the final approval.
  { key: 'purchasePrepayPercent', type: 'percent', seed: '90', rules: between(0, 100) },
  {
    key: 'paymentFinalApprovalAmount',
    type: 'money',
    seed: '500000.00',
    rules: [{ kind: 'min', value: 0 }],
  },
  {
    key: 'paymentFinalApprovalPurposes',
    type: 'text',
    seed: 'margin,interest',
    rules: [
      {
        kind: 'pattern',
        value: '^$|^[a-z]+(,[a-z]+)*$',
        message: 'validation.settingValue',
      },
    ],
  },
  // Pledge financing (domain-money.md §3.2, decisions 6 and 7): a new pledge's facility terms — advance rate,
  // warning, call and disposal lines, valuation basis, rate and interest convention — and a call's deadline.
  { key: 'pledgeAdvancePercent', type: 'percent', seed: '70', rules: between(1, 100) },
  { key: 'pledgeWarningPercent', type: 'percent', seed: '75', rules: between(1, 100) },
  { key: 'pledgeCallPercent', type: 'percent', seed: '80', rules: between(1, 100) },
  { key: 'pledgeDisposalPercent', type: 'percent', seed: '85', rules: between(1, 100) },
  {
    key: 'pledgeValuation',
    type: 'enum',
    seed: 'lowerOfCostOrMarket',
    dictionary: 'pledgeValuation',
    rules: oneOf(PLEDGE_VALUATIONS),
  },
  { key: 'pledgeInterestPercent', type: 'percent', seed: '3.45', rules: between(0, 50) },
  {
    key: 'pledgeDayCount',
    type: 'enum',
    seed: 'ACT/360',
    dictionary: 'pledgeDayCount',
    rules: oneOf(DAY_COUNTS),
  },
  {
    key: 'pledgeInterestEnds',
    type: 'enum',
    seed: 'firstNotLast',
    dictionary: 'pledgeInterestEnds',
    rules: oneOf(['firstNotLast', 'both']),
  },
  { key: 'pledgeCallDeadlineDays', type: 'integer', seed: '2', rules: between(1, 30) },
];
