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
import {
  type ContractTotals,
  cropYearOfFuturesMonth,
  exposureOfContractTotals,
  inventoryMark,
  inventoryValuationMonth,
} from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';
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
            coalesce(sum(case when l.side = 'buy' then 5 else -5 end * l.price * l.lots), 0)::text as "openValue",
            m.realised_pnl::text as "realisedPnl"
       from futures_book_months m
       left join futures_open_lots l on l.book = m.book and l.futures_month = m.futures_month
      group by m.book, m.futures_month, m.realised_pnl
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
  const positions: BookMonthPosition[] = books.map((row) => {
    const price = prices.get(row.month);
    return {
      book: row.book,
      month: row.month,
      longLots: row.longLots,
      shortLots: row.shortLots,
      longAveragePrice: row.longAveragePrice,
      shortAveragePrice: row.shortAveragePrice,
      price: price?.price ?? null,
      priceDate: price?.day ?? null,
      // Σ side × (S − P_open) × 5 × lots = S × 5 × net lots − Σ side × P_open × 5 × lots
      mtm: price
        ? new Decimal(price.price)
            .times(5)
            .times(row.longLots - row.shortLots)
            .minus(row.openValue)
            .toFixed(2)
        : null,
      realisedPnl: new Decimal(row.realisedPnl).toFixed(2),
    };
  });
  const priced = allMonths.filter((month) => bases.get(month) !== undefined);
  const totals = await db.query<ContractTotalsRow>(
    `select c.futures_month as month, c.side,
            sum(greatest(0, c.tonnage - c.fixed_tonnage))::text as "unpricedTonnes",
            sum(greatest(0, c.fixed_tonnage))::text as "pricedOpenTonnes",
            case when b.basis is null then null
                 else coalesce(sum(round(case when c.side = 'sale' then 1 else -1 end * (c.basis - b.basis)
                                         * greatest(0, c.tonnage - c.fixed_tonnage), 2))
                               filter (where c.basis is not null), 0)::text end as "unpricedMtm"
       from transaction_contracts c
       left join unnest($1::text[], $2::numeric[]) as b(month, basis) on b.month = c.futures_month
      where c.status in ('approved', 'executing')
      group by c.futures_month, c.side, b.basis`,
    [priced, priced.map((month) => bases.get(month)!)],
  );
  const [stock] = await db.query<{ tonnes: string }>(
    `select coalesce(sum(conditioned_weight), 0)::text as tonnes from batches where status = 'stock'`,
  );
  const inventoryTonnes = stock?.tonnes ?? '0';
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
    }),
    unpricedMtm: sumOf(rows.map((r) => r.unpricedMtm)),
    futuresMtm: sumOf(rows.map((r) => r.futuresMtm)),
  };
  const byCropYear = groupExposures(
    await db.query<GroupTotalsRow>(
      `select coalesce(crop_year, '') as "group", side,
              sum(greatest(0, tonnage - fixed_tonnage))::text as "unpricedTonnes",
              sum(greatest(0, fixed_tonnage))::text as "pricedOpenTonnes"
         from transaction_contracts where status in ('approved', 'executing')
        group by 1, 2`,
    ),
    await db.query<{ group: string; tonnes: string }>(
      `select coalesce(crop_year, '') as "group", sum(conditioned_weight)::text as tonnes
         from batches where status = 'stock' group by 1`,
    ),
    hedge.map((p) => ({
      group: cropYearOfFuturesMonth(p.month) ?? '',
      longLots: p.longLots,
      shortLots: p.shortLots,
    })),
  );
  const byTeam = groupExposures(
    await db.query<GroupTotalsRow>(
      `select coalesce(d.name, '') as "group", c.side,
              sum(greatest(0, c.tonnage - c.fixed_tonnage))::text as "unpricedTonnes",
              sum(greatest(0, c.fixed_tonnage))::text as "pricedOpenTonnes"
         from transaction_contracts c
         left join users u on u.id = c.salesperson_id
         left join departments d on d.id = u.department_id
        where c.status in ('approved', 'executing')
        group by 1, 2`,
    ),
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
  );
  return {
    day,
    inventoryMark: await markInventory(db, day),
    positions,
    exposure: rows,
    total,
    inventoryTonnes: new Decimal(inventoryTonnes).toFixed(4),
    byCropYear,
    byTeam,
  };
}

/**
 * The stock's MTM on the nearest priced month: each batch in stock with its quality premium (batch_premiums,
 * from the premium table of its crop year), the price of its purchase contract line and its warehouse's
 * open-grade market basis of the month.
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
  const batches = await db.query<{
    warehouseId: string | null;
    tonnes: string;
    qualityAdjustment: string | null;
    unitCost: string | null;
  }>(
    // Read from the premium view alone: joined back to batches, the planner evaluated the view per batch
    // (14 s for 250 batches on PGlite).
    `select p.warehouse_id::text as "warehouseId", p.conditioned_weight::text as tonnes,
            p.quality_premium::text as "qualityAdjustment",
            (select l.unit_price from transaction_contract_lines l
               join transaction_contracts c on c.id = l.contract_id
              where l.batch_no = p.batch_no and c.side = 'purchase' and l.unit_price is not null
              order by c.sign_date desc, l.id desc limit 1)::text as "unitCost"
       from batch_premiums p
      where p.status = 'stock' and p.conditioned_weight is not null
      order by p.id`,
  );
  if (!month || !price)
    return {
      month: month ?? null,
      price: null,
      priceDate: null,
      valuedBatches: 0,
      valuedTonnes: '0.0000',
      unvaluedBatches: batches.length,
      mtm: null,
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
  );
  return {
    month,
    price: price.price,
    priceDate: price.day,
    valuedBatches: mark.valued,
    valuedTonnes: mark.valuedTonnes,
    unvaluedBatches: mark.unvalued,
    mtm: mark.mtm,
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
      properties: { day: { type: 'string', title: '日期', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
    },
    handle: async ({ body, db, now }) => ok(await positionsOn(db, body.day ?? beijingDay(now))),
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
