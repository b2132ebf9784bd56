// Client margin and margin calls (domain.md §4): the requirement a client's contracts carry, the call rule,
// the call's deadline in exchange trading days, when an unmet call is forced into pricing, and the balances
// a ledger of margin movements gives (never an edited balance). Every number (m0, k, deadline days, forced
// line) is a stored, versioned setting or the client's own margin terms; amounts are decimal text.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

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

/**
 * Req = m0 × q_open + max(0, F̄_fix − F_now) × q_fixed_unpaid, plus for deferred pricing with goods out
 * (F_now + B) × W_out − provisional paid (never below zero: an overpayment is not margin). Without a price
 * of the month the price terms are zero (nothing to mark against). Each term to the fen.
 */
export function contractMarginRequirement(terms: MarginTerms, contract: MarginContract): ContractRequirement {
  const open = new Decimal(toFen(new Decimal(terms.initialMarginPerTonne).times(contract.openTonnage)));
  const price = contract.futuresPrice === null ? null : new Decimal(contract.futuresPrice);
  const loss =
    price === null || contract.averageFixedPrice === null
      ? ZERO
      : Decimal.max(0, new Decimal(contract.averageFixedPrice).minus(price)).times(
          contract.fixedUnpaidTonnage,
        );
  const out = contract.goodsOut;
  const goods =
    price === null || !out
      ? ZERO
      : Decimal.max(0, price.plus(out.basis).times(out.tonnage).minus(out.provisionalPaid));
  const fixedLossTerm = toFen(loss);
  const goodsOutTerm = toFen(goods);
  return {
    openTerm: open.toFixed(2),
    fixedLossTerm,
    goodsOutTerm,
    requirement: open.plus(fixedLossTerm).plus(goodsOutTerm).toFixed(2),
  };
}

/** A client's requirement: the sum over its contracts. */
export function clientMarginRequirement(
  terms: MarginTerms,
  contracts: readonly MarginContract[],
): ContractRequirement {
  const sum = { openTerm: ZERO, fixedLossTerm: ZERO, goodsOutTerm: ZERO, requirement: ZERO };
  for (const contract of contracts) {
    const each = contractMarginRequirement(terms, contract);
    for (const key of Object.keys(sum) as (keyof ContractRequirement)[]) sum[key] = sum[key].plus(each[key]);
  }
  return {
    openTerm: sum.openTerm.toFixed(2),
    fixedLossTerm: sum.fixedLossTerm.toFixed(2),
    goodsOutTerm: sum.goodsOutTerm.toFixed(2),
    requirement: sum.requirement.toFixed(2),
  };
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

/** A call is met once the balance is back to k × Req or above. */
export const marginCallMet = (
  balance: DecimalText,
  requirement: DecimalText,
  callRatioPercent: DecimalText,
): boolean => !marginCallDue(balance, requirement, callRatioPercent);

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

/**
 * Whether an open call is forced into pricing on a day: the balance under the forced line (the price moved
 * past it), or the call still unmet after its deadline day. Answers why, or null.
 */
export function forcedPricingDue(
  call: { deadline: string },
  state: { day: string; balance: DecimalText; requirement: DecimalText },
  terms: Pick<MarginTerms, 'callRatioPercent' | 'forcedLinePercent'>,
): ForcedReason | null {
  if (new Decimal(state.balance).lessThan(forcedLine(state.requirement, terms.forcedLinePercent)))
    return 'forcedLine';
  if (marginCallMet(state.balance, state.requirement, terms.callRatioPercent)) return null;
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
 * allotment takes only what is available, a release only what the contract holds.
 */
export function marginMovementProblem(current: MarginBalances, movement: MarginMovement): Problem | null {
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
