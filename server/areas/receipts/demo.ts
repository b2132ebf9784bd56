// The receipts' part of the demo company: warehouse receipts on deliverable batches in the delivery
// warehouses — most registered (the batch is receipted), some transferred to a client (the batch is sold),
// one cancelled (the batch is back in stock), a few pre-declared — as their commands would leave them.

import { addDays, DemoRandom, type DemoStep, insertRows, recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import { type DemoBatchMove, recordBatchMoves, unclaimedStockBatches } from '../warehouse/index.ts';

/** A receipt is valid until the end of March two years after its crop year starts (2025/26 → 2027-03-31). */
const validUntil = (cropYear: string) => `${Number(cropYear.slice(0, 4)) + 2}-03-31`;

const PLAN: readonly [status: string, count: number][] = [
  ['registered', 16],
  ['transferred', 8],
  ['cancelled', 1],
  ['preDeclared', 3],
];

export async function receiptsDemo(tx: Queryable, { today }: DemoContext): Promise<void> {
  const random = new DemoRandom('receipts');
  const total = PLAN.reduce((sum, [, count]) => sum + count, 0);
  const batches = await unclaimedStockBatches(tx, total, "w.kind = 'delivery'");
  const clients = await tx.query<{ id: string }>(
    `select id::text as id from partners where 'client' = any(kinds) order by partners.id`,
  );
  const statuses = PLAN.flatMap(([status, count]) => Array<string>(count).fill(status));
  const rows = batches.map((batch, i) => {
    const status = statuses[i]!;
    const transferee = status === 'transferred' ? random.pick(clients).id : null;
    return {
      receipt_no: `WR${batch.cropYear.slice(2, 4)}${batch.warehouseCode.replace('-', '')}${String(i + 1).padStart(4, '0')}`,
      batch_no: batch.batchNo,
      warehouse_id: batch.warehouseId,
      conditioned_weight: batch.conditionedWeight,
      registered_on: status === 'preDeclared' ? null : addDays(today, -random.int(5, 120)),
      valid_until: validUntil(batch.cropYear),
      transferee_id: transferee,
      holder_id: transferee,
      status,
    };
  });
  await insertRows(
    tx,
    'warehouse_receipts',
    {
      receipt_no: 'text',
      batch_no: 'text',
      warehouse_id: 'bigint',
      conditioned_weight: 'numeric',
      registered_on: 'date',
      valid_until: 'date',
      transferee_id: 'bigint',
      holder_id: 'bigint',
      status: 'text',
    },
    rows,
  );
  await recordReceiptHistory(tx, rows, today);
  const batchesIn = (status: string) =>
    rows.filter((row) => row.status === status).map((row) => row.batch_no);
  await tx.query(`update batches set status = 'receipted' where batch_no = any($1::text[])`, [
    batchesIn('registered'),
  ]);
  await tx.query(`update batches set status = 'sold' where batch_no = any($1::text[])`, [
    batchesIn('transferred'),
  ]);
}

interface ReceiptRow {
  receipt_no: string;
  batch_no: string;
  registered_on: string | null;
  status: string;
}

/** Registration, then transfer or cancellation, in each receipt's and its batch's history. */
async function recordReceiptHistory(tx: Queryable, rows: readonly ReceiptRow[], today: string) {
  const steps: DemoStep[] = [];
  const moves: DemoBatchMove[] = [];
  for (const row of rows) {
    if (!row.registered_on) continue;
    const registered = { by: 'warehouse', day: row.registered_on };
    steps.push({
      ...registered,
      no: row.receipt_no,
      action: 'register',
      from: 'preDeclared',
      to: 'registered',
    });
    moves.push({
      ...registered,
      batchNo: row.batch_no,
      from: 'stock',
      to: 'receipted',
      because: `注册仓单 ${row.receipt_no}`,
    });
    const later = {
      by: 'trader',
      day: addDays(row.registered_on, Math.min(3, diffDays(row.registered_on, today))),
    };
    if (row.status === 'transferred') {
      steps.push({ ...later, no: row.receipt_no, action: 'transfer', from: 'registered', to: 'transferred' });
      moves.push({
        ...later,
        batchNo: row.batch_no,
        from: 'receipted',
        to: 'sold',
        because: `过户仓单 ${row.receipt_no}`,
      });
    }
    if (row.status === 'cancelled') {
      steps.push({
        ...later,
        no: row.receipt_no,
        action: 'cancel',
        from: 'registered',
        to: 'cancelled',
        comment: '客户改为现货提货，注销仓单',
      });
      moves.push({
        ...later,
        batchNo: row.batch_no,
        from: 'receipted',
        to: 'stock',
        because: `注销仓单 ${row.receipt_no}`,
      });
    }
  }
  await recordHistory(
    tx,
    { resourceKey: 'warehouseReceipt', table: 'warehouse_receipts', keyColumn: 'receipt_no' },
    steps,
  );
  await recordBatchMoves(tx, moves);
}

const diffDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
