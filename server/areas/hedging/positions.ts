// Positions and exposure (TradeTotal) from the open lots kept per opening trade and the realised P&L kept per
// book and month (FIFO, migration 033: rewritten when a trade of the book and month lands), the contracts'
// tonnes summed in the database and the price table, with the domain's rules (src/domain/positions.ts): per
// book and month the open lots with their average open price, realised P&L and MTM at the month's latest
// settlement; per month the figures of domain.md §5 with the hedge book's futures. Inventory has no month: it
// counts in the total only.

import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  type BookMonthPosition,
  type GroupExposure,
  type InventoryMark,
  type MonthExposure,
  POSITIONS_PATH,
  type PositionsAnswer,
} from '../../../src/areas/hedging/api.ts';
import { PROPERTY_STATES, UNSOLD_STATES } from '../../../src/areas/warehouse/index.ts';
import {
  type ContractTotals,
  cropYearOfFuturesMonth,
  type ExchangeMarginRates,
  exchangeMargin,
  exchangeMarginRate,
  exposureOfContractTotals,
  inventoryMark,
  inventoryValuationMonth,
  netRealisedPnl,
  PRICED_LATER,
  toFen,
} from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { lotTonnesOn } from '../../platform/exchange.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { ok } from '../../platform/http/envelope.ts';
import { calendarDay } from '../../platform/http/validation.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { unitCostsOn } from '../costing/index.ts';
import { latestPrice, marketBasis } from '../pricing/index.ts';
import type { Book } from './trades.ts';

/** The positions read from the open lots kept per book and month (migration 033), FIFO. */
interface BookMonthRow {
  book: Book;
  month: string;
  longLots: number;
  shortLots: number;
  longAveragePrice: string | null;
  shortAveragePrice: string | null;
  /** Σ side × open price × 5 × lots of the open lots: the MTM is side × S × 5 × lots less this. */
  openValue: string;
  realisedPnl: string;
  costs: string;
}

/** The contracts' tonnes per month and side, summed in the database, with the unpriced MTM at B_mkt. */
interface ContractTotalsRow extends ContractTotals {
  month: string | null;
  unpricedMtm: string | null;
}

async function priceOf(db: Queryable, month: string, day: string) {
  const latest = await latestPrice(db, month, day);
  return latest ? { price: latest.settlementPrice ?? latest.lastPrice, day: latest.tradeDate } : undefined;
}

/** The positions and exposure on a day (YYYY-MM-DD). */
export async function positionsOn(db: Queryable, day: string): Promise<PositionsAnswer> {
  const books = await db.query<BookMonthRow>(
    `select m.book, m.futures_month as month,
            coalesce(sum(l.lots) filter (where l.side = 'buy'), 0)::int as "longLots",
            coalesce(sum(l.lots) filter (where l.side = 'sell'), 0)::int as "shortLots",
            round(sum(l.price * l.lots) filter (where l.side = 'buy')
                  / nullif(sum(l.lots) filter (where l.side = 'buy'), 0), 2)::text as "longAveragePrice",
            round(sum(l.price * l.lots) filter (where l.side = 'sell')
                  / nullif(sum(l.lots) filter (where l.side = 'sell'), 0), 2)::text as "shortAveragePrice",
            coalesce(sum(case when l.side = 'buy' then 1 else -1 end * l.price * l.lots), 0)::text as "openValue",
            m.realised_pnl::text as "realisedPnl", m.costs::text as costs
       from futures_book_months m
       left join futures_open_lots l on l.book = m.book and l.futures_month = m.futures_month
      group by m.book, m.futures_month, m.realised_pnl, m.costs
      order by m.book, m.futures_month`,
  );
  const months = await db.query<{ month: string }>(
    `select distinct futures_month as month from transaction_contracts
      where status in ('approved', 'executing') and futures_month is not null`,
  );
  const allMonths = [...new Set([...months.map((m) => m.month), ...books.map((b) => b.month)])].sort();
  const prices = new Map<string, Awaited<ReturnType<typeof priceOf>>>();
  const bases = new Map<string, string | undefined>();
  for (const month of allMonths) {
    prices.set(month, await priceOf(db, month, day));
    bases.set(month, (await marketBasis(db, { month, day }))?.basis);
  }
  const rates: ExchangeMarginRates = {
    ordinaryPercent: await settingOn(db, 'exchangeMarginPercent', day),
    nearDeliveryPercent: await settingOn(db, 'exchangeMarginNearDeliveryPercent', day),
    deliveryMonthPercent: await settingOn(db, 'exchangeMarginDeliveryMonthPercent', day),
  };
  // Tonnes per lot in force on the day (issue 21: a versioned exchange setting, not a literal 5).
  const lotTonnes = await lotTonnesOn(db, day);
  const positions: BookMonthPosition[] = books.map((row) => {
    const price = prices.get(row.month);
    const rate = exchangeMarginRate(row.month, day, rates);
    return {
      book: row.book,
      month: row.month,
      longLots: row.longLots,
      shortLots: row.shortLots,
      longAveragePrice: row.longAveragePrice,
      shortAveragePrice: row.shortAveragePrice,
      price: price?.price ?? null,
      priceDate: price?.day ?? null,
      // Σ side × (S − P_open) × L × lots = L × (S × net lots − Σ side × P_open × lots)
      mtm: price
        ? new Decimal(price.price)
            .times(row.longLots - row.shortLots)
            .minus(row.openValue)
            .times(lotTonnes)
            .toFixed(2)
        : null,
      realisedPnl: new Decimal(row.realisedPnl).toFixed(2),
      costs: new Decimal(row.costs).toFixed(2),
      netRealisedPnl: netRealisedPnl(row.realisedPnl, row.costs),
      exchangeMarginRate: rate,
      exchangeMargin: price
        ? exchangeMargin(row.longLots + row.shortLots, lotTonnes, price.price, rate)
        : null,
    };
  });
  const priced = allMonths.filter((month) => bases.get(month) !== undefined);
  // Each contract in force once (its delivered tonnes by the one rule of migrations 046 and 105), summed per month,
  // crop year and team: a spot contract is priced whole, the priced open part is priced − delivered
  // (src/domain/positions.ts contractUnpricedTonnes, pricedOpenTonnes).
  const grouped = await db.query<
    ContractTotalsRow & { by: 'month' | 'cropYear' | 'team'; group: string | null }
  >(
    `with c as materialized (
       select c.futures_month, coalesce(c.crop_year, '') as crop_year, coalesce(d.name, '') as team, c.side,
              case when c.kind = any($3::text[]) then greatest(0, c.tonnage - c.fixed_tonnage) else 0 end as unpriced,
              greatest(0, case when c.kind = any($3::text[]) then c.fixed_tonnage else c.tonnage end
                          - coalesce(dl.tonnes, 0)) as priced_open,
              b.basis as market_basis,
              case when c.kind = any($3::text[]) and c.basis is not null and b.basis is not null
                   then round(case when c.side = 'sale' then 1 else -1 end * (c.basis - b.basis)
                              * greatest(0, c.tonnage - c.fixed_tonnage), 2) else 0 end as unpriced_mtm
         from transaction_contracts c
         left join users u on u.id = c.salesperson_id
         left join departments d on d.id = u.department_id
         left join unnest($1::text[], $2::numeric[]) as b(month, basis) on b.month = c.futures_month
         left join contract_deliveries dl on dl.contract_id = c.id
        where c.status in ('approved', 'executing'))
     select 'month' as by, futures_month as "group", side, sum(unpriced)::text as "unpricedTonnes",
            sum(priced_open)::text as "pricedOpenTonnes",
            case when bool_and(market_basis is null) then null else sum(unpriced_mtm)::text end as "unpricedMtm"
       from c group by futures_month, side
     union all
     select 'cropYear', crop_year, side, sum(unpriced)::text, sum(priced_open)::text, null from c group by crop_year, side
     union all
     select 'team', team, side, sum(unpriced)::text, sum(priced_open)::text, null from c group by team, side`,
    [priced, priced.map((month) => bases.get(month)!), [...PRICED_LATER]],
  );
  const totals: ContractTotalsRow[] = grouped
    .filter((row) => row.by === 'month')
    .map((row) => ({ ...row, month: row.group }));
  // The house's own cotton in every state that is still its property (PROPERTY_STATES), per crop year.
  const ownStock = await db.query<{ group: string; tonnes: string }>(
    `select coalesce(b.crop_year, '') as "group", sum(b.conditioned_weight)::text as tonnes
       from batches b
      where b.status = any($1::text[]) and b.owner_kind = 'own' and b.conditioned_weight is not null
        and not exists (select 1 from warehouse_receipts r where r.batch_no = b.batch_no and r.holder_id is not null)
      group by 1`,
    [[...PROPERTY_STATES]],
  );
  const inventoryTonnes = ownStock.reduce((sum, row) => sum.plus(row.tonnes), new Decimal(0)).toFixed(4);
  const hedge = positions.filter((p) => p.book === 'hedge');
  const exposureMonths = [
    ...new Set([
      ...totals.map((t) => t.month).filter((m): m is string => Boolean(m)),
      ...hedge.map((p) => p.month),
    ]),
  ].sort();
  const rows: MonthExposure[] = exposureMonths.map((month) => {
    const ofMonth = totals.filter((t) => t.month === month);
    const lots = hedge.find((p) => p.month === month);
    const figures = exposureOfContractTotals({
      inventoryTonnes: '0',
      totals: ofMonth,
      longLots: lots?.longLots ?? 0,
      shortLots: lots?.shortLots ?? 0,
      lotTonnes,
    });
    const unpricedMtm =
      bases.get(month) === undefined
        ? null
        : ofMonth.reduce((sum, t) => sum.plus(t.unpricedMtm ?? 0), new Decimal(0)).toFixed(2);
    return { month, ...figures, unpricedMtm, futuresMtm: lots?.mtm ?? null };
  });
  const totalLots = hedge.reduce(
    (sum, p) => ({ long: sum.long + p.longLots, short: sum.short + p.shortLots }),
    { long: 0, short: 0 },
  );
  const sumOf = (values: (string | null)[]) =>
    values.every((v) => v === null)
      ? null
      : values.reduce((s, v) => s.plus(v ?? 0), new Decimal(0)).toFixed(2);
  const total: MonthExposure = {
    month: '',
    ...exposureOfContractTotals({
      inventoryTonnes,
      totals,
      longLots: totalLots.long,
      shortLots: totalLots.short,
      lotTonnes,
    }),
    unpricedMtm: sumOf(rows.map((r) => r.unpricedMtm)),
    futuresMtm: sumOf(rows.map((r) => r.futuresMtm)),
  };
  // The lines the total adds up besides the months: the contracts naming no month (spot contracts mostly)
  // and the stock; Σ months + these = the total (issue 21: the desk card's months did not add up to it).
  const unmonthed = totals.filter((t) => !t.month);
  const line = (inventory: string, contracts: ContractTotals[]): MonthExposure => ({
    month: '',
    ...exposureOfContractTotals({
      inventoryTonnes: inventory,
      totals: contracts,
      longLots: 0,
      shortLots: 0,
      lotTonnes,
    }),
    unpricedMtm: null,
    futuresMtm: null,
  });
  const byCropYear = groupExposures(
    grouped.filter((row) => row.by === 'cropYear') as GroupTotalsRow[],
    ownStock,
    hedge.map((p) => ({
      group: cropYearOfFuturesMonth(p.month) ?? '',
      longLots: p.longLots,
      shortLots: p.shortLots,
    })),
    lotTonnes,
  );
  const byTeam = groupExposures(
    grouped.filter((row) => row.by === 'team') as GroupTotalsRow[],
    [{ group: '', tonnes: inventoryTonnes }],
    await db.query<{ group: string; longLots: number; shortLots: number }>(
      `select coalesce(a.team, '') as "group",
              coalesce(sum(l.lots) filter (where l.side = 'buy'), 0)::int as "longLots",
              coalesce(sum(l.lots) filter (where l.side = 'sell'), 0)::int as "shortLots"
         from futures_open_lots l
         join futures_trades t on t.id = l.trade_id
         join futures_accounts a on a.id = t.account_id
        where l.book = 'hedge'
        group by 1`,
    ),
    lotTonnes,
  );
  return {
    day,
    inventoryMark: await markInventory(db, day),
    hedgeExchangeMargin: sumOf(hedge.map((p) => p.exchangeMargin)),
    positions,
    exposure: rows,
    withoutMonth: unmonthed.length > 0 ? line('0', unmonthed) : null,
    stock: line(inventoryTonnes, []),
    total,
    inventoryTonnes: new Decimal(inventoryTonnes).toFixed(4),
    byCropYear,
    byTeam,
  };
}

/**
 * The stock's MTM on the nearest priced month (domain.md §5, one tax footing): each batch in stock with its
 * quality premium (batch_premiums, from the premium table of its crop year), its full unit cost excluding VAT
 * and its warehouse's open-grade market basis of the month, the market taken out of VAT at the lint rate.
 * The unit cost is the costing area's (unitCostsOn, src/domain/batchCost.ts): purchase, freight, fees and
 * funding interest on the day, each line out of VAT once. A batch without a purchase price has no cost: its
 * MTM is blank, never 0.00.
 */
async function markInventory(db: Queryable, day: string): Promise<InventoryMark> {
  const priced = await db.query<{ month: string }>(
    `select distinct futures_month as month from futures_prices where trade_date <= $1::date`,
    [day],
  );
  const month = inventoryValuationMonth(
    day,
    priced.map((row) => row.month),
  );
  const price = month ? await priceOf(db, month, day) : undefined;
  // The company's own stock only; read apart, as the view is read alone (below).
  const others = new Set(
    (await db.query<{ id: string }>(`select id::text as id from batches where owner_kind <> 'own'`)).map(
      (row) => row.id,
    ),
  );
  const stock = await db.query<{
    id: string;
    batchNo: string;
    warehouseId: string | null;
    tonnes: string;
    qualityAdjustment: string | null;
  }>(
    // Read from the premium view alone: joined back to batches, the planner evaluated the view per batch
    // (14 s for 250 batches on PGlite).
    `select p.id::text as id, p.batch_no as "batchNo", p.warehouse_id::text as "warehouseId",
            p.conditioned_weight::text as tonnes, p.quality_premium::text as "qualityAdjustment"
       from batch_premiums p
      where p.status = any($1::text[]) and p.conditioned_weight is not null
      order by p.id`,
    [[...UNSOLD_STATES]],
  );
  const own = stock.filter((row) => !others.has(row.id));
  // The full unit cost of the costing area (src/domain/batchCost.ts), on the day valued.
  const costs = await unitCostsOn(
    db,
    day,
    own.map((row) => row.batchNo),
  );
  const batches = own.map((row) => ({ ...row, unitCost: costs.get(row.batchNo) ?? null }));
  const shown = (mtm: (string | null)[]) =>
    batches.map((batch, index) => ({
      batchNo: batch.batchNo,
      tonnes: new Decimal(batch.tonnes).toFixed(4),
      unitCost: batch.unitCost === null ? null : toFen(batch.unitCost),
      mtm: mtm[index] ?? null,
    }));
  if (!month || !price)
    return {
      month: month ?? null,
      price: null,
      priceDate: null,
      valuedBatches: 0,
      valuedTonnes: '0.0000',
      unvaluedBatches: batches.length,
      mtm: null,
      batches: shown([]),
    };
  const bases = new Map<string, string | null>();
  for (const warehouseId of new Set(batches.map((b) => b.warehouseId ?? '')))
    bases.set(
      warehouseId,
      (await marketBasis(db, { month, day, warehouseId: warehouseId || null }))?.basis ?? null,
    );
  const mark = inventoryMark(
    price.price,
    batches.map((batch) => ({ ...batch, marketBasis: bases.get(batch.warehouseId ?? '') ?? null })),
    await settingOn(db, 'vatLintPercent', day),
  );
  return {
    month,
    price: price.price,
    priceDate: price.day,
    valuedBatches: mark.valued,
    valuedTonnes: mark.valuedTonnes,
    unvaluedBatches: mark.unvalued,
    mtm: mark.mtm,
    batches: shown(mark.batches),
  };
}

interface GroupTotalsRow extends ContractTotals {
  group: string;
}

/**
 * The exposure of each group (crop year or team) from its contracts' tonnes per side, its inventory and its
 * hedge lots: groups in order, the one naming none ('') last; a group with nothing in it is left out.
 */
function groupExposures(
  contracts: readonly GroupTotalsRow[],
  inventory: readonly { group: string; tonnes: string }[],
  lots: readonly { group: string; longLots: number; shortLots: number }[],
  lotTonnes: string,
): GroupExposure[] {
  const groups = new Map<
    string,
    { totals: ContractTotals[]; tonnes: Decimal; long: number; short: number }
  >();
  const of = (group: string) => {
    const found = groups.get(group) ?? { totals: [], tonnes: new Decimal(0), long: 0, short: 0 };
    groups.set(group, found);
    return found;
  };
  for (const row of contracts) of(row.group).totals.push(row);
  for (const row of inventory)
    if (!new Decimal(row.tonnes).isZero()) of(row.group).tonnes = of(row.group).tonnes.plus(row.tonnes);
  for (const row of lots) {
    const group = of(row.group);
    group.long += row.longLots;
    group.short += row.shortLots;
  }
  return [...groups.keys()]
    .sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a < b ? -1 : a > b ? 1 : 0))
    .map((group) => {
      const { totals, tonnes, long, short } = groups.get(group)!;
      return {
        group,
        ...exposureOfContractTotals({
          inventoryTonnes: tonnes.toFixed(4),
          totals,
          longLots: long,
          shortLots: short,
          lotTonnes,
        }),
      };
    });
}

/** The day in Beijing of a moment. */
const beijingDay = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export function positionCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall<{ day?: string }>(app, ctx, {
    path: POSITIONS_PATH,
    access: { module: 'TradeTotal', permission: 'view' },
    body: {
      type: 'object',
      properties: { day: calendarDay('日期') },
    },
    handle: async ({ body, db, now }) => ok(await positionsOn(db, body.day || beijingDay(now))),
  });
}

/** The per-book lot list of TradeTotal: a view over the trades, read only. */
export const futuresPositionStorage: ResourceStorage = {
  table: 'futures_positions',
  columns: {
    book: { read: 't.book' },
    futuresMonth: { read: 't.futures_month' },
    longLots: { read: 't.long_lots' },
    shortLots: { read: 't.short_lots' },
    tradedLots: { read: 't.traded_lots' },
    fees: { read: 't.fees' },
  },
};
