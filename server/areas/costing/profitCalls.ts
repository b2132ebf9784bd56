// The profit reports' calls: one report's rows (grouped, paged, with the totals of every row the filters
// match) and one row's settled batches (the drill-down). Each report is its own screen and permission (the
// body names it); a user bound to their own clients reads only their clients' sales, whatever they ask.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  PROFIT_LINES_PATH,
  PROFIT_PATH,
  PROFIT_REPORTS,
  type ProfitAnswer,
  type ProfitLinesAnswer,
  type ProfitQuery,
  type ProfitReport,
  TURNOVER_PATH,
  type TurnoverAnswer,
  type TurnoverQuery,
  UNSOLD_PATH,
  type UnsoldAnswer,
  type UnsoldQuery,
  VISUAL_PATH,
  type VisualAnswer,
} from '../../../src/areas/costing/profitApi.ts';
import type { Grant } from '../../platform/access/permissions.ts';
import { boundToOwnClients, permissionsOn } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import type { Session } from '../../platform/http/session.ts';
import { businessDate } from '../../platform/time.ts';
import { groupLines, linesOf, type ProfitFilters, profitLines, totalsOf } from './profit.ts';
import { turnover } from './turnover.ts';
import { unsoldStock } from './unsold.ts';
import { visualCharts } from './visual.ts';

const ID = '^[1-9][0-9]{0,17}$';
const DAY = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const FILTERS = {
  report: { type: 'string', title: '报表', enum: Object.keys(PROFIT_REPORTS) },
  from: { type: 'string', title: '结算日期起', pattern: DAY },
  to: { type: 'string', title: '结算日期止', pattern: DAY },
  fiscalYear: { type: 'integer', title: '财年', minimum: 2000, maximum: 2100 },
  partnerId: { type: 'string', title: '客户', pattern: ID },
  salespersonId: { type: 'string', title: '业务员', pattern: ID },
  contractNo: { type: 'string', title: '合同号', maxLength: 64 },
  batchNo: { type: 'string', title: '批号', maxLength: 64 },
} as const;

/** The report's own permission, and how far the user reaches: their own clients only when bound to them. */
async function filtersFor(
  body: ProfitQuery,
  grants: () => Promise<Grant[]>,
  session: Session | undefined,
): Promise<ProfitFilters> {
  const held = await grants();
  if (!permissionsOn(held, body.report).includes('view')) throw forbidden();
  const { report: _report, page_no: _page, size: _size, ...filters } = body;
  return boundToOwnClients(held) ? { ...filters, clientsOf: session!.userId } : filters;
}

export function profitCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall<ProfitQuery>(app, ctx, {
    path: PROFIT_PATH,
    access: 'session',
    body: {
      type: 'object',
      required: ['report'],
      properties: {
        page_no: { type: 'integer', title: '页码', minimum: 1, maximum: 100000 },
        size: { type: 'integer', title: '每页条数', minimum: 1, maximum: 1000 },
        ...FILTERS,
      },
    },
    handle: async ({ body, db, now, grants, session }) => {
      const filters = await filtersFor(body, grants, session);
      const day = businessDate(now, ctx.timeZone);
      const grouping = PROFIT_REPORTS[body.report as ProfitReport];
      const { lines, collected } = await profitLines(db, day, filters);
      const rows = groupLines(lines, grouping, collected);
      const size = body.size ?? 15;
      const start = ((body.page_no ?? 1) - 1) * size;
      const answer: ProfitAnswer = {
        day,
        grouping,
        records: rows.slice(start, start + size),
        total: rows.length,
        totals: totalsOf(rows, lines),
      };
      return ok(answer);
    },
  });
  defineCall<ProfitQuery & { key: string }>(app, ctx, {
    path: PROFIT_LINES_PATH,
    access: 'session',
    body: {
      type: 'object',
      required: ['report', 'key'],
      properties: { ...FILTERS, key: { type: 'string', title: '分组', maxLength: 80 } },
    },
    handle: async ({ body, db, now, grants, session }) => {
      const { key, ...query } = body;
      const filters = await filtersFor(query, grants, session);
      const day = businessDate(now, ctx.timeZone);
      const grouping = PROFIT_REPORTS[body.report as ProfitReport];
      const { lines } = await profitLines(db, day, filters);
      const own = linesOf(lines, grouping, key);
      const answer: ProfitLinesAnswer = { day, key, lines: own, totals: totalsOf(own, own) };
      return ok(answer);
    },
  });
  defineCall<UnsoldQuery>(app, ctx, {
    path: UNSOLD_PATH,
    access: { module: 'UnSaleProfitStatement', permission: 'view' },
    body: {
      type: 'object',
      properties: {
        page_no: { type: 'integer', title: '页码', minimum: 1, maximum: 100000 },
        size: { type: 'integer', title: '每页条数', minimum: 1, maximum: 1000 },
        warehouseId: { type: 'string', title: '仓库', pattern: ID },
        batchNo: { type: 'string', title: '批号', maxLength: 64 },
      },
    },
    handle: async ({ body, db, now }) => {
      const day = businessDate(now, ctx.timeZone);
      const stock = await unsoldStock(db, day, body);
      const sum = (pick: (row: UnsoldAnswer['records'][number]) => string | null, places = 2) =>
        stock.rows.reduce((s, row) => s.plus(pick(row) ?? 0), new Decimal(0)).toFixed(places);
      const mtm = sum((row) => row.mtm);
      const size = body.size ?? 15;
      const start = ((body.page_no ?? 1) - 1) * size;
      const answer: UnsoldAnswer = {
        day,
        month: stock.month,
        price: stock.price?.price ?? null,
        priceDate: stock.price?.day ?? null,
        vatPercent: stock.vatPercent,
        records: stock.rows.slice(start, start + size),
        total: stock.rows.length,
        totals: {
          tonnes: sum((row) => row.tonnes, 4),
          valuedTonnes: sum((row) => (row.mtm === null ? null : row.tonnes), 4),
          mtm,
          futuresMtm: stock.futuresMtm,
          result: new Decimal(mtm).plus(stock.futuresMtm).toFixed(2),
          unvalued: stock.rows.filter((row) => row.mtm === null).length,
        },
      };
      return ok(answer);
    },
  });
  defineCall<TurnoverQuery>(app, ctx, {
    path: TURNOVER_PATH,
    access: { module: 'TurnoverReport', permission: 'view' },
    body: {
      type: 'object',
      required: ['from', 'to'],
      properties: {
        from: { type: 'string', title: '开始日期', pattern: DAY },
        to: { type: 'string', title: '结束日期', pattern: DAY },
        warehouseId: { type: 'string', title: '仓库', pattern: ID },
        cropYear: { type: 'string', title: '棉花年度', maxLength: 16 },
      },
    },
    handle: async ({ body, db }) => {
      const valid = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
      if (!valid(body.from) || !valid(body.to)) throw badRequest('日期不存在，请按 YYYY-MM-DD 填写实际日期');
      if (body.from > body.to) throw badRequest('开始日期不能晚于结束日期');
      const answer: TurnoverAnswer = { from: body.from, to: body.to, ...(await turnover(db, body)) };
      return ok(answer);
    },
  });
  defineCall<{ fiscalYear: number }>(app, ctx, {
    path: VISUAL_PATH,
    access: { module: 'VisualChart', permission: 'view' },
    body: {
      type: 'object',
      required: ['fiscalYear'],
      properties: { fiscalYear: { type: 'integer', title: '财年', minimum: 2000, maximum: 2100 } },
    },
    handle: async ({ body, db, now }) => {
      const answer: VisualAnswer = await visualCharts(db, businessDate(now, ctx.timeZone), body.fiscalYear);
      return ok(answer);
    },
  });
}
