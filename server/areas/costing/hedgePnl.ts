// The hedge book's realised P&L linked to purchase contracts (domain-money.md §6.1, decision 10: a management
// figure). A contract's hedge trades are those filling the hedge orders its fixings went into (a pooled order
// shares its trade by the fixings' tonnes) and those a person allocated to it (futures_allocations, by lots).
// A trade's realised P&L is that of its lots closed, matched by the close-out method in force (the same
// matching as the hedge book's own positions): an opening trade's close-outs, or a closing trade's. The rule
// is src/domain/profit.ts (linkedHedgePnl); each batch's share, allocatedHedgePnl in src/domain/batchCost.ts.
import Decimal from 'decimal.js';
import {
  type CloseOutMethod,
  type FuturesFill,
  type HedgeLink,
  isProblem,
  linkedHedgePnl,
  matchCloseOuts,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { lotTonnesOn } from '../../platform/exchange.ts';
import { settingOn } from '../../platform/settings.ts';
import { BUSINESS_TIME_ZONE } from '../../platform/time.ts';

const LOT_TONNES = (alias: string) =>
  `setting_on('futuresLotTonnes', (${alias}.traded_at at time zone '${BUSINESS_TIME_ZONE}')::date)`;

/** One hedge trade as the batch cost's drill-down shows it. */
export interface HedgeTrade {
  tradeNo: string;
  futuresMonth: string;
  side: string;
  effect: string;
  lots: number;
  price: string;
  /** The trade's realised P&L (its lots closed so far). */
  realisedPnl: string;
  tradeTonnes: string;
  linkedTonnes: string;
  /** How it is linked: through a fixing's hedge order, or allocated by a person. */
  via: 'fixing' | 'allocation';
}

export interface ContractHedge {
  /** Exact: rounded per batch only. */
  pnl: string;
  tonnes: string;
  trades: HedgeTrade[];
}

interface LinkRow {
  contractNo: string;
  tradeId: string;
  tradeNo: string;
  futuresMonth: string;
  side: string;
  effect: string;
  lots: number;
  price: string;
  tradeTonnes: string;
  linkedTonnes: string;
  via: 'fixing' | 'allocation';
}

async function linksOf(db: Queryable, contractNos: readonly string[]): Promise<LinkRow[]> {
  const trade = `t.id::text as "tradeId", coalesce(t.trade_no, t.id::text) as "tradeNo",
                 t.futures_month as "futuresMonth", t.side, t.effect, t.lots, t.price::text`;
  return db.query<LinkRow>(
    `select c.contract_no as "contractNo", ${trade}, o.tonnage::text as "tradeTonnes",
            hf.tonnage::text as "linkedTonnes", 'fixing' as via
       from hedge_fixings hf
       join contract_fixings f on f.id = hf.fixing_id
       join transaction_contracts c on c.id = f.contract_id
       join hedge_orders o on o.id = hf.order_id
       join futures_trades t on t.id = o.trade_id
      where c.side = 'purchase' and c.contract_no = any($1::text[]) and o.status = 'filled' and t.book = 'hedge'
     union all
     select c.contract_no, ${trade}, (t.lots * ${LOT_TONNES('t')}::numeric)::text,
            (a.lots * ${LOT_TONNES('t')}::numeric)::text, 'allocation'
       from futures_allocations a
       join transaction_contracts c on c.id = a.contract_id
       join futures_trades t on t.id = a.trade_id
      where c.side = 'purchase' and c.contract_no = any($1::text[]) and a.target = 'contract' and t.book = 'hedge'
      order by 1, 2`,
    [contractNos],
  );
}

/** Realised P&L of each trade named: its close-outs as opening trade and as closing trade. */
async function realisedOf(db: Queryable, day: string, links: readonly LinkRow[]) {
  const method: CloseOutMethod =
    (await settingOn(db, 'futuresCloseOutMethod', day)) === 'lifo' ? 'lifo' : 'fifo';
  const lotTonnes = await lotTonnesOn(db, day);
  const realised = new Map<string, Decimal>();
  for (const month of new Set(links.map((link) => link.futuresMonth))) {
    const trades = await db.query<FuturesFill>(
      `select t.id::text, t.futures_month as month, t.side, t.effect, t.lots, t.price::text,
              ${LOT_TONNES('t')} as "lotTonnes"
         from futures_trades t where t.book = 'hedge' and t.futures_month = $1 order by t.traded_at, t.id`,
      [month],
    );
    const matching = matchCloseOuts(trades, method, lotTonnes);
    if (isProblem(matching)) continue;
    for (const close of matching.closeOuts)
      for (const id of [close.openTradeId, close.closeTradeId])
        realised.set(id, (realised.get(id) ?? new Decimal(0)).plus(close.realisedPnl));
  }
  return (tradeId: string) => (realised.get(tradeId) ?? new Decimal(0)).toFixed(2);
}

/** The hedge P&L and tonnes linked to each purchase contract named (absent: none linked). */
export async function contractHedges(
  db: Queryable,
  day: string,
  contractNos: readonly string[],
): Promise<Map<string, ContractHedge>> {
  const hedges = new Map<string, ContractHedge>();
  if (contractNos.length === 0) return hedges;
  const links = await linksOf(db, [...new Set(contractNos)]);
  if (links.length === 0) return hedges;
  const realised = await realisedOf(db, day, links);
  const byContract = new Map<string, LinkRow[]>();
  for (const link of links)
    byContract.set(link.contractNo, [...(byContract.get(link.contractNo) ?? []), link]);
  for (const [contractNo, own] of byContract) {
    const trades = own.map(
      (link): HedgeTrade => ({
        tradeNo: link.tradeNo,
        futuresMonth: link.futuresMonth,
        side: link.side,
        effect: link.effect,
        lots: link.lots,
        price: new Decimal(link.price).toFixed(2),
        realisedPnl: realised(link.tradeId),
        tradeTonnes: new Decimal(link.tradeTonnes).toFixed(4),
        linkedTonnes: new Decimal(link.linkedTonnes).toFixed(4),
        via: link.via,
      }),
    );
    const links: HedgeLink[] = trades.map((t) => ({
      realisedPnl: t.realisedPnl,
      tradeTonnes: t.tradeTonnes,
      linkedTonnes: t.linkedTonnes,
    }));
    hedges.set(contractNo, { ...linkedHedgePnl(links), trades });
  }
  return hedges;
}
