/** One table printed by `npm run bench`. */
export interface BenchSection {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  /** Targets and how the figures were taken, printed under the table. */
  notes?: string[];
}

export type BenchRunner = () => Promise<BenchSection | BenchSection[]>;
