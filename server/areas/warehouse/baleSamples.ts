// Bale files for tests and the bench: plausible base-grade bales as rows of the template's columns.
import { baleFileTemplate } from '../../../src/domain/index.ts';

/** Batch, bale, colour, length, micronaire, strength, uniformity, trash, regain, gross, tare, net, ginning. */
export type BaleFileLine = readonly string[];

export const BALE_FILE_HEADER = baleFileTemplate()[0]!;

/** A CSV bale file of these rows under the template's header (or another header). */
export const baleFileCsv = (rows: readonly BaleFileLine[], header: readonly string[] = BALE_FILE_HEADER) =>
  [header, ...rows].map((row) => row.join(',')).join('\r\n');

/** n bales over batches of 186 (`<prefix>-000`, `<prefix>-001` …). */
export function sampleBales(n: number, prefix = 'BIG'): BaleFileLine[] {
  return Array.from({ length: n }, (_, i) => {
    const batchNo = `${prefix}-${String(Math.floor(i / 186)).padStart(3, '0')}`;
    const length = (28 + (i % 10) / 10).toFixed(1);
    const colour = i % 3 ? '31' : '21';
    return [
      batchNo,
      `${batchNo}-${i}`,
      colour,
      length,
      '4.3',
      '28.5',
      '82.5',
      '2.5',
      '8.0',
      '227.5',
      '1.5',
      '226.0',
      'P2',
    ];
  });
}
