import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './types.ts';

const CHANNEL = 'bo_events';

const wrap = (q: PGlite | Transaction): Queryable => ({
  query: async <T>(sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows,
  exec: async (sql: string) => {
    await q.exec(sql);
  },
});

/** Embedded PostgreSQL; dataDir undefined keeps the database in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  return {
    kind: 'pglite',
    channel: CHANNEL,
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    listen: async (handler) => {
      const stop = await pg.listen(CHANNEL, handler);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    close: () => pg.close(),
  };
}
