// The rules of a contract's life (domain.md §7): its number from the company's pattern, and which approval
// it needs — the desk's, or risk's when it is large, beyond the counterparty's credit or under the
// house's sales basis.

import Decimal from 'decimal.js';
import type { ContractSide } from './pricing.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** Seed of the contract-number setting: CG202611-0001 for a purchase signed in November 2026. */
export const CONTRACT_NO_PATTERN_SEED = '{side}{yyyy}{mm}-{seq}';

const SIDE_PREFIX: Readonly<Record<ContractSide, string>> = { purchase: 'CG', sale: 'XS' };

/** The tokens a contract-number pattern may use. */
export const CONTRACT_NO_TOKENS = ['{side}', '{yyyy}', '{yy}', '{mm}', '{dd}', '{seq}'] as const;

/** A pattern is usable when it numbers (has {seq}) and uses only known tokens. */
export function isContractNoPattern(pattern: string): boolean {
  const tokens = pattern.match(/\{[^}]*\}/g) ?? [];
  return (
    pattern.includes('{seq}') &&
    tokens.every((token) => (CONTRACT_NO_TOKENS as readonly string[]).includes(token)) &&
    pattern.length <= 24
  );
}

/**
 * The counter key of a contract number (the pattern expanded up to {seq}: numbers restart per prefix) and
 * the number itself for a sequence value.
 */
export function contractNumber(
  pattern: string,
  side: ContractSide,
  signDate: string,
): { prefix: string; format(seq: number): string } {
  const [yyyy, mm, dd] = signDate.split('-') as [string, string, string];
  const expand = (text: string) =>
    text
      .replaceAll('{side}', SIDE_PREFIX[side])
      .replaceAll('{yyyy}', yyyy)
      .replaceAll('{yy}', yyyy.slice(2))
      .replaceAll('{mm}', mm)
      .replaceAll('{dd}', dd);
  const [head = '', tail = ''] = pattern.split('{seq}');
  const prefix = expand(head);
  return { prefix, format: (seq) => `${prefix}${String(seq).padStart(4, '0')}${expand(tail)}` };
}

export interface ApprovalFacts {
  side: ContractSide;
  tonnage: DecimalText;
  /** The desk approves up to this tonnage (a setting). */
  deskLimitTonnes: DecimalText;
  /**
   * The counterparty's credit headroom before this contract (limit − receivables − unpriced exposure −
   * margin shortfall, see credit.ts), CNY; null: no limit set (not checked).
   */
  creditHeadroom: DecimalText | null;
  /** This contract's value, CNY. */
  contractValue: DecimalText;
  /** The sale's basis and the house's sales basis for its grade, warehouse and month (null: none quoted). */
  basis: DecimalText | null;
  sheetBasis: DecimalText | null;
}

export interface ApprovalRoute {
  level: 'desk' | 'risk';
  /** Why risk must approve, in words, for the approver. */
  reasons: string[];
}

/** Which approval a submitted contract needs, and why. */
export function contractApprovalRoute(facts: ApprovalFacts): ApprovalRoute {
  const reasons: string[] = [];
  if (new Decimal(facts.tonnage).greaterThan(facts.deskLimitTonnes))
    reasons.push(
      `数量 ${new Decimal(facts.tonnage).toFixed(4)} 吨超过业务审批限额 ${facts.deskLimitTonnes} 吨`,
    );
  if (facts.side === 'sale' && facts.creditHeadroom !== null) {
    const headroom = new Decimal(facts.creditHeadroom);
    const value = new Decimal(facts.contractValue).toFixed(2);
    if (headroom.isNegative())
      reasons.push(`合同金额 ${value} 元，客户已超出授信额度 ${headroom.negated().toFixed(2)} 元`);
    else if (headroom.lessThan(facts.contractValue))
      reasons.push(`合同金额 ${value} 元超过客户剩余授信 ${headroom.toFixed(2)} 元`);
  }
  if (facts.side === 'sale' && facts.basis !== null && facts.sheetBasis !== null) {
    if (new Decimal(facts.basis).lessThan(facts.sheetBasis))
      reasons.push(
        `基差 ${new Decimal(facts.basis).toFixed(2)} 低于销售基差表 ${new Decimal(facts.sheetBasis).toFixed(2)} 元/吨`,
      );
  }
  return { level: reasons.length > 0 ? 'risk' : 'desk', reasons };
}

// ── Split and combine (拆分 / 合并) ─────────────────────────────────────────────────────────────────────

/** A fixing as carried into a split part or a combined contract. */
export interface CarriedFixing {
  tonnage: DecimalText;
  futuresPrice: DecimalText;
  /** The fixing a share was taken from (passed through). */
  id?: string;
}

export interface SplitParts {
  /** The first part's tonnage and the fixings it carries (each a share of one of the source's fixings). */
  first: { tonnage: string; fixed: string; fixings: CarriedFixing[] };
  second: { tonnage: string; fixed: string; fixings: CarriedFixing[] };
}

const TONNE_STEP = new Decimal('0.0001');
const t4 = (value: Decimal.Value) => new Decimal(value).toFixed(4);

/**
 * Splits a contract of `tonnage` with its `fixings` into a first part of `firstTonnage` and the rest. The
 * fixed tonnage is apportioned by tonnage (the first part gets fixed × first ÷ tonnage, to the kg, never more
 * than either part holds), and every fixing is shared in that proportion, so each part keeps the source's
 * average fixed price. A fixing's share of 0 is left out.
 */
export function splitContractFixings(
  tonnage: DecimalText,
  fixings: readonly CarriedFixing[],
  firstTonnage: DecimalText,
): SplitParts | Problem {
  const whole = new Decimal(tonnage);
  const first = new Decimal(firstTonnage);
  if (first.decimalPlaces() > 4) return problem('split.precision', '拆分数量最多 4 位小数（千克）');
  if (first.lessThanOrEqualTo(0) || first.greaterThanOrEqualTo(whole))
    return problem(
      'split.tonnage',
      `拆出数量必须大于 0 且小于合同数量 ${t4(whole)} 吨（两份合同数量之和等于原合同）`,
    );
  const second = whole.minus(first);
  const fixed = fixings.reduce((sum, f) => sum.plus(f.tonnage), new Decimal(0));
  if (fixed.greaterThan(whole))
    return problem('split.overFixed', `已点价 ${t4(fixed)} 吨超过合同数量 ${t4(whole)} 吨`);
  // The first part's share of what is fixed, within what each part can hold.
  const target = Decimal.min(
    first,
    fixed,
    Decimal.max(
      fixed.minus(second),
      fixed.times(first).dividedBy(whole).toDecimalPlaces(4, Decimal.ROUND_HALF_UP),
    ),
  );
  const shares = fixings.map((f) =>
    fixed.isZero()
      ? new Decimal(0)
      : new Decimal(f.tonnage).times(target).dividedBy(fixed).toDecimalPlaces(4, Decimal.ROUND_DOWN),
  );
  // What rounding down left over goes, a kilogram at a time, to the fixings that still have room.
  let left = target.minus(shares.reduce((sum, s) => sum.plus(s), new Decimal(0)));
  for (let i = 0; left.greaterThan(0) && i < shares.length * 10000; i += 1) {
    const at = i % shares.length;
    if (shares[at]!.lessThan(fixings[at]!.tonnage)) {
      shares[at] = shares[at]!.plus(TONNE_STEP);
      left = left.minus(TONNE_STEP);
    }
  }
  const part = (size: Decimal, carried: CarriedFixing[]) => ({
    tonnage: t4(size),
    fixed: t4(carried.reduce((sum, f) => sum.plus(f.tonnage), new Decimal(0))),
    fixings: carried,
  });
  const firstFixings: CarriedFixing[] = [];
  const secondFixings: CarriedFixing[] = [];
  fixings.forEach((f, i) => {
    const mine = shares[i]!;
    const rest = new Decimal(f.tonnage).minus(mine);
    if (mine.greaterThan(0)) firstFixings.push({ ...f, tonnage: t4(mine) });
    if (rest.greaterThan(0)) secondFixings.push({ ...f, tonnage: t4(rest) });
  });
  return { first: part(first, firstFixings), second: part(second, secondFixings) };
}

/** What must be the same for contracts to be combined into one. */
export interface CombinedContractTerms {
  contractNo: string;
  partnerId: string;
  side: string;
  kind: string;
  futuresMonth: string | null;
  basis: DecimalText | null;
  cropYear: string | null;
  /** Σ quality premiums of the contract: the combined price adds one, so it must be the same. */
  qualityPremium?: DecimalText | null;
  tonnage: DecimalText;
  fixings: readonly CarriedFixing[];
}

const COMBINED_TERMS = [
  ['partnerId', '交易对手'],
  ['side', '购销方向'],
  ['kind', '合同类型'],
  ['futuresMonth', '期货合约月份'],
  ['basis', '基差'],
  ['cropYear', '棉花年度'],
  ['qualityPremium', '品质升贴水'],
] as const;

const sameTerm = (a: unknown, b: unknown) => {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  const x = String(a);
  const y = String(b);
  return /^-?\d+(\.\d+)?$/.test(x) && /^-?\d+(\.\d+)?$/.test(y) ? new Decimal(x).equals(y) : x === y;
};

/**
 * Combines two or more contracts of the same counterparty, side, kind, futures month, basis, crop year and
 * quality premium:
 * the tonnages add up and every fixing is carried over, so the average fixed price is the tonnage-weighted
 * average of theirs.
 */
export function combineContracts(
  contracts: readonly CombinedContractTerms[],
): { tonnage: string; fixed: string; averageFixedPrice: string | null; fixings: CarriedFixing[] } | Problem {
  if (contracts.length < 2) return problem('combine.count', '合并需要至少两份合同');
  const [head, ...rest] = contracts as [CombinedContractTerms, ...CombinedContractTerms[]];
  for (const other of rest)
    for (const [key, word] of COMBINED_TERMS)
      if (!sameTerm(head[key], other[key]))
        return problem(
          'combine.terms',
          `合同 ${other.contractNo} 的${word}（${other[key] ?? '—'}）与合同 ${head.contractNo}（${head[key] ?? '—'}）不同，不能合并`,
        );
  const fixings = contracts.flatMap((c) => c.fixings);
  const fixed = fixings.reduce((sum, f) => sum.plus(f.tonnage), new Decimal(0));
  const weighted = fixings.reduce(
    (sum, f) => sum.plus(new Decimal(f.futuresPrice).times(f.tonnage)),
    new Decimal(0),
  );
  return {
    tonnage: t4(contracts.reduce((sum, c) => sum.plus(c.tonnage), new Decimal(0))),
    fixed: t4(fixed),
    averageFixedPrice: fixed.isZero()
      ? null
      : weighted.dividedBy(fixed).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    fixings: fixings.map((f) => ({ ...f, tonnage: t4(f.tonnage) })),
  };
}
