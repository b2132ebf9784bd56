// Positions and exposure (TradeTotal), computed from the trades, the contracts and the price table with the
// domain's rules (src/domain/positions.ts): per book and month the open lots (FIFO) with their average open
// price, realised P&L and MTM at the month's latest settlement; per month the figures of domain.md §5 with
// the hedge book's futures. Inventory has no month: it counts in the total only.

import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  type BookMonthPosition,
  type MonthExposure,
  POSITIONS_PATH,
  type PositionsAnswer,
} from '../../../src/areas/hedging/api.ts';
import {
  type ExposureContract,
  exposure,
  futuresMtm,
  isProblem,
  matchFifo,
  openPositionByMonth,
  unpricedContractMtm,
} from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';
import { latestPrice, marketBasis } from '../pricing/index.ts';
import { type Book, bookTrades } from './trades.ts';

const BOOKS: Book[] = ['hedge', 'speculation'];

interface ContractRow extends ExposureContract {
  month: string | null;
  basis: string | null;
}

async function priceOf(db: Queryable, month: string, day: string) {
  const latest = await latestPrice(db, month, day);
  return latest ? { price: latest.settlementPrice ?? latest.lastPrice, day: latest.tradeDate } : undefined;
}

/** The positions and exposure on a day (YYYY-MM-DD). */
export async function positionsOn(db: Queryable, day: string): Promise<PositionsAnswer> {
  const positions: BookMonthPosition[] = [];
  const prices = new Map<string, Awaited<ReturnType<typeof priceOf>>>();
  const priced = async (month: string) => {
    if (!prices.has(month)) prices.set(month, await priceOf(db, month, day));
    return prices.get(month);
  };
  for (const book of BOOKS) {
    const matching = matchFifo(await bookTrades(db, book));
    if (isProblem(matching)) throw new Error(`${book}: ${matching.message}`);
    const months = new Set([...matching.open.map((l) => l.month), ...matching.closeOuts.map((c) => c.month)]);
    const open = openPositionByMonth(matching.open);
    for (const month of [...months].sort()) {
      const position = open.find((p) => p.month === month);
      const price = await priced(month);
      const mtm = price
        ? matching.open
            .filter((lot) => lot.month === month)
            .reduce(
              (sum, lot) => sum.plus(futuresMtm(lot.side, price.price, lot.price, lot.lots)),
              new Decimal(0),
            )
        : null;
      positions.push({
        book,
        month,
        longLots: position?.longLots ?? 0,
        shortLots: position?.shortLots ?? 0,
        longAveragePrice: position?.longAveragePrice ?? null,
        shortAveragePrice: position?.shortAveragePrice ?? null,
        price: price?.price ?? null,
        priceDate: price?.day ?? null,
        mtm: mtm ? mtm.toFixed(2) : null,
        realisedPnl: matching.closeOuts
          .filter((c) => c.month === month)
          .reduce((sum, c) => sum.plus(c.realisedPnl), new Decimal(0))
          .toFixed(2),
      });
    }
  }
  const contracts = await db.query<ContractRow>(
    `select side, tonnage::text, coalesce(fixed_tonnage, 0)::text as "fixedTonnage", futures_month as month,
            basis::text
       from transaction_contracts where status in ('approved', 'executing')`,
  );
  const [stock] = await db.query<{ tonnes: string }>(
    `select coalesce(sum(conditioned_weight), 0)::text as tonnes from batches where status = 'stock'`,
  );
  const inventoryTonnes = stock?.tonnes ?? '0';
  const hedge = positions.filter((p) => p.book === 'hedge');
  const months = [
    ...new Set([
      ...contracts.map((c) => c.month).filter((m): m is string => Boolean(m)),
      ...hedge.map((p) => p.month),
    ]),
  ].sort();
  const rows: MonthExposure[] = [];
  for (const month of months) {
    const ofMonth = contracts.filter((c) => c.month === month);
    const lots = hedge.find((p) => p.month === month);
    const figures = exposure({
      inventoryTonnes: '0',
      contracts: ofMonth,
      longLots: lots?.longLots ?? 0,
      shortLots: lots?.shortLots ?? 0,
    });
    const basis = (await marketBasis(db, { month, day }))?.basis;
    const unpricedMtm =
      basis === undefined
        ? null
        : ofMonth
            .filter((c) => c.basis !== null)
            .reduce(
              (sum, c) =>
                sum.plus(
                  unpricedContractMtm(
                    c.side,
                    c.basis!,
                    basis,
                    Decimal.max(0, new Decimal(c.tonnage).minus(c.fixedTonnage)).toFixed(4),
                  ),
                ),
              new Decimal(0),
            )
            .toFixed(2);
    rows.push({ month, ...figures, unpricedMtm, futuresMtm: lots?.mtm ?? null });
  }
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
    ...exposure({ inventoryTonnes, contracts, longLots: totalLots.long, shortLots: totalLots.short }),
    unpricedMtm: sumOf(rows.map((r) => r.unpricedMtm)),
    futuresMtm: sumOf(rows.map((r) => r.futuresMtm)),
  };
  return { day, positions, exposure: rows, total, inventoryTonnes: new Decimal(inventoryTonnes).toFixed(4) };
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
