// Batches with their bales as the storefront's tests need them: the three of domain-money.md §7.5.
import type { Queryable } from '../../platform/db/index.ts';

export interface BatchFigures {
  tonnes: string;
  colours: Record<string, number>;
  mic: string;
  length: string;
  strength: string;
  uniformity: string;
}

export const WORKED_EXAMPLE: Readonly<Record<'A' | 'B' | 'C', BatchFigures>> = {
  A: {
    tonnes: '42.150',
    colours: { '31': 150, '21': 20, '41': 16 },
    mic: '4.5',
    length: '28.6',
    strength: '28.4',
    uniformity: '82.1',
  },
  B: {
    tonnes: '41.700',
    colours: { '31': 170, '41': 14 },
    mic: '4.4',
    length: '28.9',
    strength: '28.9',
    uniformity: '82.6',
  },
  C: {
    tonnes: '42.600',
    colours: { '21': 60, '31': 128 },
    mic: '4.2',
    length: '29.3',
    strength: '29.6',
    uniformity: '83.2',
  },
};

/** A batch of `colours` bales (grade → bales) at one micronaire, and its certificate's averages. */
export async function batchWithBales(
  db: Queryable,
  batchNo: string,
  figures: {
    tonnes: string;
    colours: Record<string, number>;
    mic: string;
    length: string;
    strength: string;
    uniformity: string;
  },
  status = 'stock',
) {
  const bales = Object.values(figures.colours).reduce((sum, n) => sum + n, 0);
  const [batch] = await db.query<{ id: string }>(
    `insert into batches (batch_no, status, crop_year, bale_count, conditioned_weight, colour_grade, length_mm,
                          micronaire, strength, uniformity, exchange_premium)
     values ($1, $2, '2025/26', $3, $4, '31', $5, $6, $7, $8, 100) returning id::text`,
    [
      batchNo,
      status,
      bales,
      figures.tonnes,
      figures.length,
      figures.mic,
      figures.strength,
      figures.uniformity,
    ],
  );
  for (const [colour, count] of Object.entries(figures.colours))
    await db.query(
      `insert into bales (batch_id, bale_no, colour_grade, length_mm, micronaire, strength, uniformity, trash_percent,
                          moisture_regain_percent, gross_weight_kg, tare_weight_kg, net_weight_kg)
       select $1, $2 || '-' || n, $2, $3, $4, $5, $6, 2.0, 7.5, 228.0, 1.4, 226.6 from generate_series(1, $7) n`,
      [batch!.id, colour, figures.length, figures.mic, figures.strength, figures.uniformity, count],
    );
}
