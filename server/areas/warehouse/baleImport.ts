// Import of a 公检 bale file onto batches (MtfmBatchData): the client sends the file (base64 in JSON), the
// server reads it (the platform's one sheet reader), checks every row with the domain's rules and
// answers what it would do (preview) or does it in one transaction (confirm). Nothing is written when any
// row is bad: the answer is a 400 listing each bad row with its line and field.
// Until the declaration format's commands are served, this is the warehouse area's own call.

import type { FastifyInstance } from 'fastify';
import { BATCH_BALES_PATH, IMPORT_BALES_PATH } from '../../../src/areas/warehouse/baleFile.ts';
import {
  type Bale,
  type BaleRowProblem,
  groupBalesByBatch,
  readBaleSheet,
  validateBaleRows,
} from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { type CallContext, defineCall, inTransaction, signedIn } from '../../platform/http/calls.ts';
import { badRequest, ok } from '../../platform/http/envelope.ts';
import { readSheet } from '../../platform/imports/sheet.ts';
import { balesOf, figuresFromBales, replaceBales, writeFigures } from './batchFigures.ts';
import { deliveryTableOf } from './deliveryTables.ts';

/** A 10,000-bale CSV is about 1 MB, 1.4 MB in base64; room for wider files and xlsx. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export interface ImportBalesBody {
  fileName: string;
  /** The file's bytes in base64. */
  content: string;
  /** Without it, a preview: nothing is written. */
  confirm?: boolean;
  /** Batches the file creates are put in this warehouse with this crop year. */
  warehouseId?: string;
  cropYear?: string;
}

interface ExistingBatch {
  id: string;
  batchNo: string;
  status: string;
  cropYear: string;
  warehouseId: string | null;
}

/** Batches the file names that exist; only a batch in stock may take new bales. */
async function existingBatches(db: Queryable, batchNos: string[]): Promise<Map<string, ExistingBatch>> {
  const rows = await db.query<ExistingBatch>(
    `select id::text, batch_no as "batchNo", status, crop_year as "cropYear", warehouse_id::text as "warehouseId"
       from batches where batch_no = any($1::text[])`,
    [batchNos],
  );
  return new Map(rows.map((row) => [row.batchNo, row]));
}

const refused = (problems: readonly BaleRowProblem[]) => ({
  code: 400,
  msg: `文件中有 ${new Set(problems.map((p) => p.line)).size} 行数据有误，未导入任何数据：${problems[0]!.message}`,
  data: { problems },
});

/** What the file would do to each batch: created or updated, with its figures. */
async function planOf(db: Queryable, body: ImportBalesBody, groups: Map<string, Bale[]>) {
  const existing = await existingBatches(db, [...groups.keys()]);
  const moved = [...existing.values()].find((batch) => batch.status !== 'stock');
  if (moved) throw badRequest(`批号 ${moved.batchNo} 已不在库，不能再导入包数据`);
  const creating = [...groups.keys()].filter((batchNo) => !existing.has(batchNo));
  if (creating.length > 0 && (!body.warehouseId || !body.cropYear))
    throw badRequest(`批号 ${creating.join('、')} 尚未建档：请选择仓库和年度后再导入`);
  const plan = [];
  for (const [batchNo, bales] of groups) {
    const batch = existing.get(batchNo);
    const cropYear = batch?.cropYear ?? body.cropYear!;
    const figures = figuresFromBales(bales, await deliveryTableOf(db, cropYear));
    plan.push({ batchNo, action: batch ? 'update' : 'create', id: batch?.id ?? null, cropYear, figures });
  }
  return plan;
}

type Plan = Awaited<ReturnType<typeof planOf>>;

async function write(call: CallContext<ImportBalesBody>, plan: Plan, groups: Map<string, Bale[]>) {
  for (const entry of plan) {
    const id =
      entry.id ??
      (
        (await call.db.query<{ id: string }>(
          `insert into batches (batch_no, warehouse_id, crop_year, ginner, status) values ($1, $2, $3, null, 'stock')
           returning id::text`,
          [entry.batchNo, call.body.warehouseId, entry.cropYear],
        )) as [{ id: string }]
      )[0].id;
    await replaceBales(call.db, id, groups.get(entry.batchNo)!);
    await writeFigures(call.db, id, entry.figures);
    await call.db.query(
      `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
       values ('batch', $1, 'importBales', 'stock', 'stock', $2, $3, $4)`,
      [
        id,
        signedIn(call).userId,
        `导入包数据 ${call.body.fileName}（${groups.get(entry.batchNo)!.length} 包）`,
        call.now,
      ],
    );
  }
  call.record.detail = {
    fileName: call.body.fileName,
    batches: plan.map((entry) => ({
      batchNo: entry.batchNo,
      action: entry.action,
      bales: entry.figures.baleCount,
    })),
  };
}

/** The bales of one batch, for its detail. */
function batchBalesCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<{ id: string }>(app, ctx, {
    path: BATCH_BALES_PATH,
    access: { module: 'batch', permission: 'view' },
    body: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', title: '批次', pattern: '^[0-9]{1,18}$' } },
    },
    handle: async ({ body }) => ok(await balesOf(ctx.db, body.id, '')),
  });
}

export function baleCalls(app: FastifyInstance, ctx: ServerContext) {
  importBalesCall(app, ctx);
  batchBalesCall(app, ctx);
}

function importBalesCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<ImportBalesBody>(app, ctx, {
    path: IMPORT_BALES_PATH,
    access: { module: 'batch', permission: 'import' },
    bodyLimit: Math.ceil((MAX_FILE_BYTES * 4) / 3) + 64 * 1024,
    body: {
      type: 'object',
      required: ['fileName', 'content'],
      properties: {
        fileName: { type: 'string', title: '文件名', minLength: 1, maxLength: 200 },
        content: { type: 'string', title: '文件', minLength: 1 },
        confirm: { type: 'boolean', title: '确认导入' },
        warehouseId: { type: 'string', title: '仓库', pattern: '^[0-9]{1,18}$' },
        cropYear: { type: 'string', title: '年度', pattern: '^\\d{4}/\\d{2}$' },
      },
    },
    handle: async (call) => {
      const sheet = await readSheet(call.body.fileName, call.body.content);
      const read = readBaleSheet(sheet);
      if (read.problems.length > 0) return refused(read.problems);
      const checked = validateBaleRows(read.rows);
      if (!checked.ok) return refused(checked.problems);
      const groups = groupBalesByBatch(checked.bales);
      if (!call.body.confirm) {
        const plan = await planOf(call.db, call.body, groups);
        return ok({ confirmed: false, bales: checked.bales.length, batches: plan });
      }
      return inTransaction(ctx, call, IMPORT_BALES_PATH, async (tx) => {
        const plan = await planOf(tx.db, tx.body, groups);
        await write(tx, plan, groups);
        return ok({ confirmed: true, bales: checked.bales.length, batches: plan }, '导入成功');
      });
    },
  });
}
