// The batch cost statement's calls: the batches costed on the business day, filtered, paged, with the
// totals of every row the filter matches; and one batch's build-up, line by line, for the drill-down.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  BATCH_COST_DETAIL_PATH,
  BATCH_COST_PATH,
  type BatchCostAnswer,
  type BatchCostDetail,
  type BatchCostQuery,
} from '../../../src/areas/costing/api.ts';
import { toFen } from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { badRequest, ok } from '../../platform/http/envelope.ts';
import { businessDate } from '../../platform/time.ts';
import { costBatches, lineRows, rowOf, totalsOf } from './batchCosts.ts';

const ACCESS = { module: 'BatchCostStatement', permission: 'view' } as const;

export function batchCostCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall<BatchCostQuery>(app, ctx, {
    path: BATCH_COST_PATH,
    access: ACCESS,
    body: {
      type: 'object',
      properties: {
        page_no: { type: 'integer', title: '页码', minimum: 1, maximum: 100000 },
        size: { type: 'integer', title: '每页条数', minimum: 1, maximum: 1000 },
        scope: { type: 'string', title: '范围', enum: ['stock', 'all'] },
        batchNo: { type: 'string', title: '批号', maxLength: 64 },
        warehouseId: { type: 'string', title: '仓库', pattern: '^[0-9]{1,18}$' },
        costed: { type: 'string', title: '是否有成本', enum: ['yes', 'no'] },
      },
    },
    handle: async ({ body, db, now }) => {
      const day = businessDate(now, ctx.timeZone);
      const rows = (await costBatches(db, day, body))
        .map(rowOf)
        .filter((row) => !body.costed || (body.costed === 'yes') === (row.cost !== null));
      const size = body.size ?? 15;
      const start = ((body.page_no ?? 1) - 1) * size;
      const answer: BatchCostAnswer = {
        day,
        records: rows.slice(start, start + size),
        total: rows.length,
        uncosted: rows.filter((row) => row.cost === null).length,
        totals: totalsOf(rows),
      };
      return ok(answer);
    },
  });
  defineCall<{ batchNo: string }>(app, ctx, {
    path: BATCH_COST_DETAIL_PATH,
    access: ACCESS,
    body: {
      type: 'object',
      required: ['batchNo'],
      properties: { batchNo: { type: 'string', title: '批号', minLength: 1, maxLength: 64 } },
    },
    handle: async ({ body, db, now }) => {
      const day = businessDate(now, ctx.timeZone);
      const [batch] = await costBatches(db, day, { scope: 'all', batchNos: [body.batchNo] });
      if (!batch) throw badRequest(`批号 ${body.batchNo} 不是本公司的批次，没有成本`);
      const answer: BatchCostDetail = {
        day,
        row: rowOf(batch),
        lines: lineRows(batch.lines),
        funding: batch.funding,
        hedge: batch.hedge
          ? {
              ...batch.hedge,
              pnl: toFen(batch.hedge.pnl),
              tonnes: new Decimal(batch.hedge.tonnes).toFixed(4),
            }
          : null,
      };
      return ok(answer);
    },
  });
}
