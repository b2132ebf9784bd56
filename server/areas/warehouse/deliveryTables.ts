// The exchange's delivery table of a crop year as stored: premiums (quality_premiums) and limits with the
// premium methods (delivery_limits), each the newest version whose crop year is not after the batch's. The
// domain's seed table is the first version of both.

import {
  DELIVERY_TABLE_2016_17,
  type DeliveryLimits,
  type DeliveryTable,
  deliveryTableFromRows,
  premiumMethodsFrom,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';

interface LimitsRow {
  maxTrash: string;
  maxRegain: string;
  minLength: number;
  grades: DeliveryLimits['undeliverableGrades'] | string;
  methods: unknown;
}

const jsonOf = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** The table a batch of this crop year is priced and judged by (the seed's limits before any version). */
export async function deliveryTableOf(db: Queryable, cropYear: string): Promise<DeliveryTable> {
  const rows = await db.query<{ cropYear: string; indicator: string; grade: string; premium: string }>(
    `select crop_year as "cropYear", indicator, grade, premium::text from quality_premiums
      where crop_year = (select max(crop_year) from quality_premiums where crop_year <= $1)`,
    [cropYear],
  );
  const [limits] = await db.query<LimitsRow>(
    `select max_trash_percent::text as "maxTrash", max_bale_regain_percent::text as "maxRegain",
            min_length_grade as "minLength", undeliverable_grades as grades, premium_methods as methods
       from delivery_limits where crop_year <= $1 order by crop_year desc limit 1`,
    [cropYear],
  );
  const table = deliveryTableFromRows(rows[0]?.cropYear ?? cropYear, rows);
  if (!limits) return table;
  return {
    ...table,
    methods: premiumMethodsFrom(jsonOf(limits.methods)),
    limits: {
      maxTrashPercent: limits.maxTrash,
      maxBaleRegainPercent: limits.maxRegain,
      minLengthGrade: Number(limits.minLength),
      undeliverableGrades: jsonOf(limits.grades),
    },
  };
}

/** Writes the seed version of the limits (never overwriting a stored one). */
export async function seedDeliveryLimits(tx: Queryable, table: DeliveryTable = DELIVERY_TABLE_2016_17) {
  const { limits } = table;
  await tx.query(
    `insert into delivery_limits
       (crop_year, max_trash_percent, max_bale_regain_percent, min_length_grade, undeliverable_grades,
        premium_methods)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb) on conflict do nothing`,
    [
      table.cropYear,
      limits.maxTrashPercent,
      limits.maxBaleRegainPercent,
      limits.minLengthGrade,
      JSON.stringify(limits.undeliverableGrades),
      JSON.stringify(table.methods),
    ],
  );
}
