// Futures positions, hedging and exposure (domain.md §3, §5): close-out matching of CF trades (FIFO) with
// the realised P&L of each matched lot, the open position per month, the hedge lots of a sequence of
// fixings with their tails pooled until they make whole lots, the exposure figures and the mark-to-market
// of each instrument. The lot size (tonnes per lot) is the exchange's versioned setting `futuresLotTonnes`,
// passed in by the caller as in force on the relevant day (5 t today); prices are CNY per tonne.

import Decimal from 'decimal.js';
import { toFen } from './money.ts';
import { type ContractSide, isPricedLater } from './pricing.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

export type TradeSide = 'buy' | 'sell';
export type TradeEffect = 'open' | 'close';

/** +1 for a long (bought) position, −1 for a short (sold) one. */
export const positionSign = (side: TradeSide): number => (side === 'buy' ? 1 : -1);

/** A futures trade as the matching reads it, in the order it was done. */
export interface FuturesFill {
  id: string;
  month: string;
  side: TradeSide;
  effect: TradeEffect;
  lots: number;
  price: DecimalText;
  /**
   * Tonnes per lot in force on the trade's day; a close-out's realised P&L uses its closing trade's. When
   * absent, the lot size given to the matching.
   */
  lotTonnes?: DecimalText;
}

/** Lots of one opening trade still open. */
export interface OpenLots {
  tradeId: string;
  month: string;
  /** The side of the opening trade: buy = long, sell = short. */
  side: TradeSide;
  lots: number;
  price: string;
}

/** Lots of a closing trade matched against lots of an opening one. */
export interface CloseOut {
  closeTradeId: string;
  openTradeId: string;
  month: string;
  /** The side of the position closed (the opening trade's). */
  positionSide: TradeSide;
  lots: number;
  openPrice: string;
  closePrice: string;
  /** side × (close − open) × lot tonnes × lots, to the fen. */
  realisedPnl: string;
}

export interface Matching {
  closeOuts: CloseOut[];
  open: OpenLots[];
}

/** Realised P&L of lots closed: side × (close − open) × lot tonnes × lots. */
export function realisedPnl(
  positionSide: TradeSide,
  openPrice: DecimalText,
  closePrice: DecimalText,
  lots: number,
  lotTonnes: DecimalText,
): string {
  return toFen(
    new Decimal(closePrice).minus(openPrice).times(positionSign(positionSide)).times(lotTonnes).times(lots),
  );
}

/** Which open lots a close takes first: the oldest (FIFO, the default) or the newest (LIFO). */
export type CloseOutMethod = 'fifo' | 'lifo';

/**
 * FIFO close-out: each closing trade closes the oldest open lots of the opposite position in its month (a
 * sell closes longs, a buy closes shorts). Refused when a close is larger than the position it closes.
 */
export const matchFifo = (trades: readonly FuturesFill[], lotTonnes: DecimalText): Matching | Problem =>
  matchCloseOuts(trades, 'fifo', lotTonnes);

/**
 * Close-out matching by the method given: FIFO takes the oldest open lots first, LIFO the newest. A close's
 * realised P&L uses its own `lotTonnes`, else the `lotTonnes` given.
 */
export function matchCloseOuts(
  trades: readonly FuturesFill[],
  method: CloseOutMethod,
  lotTonnes: DecimalText,
): Matching | Problem {
  const open: OpenLots[] = [];
  // The open lots of each month and side in trade order, those used up before `head` (FIFO) or dropped from
  // the end (LIFO): a close looks at the lots it can take, not at every lot opened before it.
  const queues = new Map<string, { lots: OpenLots[]; head: number }>();
  const queueOf = (month: string, side: TradeSide) => {
    const key = `${month} ${side}`;
    const queue = queues.get(key) ?? { lots: [], head: 0 };
    queues.set(key, queue);
    return queue;
  };
  const closeOuts: CloseOut[] = [];
  for (const trade of trades) {
    if (trade.effect === 'open') {
      const lot = {
        tradeId: trade.id,
        month: trade.month,
        side: trade.side,
        lots: trade.lots,
        price: new Decimal(trade.price).toFixed(2),
      };
      open.push(lot);
      queueOf(trade.month, trade.side).lots.push(lot);
      continue;
    }
    const positionSide: TradeSide = trade.side === 'sell' ? 'buy' : 'sell';
    const queue = queueOf(trade.month, positionSide);
    if (method === 'lifo') while (queue.lots.length > 0 && queue.lots.at(-1)!.lots === 0) queue.lots.pop();
    else while (queue.head < queue.lots.length && queue.lots[queue.head]!.lots === 0) queue.head += 1;
    let remaining = trade.lots;
    const count = queue.lots.length - (method === 'lifo' ? 0 : queue.head);
    for (let n = 0; n < count && remaining > 0; n++) {
      const lot = queue.lots[method === 'lifo' ? queue.lots.length - 1 - n : queue.head + n]!;
      if (lot.lots === 0) continue;
      const lots = Math.min(lot.lots, remaining);
      lot.lots -= lots;
      remaining -= lots;
      closeOuts.push({
        closeTradeId: trade.id,
        openTradeId: lot.tradeId,
        month: trade.month,
        positionSide,
        lots,
        openPrice: lot.price,
        closePrice: new Decimal(trade.price).toFixed(2),
        realisedPnl: realisedPnl(positionSide, lot.price, trade.price, lots, trade.lotTonnes ?? lotTonnes),
      });
    }
    if (remaining > 0)
      return problem(
        'positions.closeExceedsOpen',
        `平仓 ${trade.lots} 手超过 ${trade.month} ${positionSide === 'buy' ? '多头' : '空头'}持仓（差 ${remaining} 手）`,
        { month: trade.month, lots: trade.lots, missing: remaining },
      );
  }
  return { closeOuts, open: open.filter((lot) => lot.lots > 0) };
}

/** The open position of one month. */
export interface MonthPosition {
  month: string;
  longLots: number;
  shortLots: number;
  /** Lot-weighted average open price of the longs (null when none). */
  longAveragePrice: string | null;
  shortAveragePrice: string | null;
  netLots: number;
}

const average = (lots: readonly OpenLots[]): string | null => {
  const count = lots.reduce((sum, lot) => sum + lot.lots, 0);
  if (count === 0) return null;
  const total = lots.reduce((sum, lot) => sum.plus(new Decimal(lot.price).times(lot.lots)), new Decimal(0));
  return total.dividedBy(count).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
};

/** Long and short lots with their average open price, per month (months in order). */
export function openPositionByMonth(open: readonly OpenLots[]): MonthPosition[] {
  const months = [...new Set(open.map((lot) => lot.month))].sort();
  return months.map((month) => {
    const longs = open.filter((lot) => lot.month === month && lot.side === 'buy');
    const shorts = open.filter((lot) => lot.month === month && lot.side === 'sell');
    const longLots = longs.reduce((sum, lot) => sum + lot.lots, 0);
    const shortLots = shorts.reduce((sum, lot) => sum + lot.lots, 0);
    return {
      month,
      longLots,
      shortLots,
      longAveragePrice: average(longs),
      shortAveragePrice: average(shorts),
      netLots: longLots - shortLots,
    };
  });
}

/** A fixing as hedging reads it: the direction its hedge trades and the tonnes fixed. */
export interface HedgeFixing {
  id: string;
  month: string;
  direction: TradeSide;
  tonnage: DecimalText;
}

export interface PooledHedge {
  fixingId: string;
  month: string;
  direction: TradeSide;
  /** Whole lots this fixing completes, its own tonnes and the pooled tail together. */
  lots: number;
  /** Tonnes in the pool (same month and direction) after this fixing, less than one lot. */
  pooledTail: string;
}

/**
 * Hedge lots of fixings in order, the tails below a lot pooled across contracts (per month and direction)
 * until they make whole lots: after each fixing the pool holds cumulative tonnes − 5 × lots traded so far.
 * Fixings of 7 t, 4 t, 4 t (one month, one direction): 1 lot (tail 2), 1 lot (2 + 4 = 6: tail 1), 1 lot
 * (1 + 4 = 5: tail 0).
 */
export function pooledHedgeLots(
  fixings: readonly HedgeFixing[],
  openingTails: Readonly<Record<string, DecimalText>>,
  lotTonnes: DecimalText,
): PooledHedge[] {
  const pools = new Map<string, Decimal>();
  for (const [key, tail] of Object.entries(openingTails)) pools.set(key, new Decimal(tail));
  return fixings.map((fixing) => {
    const key = hedgePoolKey(fixing.month, fixing.direction);
    const pooled = (pools.get(key) ?? new Decimal(0)).plus(fixing.tonnage);
    const lots = pooled.dividedToIntegerBy(lotTonnes).toNumber();
    const tail = pooled.minus(new Decimal(lotTonnes).times(lots));
    pools.set(key, tail);
    return {
      fixingId: fixing.id,
      month: fixing.month,
      direction: fixing.direction,
      lots,
      pooledTail: tail.toFixed(4),
    };
  });
}

/** The key of a tail pool: one per month and direction. */
export const hedgePoolKey = (month: string, direction: TradeSide): string => `${month}:${direction}`;

/** A contract as the exposure reads it. */
export interface ExposureContract {
  side: ContractSide;
  /** spot, provisional: priced whole when signed; basis, deferred: priced as they are fixed (absent: the latter). */
  kind?: string;
  tonnage: DecimalText;
  fixedTonnage: DecimalText;
  /** Tonnes already delivered (the priced open part is priced − delivered, never below 0). */
  deliveredTonnage?: DecimalText;
}

const pricedLater = (contract: ExposureContract) =>
  contract.kind === undefined || isPricedLater(contract.kind);

/**
 * What a contract leaves unpriced: W − W_fixed for a contract priced later (never below 0); nothing for a
 * spot contract, whose price is in it (issue 21: a spot sale of 100 t counted 100 t unpriced).
 */
export const contractUnpricedTonnes = (contract: ExposureContract): Decimal =>
  pricedLater(contract)
    ? Decimal.max(0, new Decimal(contract.tonnage).minus(contract.fixedTonnage))
    : new Decimal(0);

/** Unpriced tonnes Σ(W − W_fixed), sales and purchases apart (spot contracts leave none). */
export function unpricedTonnes(contracts: readonly ExposureContract[]): { sales: string; purchases: string } {
  let sales = new Decimal(0);
  let purchases = new Decimal(0);
  for (const contract of contracts) {
    const open = contractUnpricedTonnes(contract);
    if (contract.side === 'sale') sales = sales.plus(open);
    else purchases = purchases.plus(open);
  }
  return { sales: sales.toFixed(4), purchases: purchases.toFixed(4) };
}

/**
 * Priced tonnes not yet delivered, never below 0: fixed − delivered for a contract priced later, W −
 * delivered for a spot one (a sale of 100 t fixed 60 t with 40 t out: 20 t; a spot sale of 100 t with 30 t
 * out: 70 t). Delivered tonnes are the stock's no more: a sale's left the house, a purchase's are in it.
 */
export const pricedOpenTonnes = (contract: ExposureContract): Decimal =>
  Decimal.max(
    0,
    new Decimal(pricedLater(contract) ? contract.fixedTonnage : contract.tonnage).minus(
      contract.deliveredTonnage ?? 0,
    ),
  );

/** Priced physical long = inventory + priced open purchases − priced open sales. */
export function pricedPhysicalLong(
  inventoryTonnes: DecimalText,
  contracts: readonly ExposureContract[],
): string {
  let total = new Decimal(inventoryTonnes);
  for (const contract of contracts)
    total =
      contract.side === 'purchase'
        ? total.plus(pricedOpenTonnes(contract))
        : total.minus(pricedOpenTonnes(contract));
  return total.toFixed(4);
}

/** Futures net tonnes = lot tonnes × (long lots − short lots). */
export const futuresNetTonnes = (longLots: number, shortLots: number, lotTonnes: DecimalText): string =>
  new Decimal(lotTonnes).times(longLots - shortLots).toFixed(4);

export interface Exposure {
  unpricedSales: string;
  unpricedPurchases: string;
  pricedPhysicalLong: string;
  futuresNetTonnes: string;
  /** Priced physical long + futures net (target ≈ 0). */
  netExposure: string;
  /** −futures net / priced physical long, 4 decimals; null when there is no physical long. */
  hedgeRatio: string | null;
}

/** The exposure figures of domain.md §5 for one month (or any group). */
export function exposure(input: {
  inventoryTonnes: DecimalText;
  contracts: readonly ExposureContract[];
  longLots: number;
  shortLots: number;
  /** Tonnes per lot in force on the day of the figures. */
  lotTonnes: DecimalText;
}): Exposure {
  const unpriced = unpricedTonnes(input.contracts);
  return exposureOfTotals({
    unpricedSales: unpriced.sales,
    unpricedPurchases: unpriced.purchases,
    pricedPhysicalLong: pricedPhysicalLong(input.inventoryTonnes, input.contracts),
    longLots: input.longLots,
    shortLots: input.shortLots,
    lotTonnes: input.lotTonnes,
  });
}

/** Tonnes of a group of contracts summed per side, as the database adds them up. */
export interface ContractTotals {
  side: ContractSide;
  /** Σ max(0, W − W_fixed). */
  unpricedTonnes: DecimalText;
  /** Σ priced open tonnes (max(0, W_fixed − W_delivered)). */
  pricedOpenTonnes: DecimalText;
}

/**
 * The exposure figures from tonnes already summed per side (the sums of the contracts as `exposure` reads
 * them one by one): inventory + priced open purchases − priced open sales is the priced physical long.
 */
export function exposureOfContractTotals(input: {
  inventoryTonnes: DecimalText;
  totals: readonly ContractTotals[];
  longLots: number;
  shortLots: number;
  /** Tonnes per lot in force on the day of the figures. */
  lotTonnes: DecimalText;
}): Exposure {
  let sales = new Decimal(0);
  let purchases = new Decimal(0);
  let physical = new Decimal(input.inventoryTonnes);
  for (const total of input.totals) {
    if (total.side === 'sale') {
      sales = sales.plus(total.unpricedTonnes);
      physical = physical.minus(total.pricedOpenTonnes);
    } else {
      purchases = purchases.plus(total.unpricedTonnes);
      physical = physical.plus(total.pricedOpenTonnes);
    }
  }
  return exposureOfTotals({
    unpricedSales: sales.toFixed(4),
    unpricedPurchases: purchases.toFixed(4),
    pricedPhysicalLong: physical.toFixed(4),
    longLots: input.longLots,
    shortLots: input.shortLots,
    lotTonnes: input.lotTonnes,
  });
}

function exposureOfTotals(input: {
  unpricedSales: string;
  unpricedPurchases: string;
  pricedPhysicalLong: DecimalText;
  longLots: number;
  shortLots: number;
  /** Tonnes per lot in force on the day of the figures. */
  lotTonnes: DecimalText;
}): Exposure {
  const physical = new Decimal(input.pricedPhysicalLong);
  const futures = new Decimal(futuresNetTonnes(input.longLots, input.shortLots, input.lotTonnes));
  return {
    unpricedSales: input.unpricedSales,
    unpricedPurchases: input.unpricedPurchases,
    pricedPhysicalLong: physical.toFixed(4),
    futuresNetTonnes: futures.toFixed(4),
    netExposure: physical.plus(futures).toFixed(4),
    hedgeRatio: physical.isZero()
      ? null
      : futures.negated().dividedBy(physical).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
  };
}

/** MTM futures = side × (S − P_open) × lot tonnes × lots. */
export const futuresMtm = (
  side: TradeSide,
  settlement: DecimalText,
  openPrice: DecimalText,
  lots: number,
  lotTonnes: DecimalText,
): string => realisedPnl(side, openPrice, settlement, lots, lotTonnes);

/** The market of a month: settlement S, market basis B_mkt, quality adjustment QA. */
export interface MarketPrice {
  settlement: DecimalText;
  marketBasis: DecimalText;
  qualityAdjustment?: DecimalText;
}

const marketValue = (market: MarketPrice): Decimal =>
  new Decimal(market.settlement).plus(market.marketBasis).plus(market.qualityAdjustment ?? 0);

/**
 * MTM inventory on one tax footing (domain.md §5): ((S + B_mkt + QA) / (1 + r_VAT) − unit cost excl. VAT) × W —
 * the market is quoted tax-inclusive, the cost is kept excluding VAT (r_VAT 0: both as given).
 */
export const inventoryMtm = (
  market: MarketPrice,
  unitCost: DecimalText,
  tonnes: DecimalText,
  vatPercent: DecimalText = '0',
): string => toFen(marketValue(market).dividedBy(excludingVat(vatPercent)).minus(unitCost).times(tonnes));

/** 1 + r for a VAT rate in percent. */
const excludingVat = (vatPercent: DecimalText) => new Decimal(vatPercent).dividedBy(100).plus(1);

/**
 * MTM of an open priced contract: a purchase (S + B_mkt + QA − P) × W_open, a sale
 * (P − S − B_mkt − QA) × W_open.
 */
export function pricedContractMtm(
  side: ContractSide,
  market: MarketPrice,
  unitPrice: DecimalText,
  openTonnes: DecimalText,
): string {
  const difference = marketValue(market).minus(unitPrice);
  return toFen((side === 'purchase' ? difference : difference.negated()).times(openTonnes));
}

/** MTM of an unpriced contract: a sale (B − B_mkt) × W, a purchase (B_mkt − B) × W. */
export function unpricedContractMtm(
  side: ContractSide,
  basis: DecimalText,
  marketBasis: DecimalText,
  unpricedTonnage: DecimalText,
): string {
  const difference = new Decimal(basis).minus(marketBasis);
  return toFen((side === 'sale' ? difference : difference.negated()).times(unpricedTonnage));
}

/** The exposure of a month before and after a fixing, and after the hedge trade the fixing implies. */
export interface FixingExposure {
  before: Exposure;
  after: Exposure;
  /** After the hedge lots (⌊q/5⌋, a sale fixing buys, a purchase fixing sells) are traded too. */
  afterHedge: Exposure;
}

/**
 * What-if of a fixing: the month's exposure (domain.md §5) with `contracts[contract]` fixed `tonnage` more
 * (its priced open tonnes grow: a sale's lower the priced physical long, a purchase's raise it), and with the
 * hedge lots of the fixing traded. A sale of 100 t unpriced against 40 short lots: net −200 t before;
 * fixing 20 t makes the physical −20 t, net −220 t; buying back its 4 lots makes the futures −180 t, net −200 t.
 */
export function exposureAfterFixing(
  input: {
    inventoryTonnes: DecimalText;
    contracts: readonly ExposureContract[];
    longLots: number;
    shortLots: number;
    /** Tonnes per lot in force on the fixing's day. */
    lotTonnes: DecimalText;
  },
  fixing: { contract: number; tonnage: DecimalText },
): FixingExposure {
  const fixed = input.contracts[fixing.contract];
  if (!fixed) throw new Error(`No contract ${fixing.contract} in the month`);
  const contracts = input.contracts.map((contract, index) =>
    index === fixing.contract
      ? { ...contract, fixedTonnage: new Decimal(contract.fixedTonnage).plus(fixing.tonnage).toFixed(4) }
      : contract,
  );
  const lots = new Decimal(fixing.tonnage).dividedToIntegerBy(input.lotTonnes).toNumber();
  // A sale fixing buys back (net futures up), a purchase fixing sells (net futures down).
  const hedged =
    fixed.side === 'sale'
      ? { longLots: input.longLots + lots, shortLots: input.shortLots }
      : { longLots: input.longLots, shortLots: input.shortLots + lots };
  return {
    before: exposure(input),
    after: exposure({ ...input, contracts }),
    afterHedge: exposure({ ...input, contracts, ...hedged }),
  };
}

/**
 * The crop year a CF month's cotton belongs to, for exposure by crop year: the cotton year runs from 1
 * September to 31 August, so CF2609 and CF2705 are of 2026/27 and CF2607 of 2025/26 (as batches and
 * contracts write it). Undefined for a code that is not a market-writing CF month.
 */
export function cropYearOfFuturesMonth(code: string): string | undefined {
  const match = /^CF(\d{2})(0[13579]|11)$/.exec(code);
  if (!match) return undefined;
  const year = 2000 + Number(match[1]) - (Number(match[2]) < 9 ? 1 : 0);
  return `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * The CF month the stock is marked on: the nearest month priced in the table that is not before the day's
 * month (CF2605 on 2026-03-02 when CF2603 is not priced); undefined when none is.
 */
export function inventoryValuationMonth(day: string, pricedMonths: readonly string[]): string | undefined {
  const current = `CF${day.slice(2, 4)}${day.slice(5, 7)}`;
  return [...pricedMonths].filter((month) => /^CF\d{4}$/.test(month) && month >= current).sort()[0];
}

/** A stock batch as the inventory's mark reads it. */
export interface InventoryBatch {
  tonnes: DecimalText;
  /** Its unit cost excluding VAT (src/domain/batchCost.ts), CNY/t; null when unknown. */
  unitCost: DecimalText | null;
  /** Its quality adjustment from the premium table; null when a grade is not priced (not deliverable). */
  qualityAdjustment: DecimalText | null;
  /** The market basis of its warehouse on the valuation month; null when the sheet quotes none. */
  marketBasis: DecimalText | null;
}

/**
 * MTM of the stock at settlement S: Σ ((S + B_mkt + QA) / (1 + r_VAT) − unit cost) × W over the batches known
 * enough to be valued (each to the fen); the others are counted apart, never guessed: their MTM is null
 * (blank), and so is the total when none is valued.
 */
export function inventoryMark(
  settlement: DecimalText,
  batches: readonly InventoryBatch[],
  vatPercent: DecimalText = '0',
): {
  mtm: string | null;
  valued: number;
  valuedTonnes: string;
  unvalued: number;
  batches: (string | null)[];
} {
  let mtm = new Decimal(0);
  let tonnes = new Decimal(0);
  let valued = 0;
  const each = batches.map((batch) => {
    if (batch.unitCost === null || batch.qualityAdjustment === null || batch.marketBasis === null)
      return null;
    valued += 1;
    tonnes = tonnes.plus(batch.tonnes);
    const figure = inventoryMtm(
      { settlement, marketBasis: batch.marketBasis, qualityAdjustment: batch.qualityAdjustment },
      batch.unitCost,
      batch.tonnes,
      vatPercent,
    );
    mtm = mtm.plus(figure);
    return figure;
  });
  return {
    mtm: valued === 0 ? null : mtm.toFixed(2),
    valued,
    valuedTonnes: tonnes.toFixed(4),
    unvalued: batches.length - valued,
    batches: each,
  };
}
