// Client margin and margin calls (domain.md §4): the requirement a client's contracts carry, the call rule,
// the call's deadline in exchange trading days, when an unmet call is forced into pricing, and the balances
// a ledger of margin movements gives (never an edited balance). Every number (m0, k, deadline days, forced
// line) is a stored, versioned setting or the client's own margin terms; amounts are decimal text.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/**
 * When a call is met (setting marginCallMetRule): once the balance is back to the full requirement it asked
 * for (requirement, the seed: a call asks Req − balance, so it is met when that much came), or back to the
 * call line k × Req (callLine). Each call and its notice say which.
 */
export type MarginCallMetRule = 'requirement' | 'callLine';

export const MARGIN_CALL_MET_RULES: readonly MarginCallMetRule[] = ['requirement', 'callLine'];

/** The margin terms in force for a client on a day (settings, or the client's own margin set). */
export interface MarginTerms {
  /** m0, CNY per open tonne. */
  initialMarginPerTonne: DecimalText;
  /** k as a percentage: a call when the balance is below k % of the requirement. */
  callRatioPercent: DecimalText;
  /** Trading days the client has to meet a call. */
  callDeadlineDays: number;
  /** Forced pricing when the balance falls below this percentage of the requirement. */
  forcedLinePercent: DecimalText;
  metRule: MarginCallMetRule;
}

/** What one contract of a client (a sale priced later, the client the pricing party) carries. */
export interface MarginContract {
  /** q_open: tonnes not yet fixed. */
  openTonnage: DecimalText;
  /** q_fixed_unpaid: tonnes fixed and not yet paid for. */
  fixedUnpaidTonnage: DecimalText;
  /** F̄_fix, the average fixed futures price; null while nothing is fixed. */
  averageFixedPrice: DecimalText | null;
  /** F_now: the month's latest settlement price; null when the month has none yet. */
  futuresPrice: DecimalText | null;
  /** Deferred pricing (延期点价) with goods out: the basis, the tonnes out and what was paid provisionally. */
  goodsOut?: { basis: DecimalText; tonnage: DecimalText; provisionalPaid: DecimalText } | null;
}

export interface ContractRequirement {
  /** m0 × q_open */
  openTerm: string;
  /** max(0, F̄_fix − F_now) × q_fixed_unpaid */
  fixedLossTerm: string;
  /** max(0, (F_now + B) × W_out − provisional paid) */
  goodsOutTerm: string;
  requirement: string;
}

const ZERO = new Decimal(0);

/** The three terms of a contract's requirement, each to the fen, as decimals (summed without reparsing). */
function requirementTerms(m0: Decimal, contract: MarginContract): [Decimal, Decimal, Decimal] {
  const open = m0.times(contract.openTonnage).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const out = contract.goodsOut;
  // Nothing fixed and no goods out (most contracts of a sweep): no price term to read.
  if (contract.futuresPrice === null || (contract.averageFixedPrice === null && !out))
    return [open, ZERO, ZERO];
  const price = new Decimal(contract.futuresPrice);
  const loss =
    contract.averageFixedPrice === null
      ? ZERO
      : Decimal.max(0, new Decimal(contract.averageFixedPrice).minus(price))
          .times(contract.fixedUnpaidTonnage)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const goods = !out
    ? ZERO
    : Decimal.max(0, price.plus(out.basis).times(out.tonnage).minus(out.provisionalPaid)).toDecimalPlaces(
        2,
        Decimal.ROUND_HALF_UP,
      );
  return [open, loss, goods];
}

const requirementOfTerms = (open: Decimal, loss: Decimal, goods: Decimal): ContractRequirement => ({
  openTerm: open.toFixed(2),
  fixedLossTerm: loss.toFixed(2),
  goodsOutTerm: goods.toFixed(2),
  requirement: open.plus(loss).plus(goods).toFixed(2),
});

/**
 * Req = m0 × q_open + max(0, F̄_fix − F_now) × q_fixed_unpaid, plus for deferred pricing with goods out
 * (F_now + B) × W_out − provisional paid (never below zero: an overpayment is not margin). Without a price
 * of the month the price terms are zero (nothing to mark against). Each term to the fen; F̄ as given, unrounded
 * (rounding happens once, in the term).
 */
export function contractMarginRequirement(terms: MarginTerms, contract: MarginContract): ContractRequirement {
  return requirementOfTerms(...requirementTerms(new Decimal(terms.initialMarginPerTonne), contract));
}

/** A client's requirement: the sum over its contracts, each term rounded per contract. */
export function clientMarginRequirement(
  terms: MarginTerms,
  contracts: readonly MarginContract[],
): ContractRequirement {
  const m0 = new Decimal(terms.initialMarginPerTonne);
  let open = ZERO;
  let loss = ZERO;
  let goods = ZERO;
  for (const contract of contracts) {
    const [o, l, g] = requirementTerms(m0, contract);
    open = open.plus(o);
    loss = loss.plus(l);
    goods = goods.plus(g);
  }
  return requirementOfTerms(open, loss, goods);
}

/** k × Req, to the fen: the balance below which a call is made. */
export const callLine = (requirement: DecimalText, callRatioPercent: DecimalText): string =>
  toFen(new Decimal(requirement).times(callRatioPercent).dividedBy(100));

/** The forced line: the balance below which the client is priced out at once. */
export const forcedLine = (requirement: DecimalText, forcedLinePercent: DecimalText): string =>
  toFen(new Decimal(requirement).times(forcedLinePercent).dividedBy(100));

/** A call is due when the balance is below k × Req (a balance exactly on the line is not called). */
export const marginCallDue = (
  balance: DecimalText,
  requirement: DecimalText,
  callRatioPercent: DecimalText,
): boolean => new Decimal(balance).lessThan(callLine(requirement, callRatioPercent));

/** What the call asks for: back up to the full requirement (never negative). */
export const callAmount = (balance: DecimalText, requirement: DecimalText): string =>
  toFen(Decimal.max(0, new Decimal(requirement).minus(balance)));

/** The balance that meets a call under the house's rule: the full requirement, or the call line k × Req. */
export const callTarget = (
  requirement: DecimalText,
  terms: Pick<MarginTerms, 'callRatioPercent' | 'metRule'>,
): string =>
  terms.metRule === 'callLine'
    ? callLine(requirement, terms.callRatioPercent)
    : new Decimal(requirement).toFixed(2);

/** A call is met once the balance is back to its target (the requirement, or k × Req by the house's rule). */
export const marginCallMet = (
  balance: DecimalText,
  requirement: DecimalText,
  terms: Pick<MarginTerms, 'callRatioPercent' | 'metRule'>,
): boolean => new Decimal(balance).greaterThanOrEqualTo(callTarget(requirement, terms));

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** Whether the exchange trades on a day: a weekday that is not one of its holidays (YYYY-MM-DD). */
export function isTradingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** The n-th trading day after `from` (from itself not counted), skipping weekends and exchange holidays. */
export function addTradingDays(from: string, days: number, holidays: ReadonlySet<string>): string {
  const day = new Date(`${from}T00:00:00Z`);
  let counted = 0;
  while (counted < days) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isTradingDay(isoDay(day), holidays)) counted += 1;
  }
  return isoDay(day);
}

/** A call opened on a day must be met by the close of this trading day. */
export const callDeadline = (
  openedOn: string,
  terms: Pick<MarginTerms, 'callDeadlineDays'>,
  holidays: ReadonlySet<string>,
) => addTradingDays(openedOn, terms.callDeadlineDays, holidays);

export type ForcedReason = 'deadline' | 'forcedLine';

/** Whether the balance is under the forced line: a call raised there is forced at once. */
export const underForcedLine = (
  balance: DecimalText,
  requirement: DecimalText,
  terms: Pick<MarginTerms, 'forcedLinePercent'>,
): boolean => new Decimal(balance).lessThan(forcedLine(requirement, terms.forcedLinePercent));

const MET_RULE_WORDS: Record<MarginCallMetRule, string> = {
  requirement: '保证金余额达到保证金需求',
  callLine: '保证金余额回到追保线',
};

/** The call's state as its notice words the consequence. */
export type CallConsequence =
  | { state: 'open'; deadline: string; target: string; forcedLine: string; metRule: MarginCallMetRule }
  /** Under the forced line, but no month of the client's open tonnes has a settlement price to force at. */
  | { state: 'awaitingPrice'; forcedLine: string }
  | { state: 'forcedPriced'; reason: ForcedReason; day: string; fixed: readonly string[] }
  | { state: 'met'; target: string; metRule: MarginCallMetRule };

/**
 * What follows for the client, as its call and notice say it (issue 21: a call raised under the forced line
 * no longer threatens forcing "if below"; it says the forcing was done).
 */
export function callConsequence(call: CallConsequence): string {
  switch (call.state) {
    case 'open':
      return (
        `请于 ${call.deadline}（含当日）收盘前追加保证金，使${MET_RULE_WORDS[call.metRule]} ${call.target} 元；` +
        `逾期未足额追加，或期间保证金余额低于强制点价线 ${call.forcedLine} 元的，我方将按当日结算价对贵方未点价数量强制点价`
      );
    case 'awaitingPrice':
      return `保证金余额已低于强制点价线 ${call.forcedLine} 元，我方将在合约月份有结算价时即按结算价对贵方未点价数量强制点价`;
    case 'forcedPriced':
      return (
        `因${call.reason === 'deadline' ? '逾期未足额追加保证金' : '保证金余额低于强制点价线'}，我方已于 ${call.day} ` +
        `按结算价对贵方未点价数量强制点价${call.fixed.length > 0 ? `：${call.fixed.join('，')}` : '（没有未点价数量）'}`
      );
    case 'met':
      return `${MET_RULE_WORDS[call.metRule]} ${call.target} 元，本次追加保证金已满足`;
  }
}

/**
 * Whether an open call is forced into pricing on a day: the balance under the forced line (the price moved
 * past it), or the call still unmet after its deadline day. Answers why, or null.
 */
export function forcedPricingDue(
  call: { deadline: string },
  state: { day: string; balance: DecimalText; requirement: DecimalText },
  terms: Pick<MarginTerms, 'callRatioPercent' | 'forcedLinePercent' | 'metRule'>,
): ForcedReason | null {
  if (underForcedLine(state.balance, state.requirement, terms)) return 'forcedLine';
  if (marginCallMet(state.balance, state.requirement, terms)) return null;
  return state.day > call.deadline ? 'deadline' : null;
}

/** A movement of a client's margin account. */
export type MarginMovementKind = 'deposit' | 'withdraw' | 'interest' | 'allot' | 'release' | 'call';

export interface MarginMovement {
  kind: MarginMovementKind;
  amount: DecimalText;
  /** The contract an allotment or release is for. */
  contractId?: string | null;
}

export interface MarginBalances {
  /** Money held: deposits + interest − withdrawals. */
  balance: string;
  /** Allotted to contracts: allotments − releases. */
  allotted: string;
  /** balance − allotted. */
  available: string;
  /** Allotted per contract. */
  byContract: Readonly<Record<string, string>>;
}

/** The balances a ledger gives (a call is a record of what was asked, it moves no money). */
export function marginBalances(movements: readonly MarginMovement[]): MarginBalances {
  let balance = ZERO;
  let allotted = ZERO;
  const byContract = new Map<string, Decimal>();
  for (const movement of movements) {
    const amount = new Decimal(movement.amount);
    if (movement.kind === 'deposit' || movement.kind === 'interest') balance = balance.plus(amount);
    if (movement.kind === 'withdraw') balance = balance.minus(amount);
    if (movement.kind === 'allot' || movement.kind === 'release') {
      const signed = movement.kind === 'allot' ? amount : amount.negated();
      allotted = allotted.plus(signed);
      const key = movement.contractId ?? '';
      byContract.set(key, (byContract.get(key) ?? ZERO).plus(signed));
    }
  }
  return {
    balance: balance.toFixed(2),
    allotted: allotted.toFixed(2),
    available: balance.minus(allotted).toFixed(2),
    byContract: Object.fromEntries([...byContract].map(([key, value]) => [key, value.toFixed(2)])),
  };
}

/**
 * Whether a movement may be written on top of the balances: money never goes below zero, a withdrawal or an
 * allotment takes only what is available, a release only what the contract holds, and a withdrawal never
 * leaves the balance below the client's requirement (issue 21: only balance − allotted was checked, and
 * 300,000 left an account already short of its requirement).
 */
export function marginMovementProblem(
  current: MarginBalances,
  movement: MarginMovement,
  requirement: DecimalText = '0',
): Problem | null {
  const amount = new Decimal(movement.amount);
  if (!amount.isFinite() || amount.lessThanOrEqualTo(0) || !amount.equals(amount.toDecimalPlaces(2)))
    return problem('margin.amount', '金额必须是大于 0 的数，最多两位小数');
  if (movement.kind === 'allot' || movement.kind === 'release') {
    if (!movement.contractId) return problem('margin.contract', '划拨或释放须指明合同');
  }
  if ((movement.kind === 'withdraw' || movement.kind === 'allot') && amount.greaterThan(current.available))
    return problem(
      'margin.available',
      `可用保证金只有 ${current.available} 元，不足 ${amount.toFixed(2)} 元`,
      {
        available: current.available,
      },
    );
  if (movement.kind === 'withdraw') {
    const left = new Decimal(current.balance).minus(amount);
    if (left.lessThan(requirement)) {
      const most = Decimal.max(0, new Decimal(current.balance).minus(requirement)).toFixed(2);
      return problem(
        'margin.requirement',
        `提取后保证金余额 ${left.toFixed(2)} 元将低于保证金需求 ${new Decimal(requirement).toFixed(2)} 元，最多可提取 ${most} 元`,
        { requirement: new Decimal(requirement).toFixed(2), most },
      );
    }
  }
  if (movement.kind === 'release') {
    const held = current.byContract[movement.contractId!] ?? '0.00';
    if (amount.greaterThan(held))
      return problem(
        'margin.allotted',
        `该合同只占用保证金 ${new Decimal(held).toFixed(2)} 元，不足 ${amount.toFixed(2)} 元`,
        {
          held,
        },
      );
  }
  return null;
}
