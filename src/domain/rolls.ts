// Rolls and transfers of futures positions (domain.md §3 移仓, §5): a roll closes lots of a position in one
// month and opens the same lots on the same side in another, both legs priced, and rolls the basis contracts
// hedged by them price-neutrally (B_new = B_old + (F_old − F_new): the unit price F + B + QA stays); a
// transfer closes lots in one book (or team) and opens them in another at one stated price.

import Decimal from 'decimal.js';
import { type ContractKind, contractUnitPrice, isPricedLater, rollBasis } from './pricing.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** The side of a position: buy = long, sell = short. */
export type PositionSide = 'buy' | 'sell';

/** One trade of a roll or transfer: the close of the position or the open of its replacement. */
export interface PositionLeg {
  month: string;
  /** The trade's own side: a long is closed by a sell and opened by a buy. */
  side: PositionSide;
  effect: 'open' | 'close';
  lots: number;
  price: string;
}

/** A basis contract as a roll reads it. */
export interface RollContract {
  id: string;
  contractNo: string;
  kind: ContractKind | string;
  futuresMonth: string | null;
  basis: DecimalText | null;
  qualityPremium?: DecimalText | null;
  tonnage: DecimalText;
  fixedTonnage: DecimalText;
}

/** A linked contract rolled: its basis before and after, and its unit price at the roll's prices. */
export interface RolledContract {
  id: string;
  contractNo: string;
  tonnage: string;
  oldBasis: string;
  newBasis: string;
  /** F_old + B_old + QA. */
  unitPriceBefore: string;
  /** F_new + B_new + QA: equal to the price before (price-neutral). */
  unitPriceAfter: string;
}

export interface RollRequest {
  fromMonth: string;
  toMonth: string;
  /** The side of the position rolled. */
  side: PositionSide;
  lots: number;
  fromPrice: DecimalText;
  toPrice: DecimalText;
  /** Open lots of that side in the from month (in the roll's book). */
  openLots: number;
  contracts: readonly RollContract[];
  /** Tonnes per lot on the roll's day (the versioned setting futuresLotTonnes). */
  lotTonnes: DecimalText;
}

export interface RollPlan {
  closeLeg: PositionLeg;
  openLeg: PositionLeg;
  contracts: RolledContract[];
  /** Tonnes of the linked contracts, at most lots × 5. */
  contractTonnage: string;
}

const opposite = (side: PositionSide): PositionSide => (side === 'buy' ? 'sell' : 'buy');
const sideWord = (side: PositionSide) => (side === 'buy' ? '多头' : '空头');

/** The close and open legs of moving `lots` of a position at the two prices. */
export function positionLegs(
  side: PositionSide,
  lots: number,
  from: { month: string; price: DecimalText },
  to: { month: string; price: DecimalText },
): { closeLeg: PositionLeg; openLeg: PositionLeg } {
  return {
    closeLeg: {
      month: from.month,
      side: opposite(side),
      effect: 'close',
      lots,
      price: new Decimal(from.price).toFixed(2),
    },
    openLeg: { month: to.month, side, effect: 'open', lots, price: new Decimal(to.price).toFixed(2) },
  };
}

/** Whole lots, at least one. */
const checkLots = (lots: number): Problem | undefined =>
  Number.isInteger(lots) && lots >= 1 ? undefined : problem('rolls.lots', '手数必须是不少于 1 的整数');

/**
 * A roll: refused when the months are equal, the lots exceed the open position of that side in the from
 * month, a price is not positive, or a linked contract is not an unpriced basis contract on the from month
 * (or is named twice), or the contracts together exceed the lots' tonnes (lots × 5).
 */
export function planRoll(request: RollRequest): RollPlan | Problem {
  const { fromMonth, toMonth, side, lots } = request;
  if (fromMonth === toMonth)
    return problem('rolls.sameMonth', `移出与移入月份相同（${fromMonth}），请选择另一个合约月份`);
  const wrongLots = checkLots(lots);
  if (wrongLots) return wrongLots;
  if (!new Decimal(request.fromPrice).greaterThan(0) || !new Decimal(request.toPrice).greaterThan(0))
    return problem('rolls.price', '移出价与移入价必须大于 0');
  if (lots > request.openLots)
    return problem(
      'rolls.exceedsOpen',
      `移仓 ${lots} 手超过 ${fromMonth} ${sideWord(side)}持仓 ${request.openLots} 手`,
      { lots, open: request.openLots },
    );
  const seen = new Set<string>();
  const contracts: RolledContract[] = [];
  let tonnage = new Decimal(0);
  for (const contract of request.contracts) {
    if (seen.has(contract.id))
      return problem('rolls.contractTwice', `合同 ${contract.contractNo} 重复关联`, {
        contract: contract.contractNo,
      });
    seen.add(contract.id);
    if (!isPricedLater(String(contract.kind)) || contract.basis === null)
      return problem('rolls.notBasis', `合同 ${contract.contractNo} 不按基差定价，不能随仓移月`, {
        contract: contract.contractNo,
      });
    if (contract.futuresMonth !== fromMonth)
      return problem(
        'rolls.otherMonth',
        `合同 ${contract.contractNo} 的期货合约是 ${contract.futuresMonth ?? '—'}，不是移出月份 ${fromMonth}`,
        { contract: contract.contractNo },
      );
    if (!new Decimal(contract.fixedTonnage).isZero())
      return problem('rolls.priced', `合同 ${contract.contractNo} 已有点价，只有未点价的合同可以移月`, {
        contract: contract.contractNo,
      });
    tonnage = tonnage.plus(contract.tonnage);
    const newBasis = rollBasis(contract.basis, request.fromPrice, request.toPrice);
    const premium = contract.qualityPremium ?? '0';
    contracts.push({
      id: contract.id,
      contractNo: contract.contractNo,
      tonnage: new Decimal(contract.tonnage).toFixed(4),
      oldBasis: new Decimal(contract.basis).toFixed(2),
      newBasis,
      unitPriceBefore: contractUnitPrice({
        futuresPrice: request.fromPrice,
        basis: contract.basis,
        qualityPremium: premium,
      }),
      unitPriceAfter: contractUnitPrice({
        futuresPrice: request.toPrice,
        basis: newBasis,
        qualityPremium: premium,
      }),
    });
  }
  const covered = new Decimal(request.lotTonnes).times(lots);
  if (tonnage.greaterThan(covered))
    return problem(
      'rolls.tonnage',
      `关联合同共 ${tonnage.toFixed(4)} 吨，超过移仓 ${lots} 手的 ${covered.toFixed(4)} 吨`,
      { tonnage: tonnage.toFixed(4), lots },
    );
  return {
    ...positionLegs(
      side,
      lots,
      { month: fromMonth, price: request.fromPrice },
      { month: toMonth, price: request.toPrice },
    ),
    contracts,
    contractTonnage: tonnage.toFixed(4),
  };
}

export interface TransferRequest {
  month: string;
  side: PositionSide;
  lots: number;
  price: DecimalText;
  /** Open lots of that side in the month in the source book. */
  openLots: number;
  /** Source and target account ids: a transfer moves lots between two accounts. */
  sourceAccount: string;
  targetAccount: string;
}

/**
 * A transfer between books or teams: a close in the source and an open in the target, same month, side,
 * lots and stated price. Refused when source and target are one account, the lots exceed the source's
 * position, or the price is not positive.
 */
export function planTransfer(
  request: TransferRequest,
): { closeLeg: PositionLeg; openLeg: PositionLeg } | Problem {
  if (request.sourceAccount === request.targetAccount)
    return problem('rolls.sameAccount', '转出与转入账户相同，请选择另一个账户');
  const wrongLots = checkLots(request.lots);
  if (wrongLots) return wrongLots;
  if (!new Decimal(request.price).greaterThan(0)) return problem('rolls.price', '移盘价必须大于 0');
  if (request.lots > request.openLots)
    return problem(
      'rolls.exceedsOpen',
      `移盘 ${request.lots} 手超过 ${request.month} ${sideWord(request.side)}持仓 ${request.openLots} 手`,
      { lots: request.lots, open: request.openLots },
    );
  const at = { month: request.month, price: request.price };
  return positionLegs(request.side, request.lots, at, at);
}
