// A batch's stored figures: from its bales when it has them (the 公检 bale file), else from its certificate,
// always under the delivery table of its crop year (deliveryTables.ts).

import {
  type BatchCertificate,
  batchValuesFromBales,
  deriveBatchValues,
} from '../../../src/areas/warehouse/batches.ts';
import { type Bale, batchFromBales, type DeliveryTable } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { deliveryTableOf } from './deliveryTables.ts';

/** Bale fields and their columns in `bales`, in the order they are written. */
export const BALE_COLUMNS = [
  ['baleNo', 'bale_no', 'text'],
  ['colourGrade', 'colour_grade', 'text'],
  ['lengthMm', 'length_mm', 'numeric'],
  ['micronaire', 'micronaire', 'numeric'],
  ['strength', 'strength', 'numeric'],
  ['uniformity', 'uniformity', 'numeric'],
  ['trashPercent', 'trash_percent', 'numeric'],
  ['moistureRegainPercent', 'moisture_regain_percent', 'numeric'],
  ['grossWeightKg', 'gross_weight_kg', 'numeric'],
  ['tareWeightKg', 'tare_weight_kg', 'numeric'],
  ['netWeightKg', 'net_weight_kg', 'numeric'],
  ['ginningGrade', 'ginning_grade', 'text'],
] as const;

export async function balesOf(db: Queryable, batchId: string, batchNo: string): Promise<Bale[]> {
  const rows = await db.query<Omit<Bale, 'batchNo'> & { ginningGrade: string | null }>(
    `select ${BALE_COLUMNS.map(([field, column]) => `${column}::text as "${field}"`).join(', ')}
       from bales where batch_id = $1 order by id`,
    [batchId],
  );
  return rows.map(({ ginningGrade, ...bale }) =>
    ginningGrade ? { ...bale, batchNo, ginningGrade } : { ...bale, batchNo },
  );
}

/** Replaces a batch's bales: one insert of column arrays, quick for thousands of bales. */
export async function replaceBales(db: Queryable, batchId: string, bales: readonly Bale[]) {
  await db.query('delete from bales where batch_id = $1', [batchId]);
  await db.query(
    `insert into bales (batch_id, ${BALE_COLUMNS.map(([, column]) => column).join(', ')})
     select $1, * from unnest(${BALE_COLUMNS.map(([, , type], i) => `$${i + 2}::${type}[]`).join(', ')})`,
    [batchId, ...BALE_COLUMNS.map(([field]) => bales.map((bale) => bale[field] ?? null))],
  );
}

type Stored = Record<string, unknown>;

/** The batch's figures from its bales under this table, as stored columns. */
export const figuresFromBales = (bales: readonly Bale[], table: DeliveryTable) =>
  batchValuesFromBales(batchFromBales(bales, table));

/** Stores a batch's server-owned values. */
export async function writeFigures(db: Queryable, id: string, values: Stored) {
  const entries = Object.entries(values);
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  await db.query(
    `update batches set ${entries.map(([field], i) => `${snake(field)} = $${i + 2}`).join(', ')},
            saved_batch_no = batch_no
      where id = $1`,
    [id, ...entries.map(([, value]) => value)],
  );
}

/** Recomputes and stores a batch's server-owned values (after a save, an import or a new table version). */
export async function recomputeBatch(db: Queryable, id: string): Promise<void> {
  const [batch] = await db.query<BatchCertificate & { batchNo: string; cropYear: string }>(
    `select batch_no as "batchNo", crop_year as "cropYear", gross_weight_kg::text as "grossWeightKg",
            tare_weight_kg::text as "tareWeightKg", trash_percent::text as "trashPercent",
            moisture_regain_percent::text as "moistureRegainPercent", colour_grade as "colourGrade",
            length_mm::text as "lengthMm", micronaire::text, strength::text, uniformity::text
       from batches where id = $1`,
    [id],
  );
  if (!batch) return;
  const table = await deliveryTableOf(db, batch.cropYear);
  const bales = await balesOf(db, id, batch.batchNo);
  if (bales.length > 0) return writeFigures(db, id, figuresFromBales(bales, table));
  await writeFigures(db, id, {
    ...deriveBatchValues(batch, table),
    colourShares: null,
    micronaireShares: null,
    ginningShares: null,
  });
  // Known by its certificate only, the batch is priced as the premium overview prices it.
  await db.query(
    'update batches set exchange_premium = (select quality_premium from batch_premiums where id = $1) where id = $1',
    [id],
  );
}

/**
 * Every batch again, e.g. after a migration changed how grades are named. A batch known only by its number
 * (a document of an earlier release named it before it was registered) has no certificate to compute from.
 */
export async function recomputeAllBatches(db: Queryable): Promise<void> {
  const rows = await db.query<{ id: string }>(
    `select id::text from batches
      where (gross_weight_kg is not null and tare_weight_kg is not null and trash_percent is not null
             and moisture_regain_percent is not null)
         or exists (select 1 from bales b where b.batch_id = batches.id)
      order by batches.id`,
  );
  for (const { id } of rows) await recomputeBatch(db, id);
}
