// The large data screen's figures for a fiscal year, summed in the database. A part the user may not read
// whole (a screen's scope, or only their own clients) answers null rather than a partial sum.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { LARGE_SCREEN_PATH, type LargeScreenAnswer } from '../../../src/areas/reports/api.ts';
import { STOCK_STATES } from '../../../src/areas/warehouse/index.ts';
import { fiscalYearPeriod } from '../../../src/shared/format/date.ts';
import { type Grant, reachOf } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { ok } from '../../platform/http/envelope.ts';

/** Contracts count once approved, until voided or replaced by a split or combination. */
const COUNTED_CONTRACT_STATES = ['approved', 'executing', 'completed'];
const PRICE_MONTHS = 3;

/** The twelve months of a fiscal year, October to September, as YYYY-MM. */
export function fiscalMonths(fiscalYear: number): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((9 + i) % 12) + 1;
    const year = month >= 10 ? fiscalYear - 1 : fiscalYear;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}

async function contractFigures(db: Queryable, fiscalYear: number, start: string, end: string) {
  const rows = await db.query<{ month: string; side: string; tonnes: string; count: number }>(
    `select to_char(sign_date, 'YYYY-MM') as month, side, trim_scale(sum(tonnage))::text as tonnes,
              count(*)::int as count
         from transaction_contracts
        where sign_date between $1::date and $2::date and status = any($3::text[])
        group by 1, 2`,
    [start, end, COUNTED_CONTRACT_STATES],
  );
  const months = fiscalMonths(fiscalYear);
  const tonnes = (side: string) =>
    months.map((month) => rows.find((r) => r.month === month && r.side === side)?.tonnes ?? '0');
  // The twelve months are the whole fiscal year: the year's total is their sum.
  const total = (side: string) =>
    rows
      .filter((r) => r.side === side)
      .reduce((sum, r) => sum.plus(r.tonnes), new Decimal(0))
      .toString();
  return {
    months,
    purchaseTonnes: tonnes('purchase'),
    saleTonnes: tonnes('sale'),
    purchaseTotal: total('purchase'),
    saleTotal: total('sale'),
    count: rows.reduce((sum, r) => sum + r.count, 0),
  };
}

async function stockFigures(db: Queryable) {
  const warehouses = await db.query<{ name: string; tonnes: string }>(
    `select w.name, trim_scale(sum(b.conditioned_weight))::text as tonnes
         from batches b join warehouses w on w.id = b.warehouse_id
        where b.status = any($1::text[]) and b.conditioned_weight is not null
        group by w.id, w.name
        order by sum(b.conditioned_weight) desc, w.name`,
    [[...STOCK_STATES]],
  );
  const [{ total }] = (await db.query<{ total: string }>(
    `select trim_scale(coalesce(sum(b.conditioned_weight), 0))::text as total
         from batches b where b.status = any($1::text[]) and b.warehouse_id is not null`,
    [[...STOCK_STATES]],
  )) as [{ total: string }];
  return { warehouses, total };
}

async function priceFigures(db: Queryable, start: string, end: string) {
  const rows = await db.query<{ month: string; day: string; price: string }>(
    `with months as (
         select futures_month from futures_prices where trade_date between $1::date and $2::date
          group by futures_month order by max(trade_date) desc, count(*) desc, futures_month limit $3)
       select p.futures_month as month, p.trade_date::text as day,
              coalesce(p.settlement_price, p.last_price)::text as price
         from futures_prices p join months m using (futures_month)
        where p.trade_date between $1::date and $2::date
        order by p.trade_date, p.futures_month`,
    [start, end, PRICE_MONTHS],
  );
  const days = [...new Set(rows.map((r) => r.day))];
  const months = [...new Set(rows.map((r) => r.month))].sort();
  return {
    days,
    series: months.map((month) => ({
      month,
      prices: days.map((day) => rows.find((r) => r.month === month && r.day === day)?.price ?? null),
    })),
  };
}

/** Whether the user reads every record of a resource (no screen scope, not only their own clients). */
function readsWhole(grants: Grant[], resourceKey: string, userId: string): boolean {
  const reach = reachOf(grants, resourceKey, 'view', userId);
  return reach.screens === 'all' && reach.clientsOf === undefined;
}

export function largeScreenCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall<{ fiscalYear: number }>(app, ctx, {
    path: LARGE_SCREEN_PATH,
    // The header offers the large screen to every user; each part checks its own right.
    access: 'session',
    body: {
      type: 'object',
      required: ['fiscalYear'],
      properties: { fiscalYear: { type: 'integer', title: '财年', minimum: 2000, maximum: 2100 } },
    },
    handle: async ({ body, db, grants, session }) => {
      const held = await grants();
      const userId = session!.userId;
      const { fiscalYear } = body;
      const { start, end } = fiscalYearPeriod(fiscalYear);
      const answer: LargeScreenAnswer = {
        fiscalYear,
        start,
        end,
        contracts: readsWhole(held, 'transactionContract', userId)
          ? await contractFigures(db, fiscalYear, start, end)
          : null,
        stock: readsWhole(held, 'batch', userId) ? await stockFigures(db) : null,
        prices: readsWhole(held, 'futuresPrice', userId) ? await priceFigures(db, start, end) : null,
      };
      return ok(answer);
    },
  });
}
