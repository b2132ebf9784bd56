// Line items kept in a child table of their document.

import type { LinesStorage } from './storage.ts';

type Line = Record<string, unknown>;

/** Line items in a child table: `columns` maps line fields onto its columns; read back as text. */
export function childLines(
  table: string,
  parentColumn: string,
  columns: Record<string, string>,
): LinesStorage {
  const entries = Object.entries(columns);
  return {
    load: (db, id) =>
      db.query<Line>(
        `select ${entries.map(([field, column]) => `${column}::text as "${field}"`).join(', ')}
           from ${table} l where ${parentColumn} = $1 order by l.sort, l.id`,
        [id],
      ),
    save: async ({ db }, id, lines) => {
      await db.query(`delete from ${table} where ${parentColumn} = $1`, [id]);
      for (const [sort, line] of lines.entries())
        await db.query(
          `insert into ${table} (${parentColumn}, sort, ${entries.map(([, c]) => c).join(', ')})
           values ($1, $2, ${entries.map((_, i) => `$${i + 3}`).join(', ')})`,
          [id, sort, ...entries.map(([field]) => (line[field] === '' ? null : (line[field] ?? null)))],
        );
    },
  };
}
