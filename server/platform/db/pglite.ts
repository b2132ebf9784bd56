import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DatabaseBusy, type Db, type Queryable } from './types.ts';

const CHANNEL = 'bo_events';

const wrap = (q: PGlite | Transaction): Queryable => ({
  query: async <T>(sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows,
  exec: async (sql: string) => {
    await q.exec(sql);
  },
});

/**
 * PGlite runs one statement at a time. Past `maxWaiting` statements and transactions in line, a new one is
 * refused at once (DatabaseBusy → HTTP 503) instead of joining a queue that makes every caller wait for long.
 */
export const DEFAULT_MAX_WAITING = 64;

function boundedQueue(maxWaiting: number) {
  let waiting = 0;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (waiting >= maxWaiting) throw new DatabaseBusy();
    waiting++;
    try {
      return await work();
    } finally {
      waiting--;
    }
  };
}

/** Embedded PostgreSQL; dataDir undefined keeps the database in memory (tests). */
export async function openPglite(dataDir?: string, maxWaiting = DEFAULT_MAX_WAITING): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  const inLine = boundedQueue(maxWaiting);
  const direct = wrap(pg);
  return {
    kind: 'pglite',
    channel: CHANNEL,
    query: (sql, params) => inLine(() => direct.query(sql, params)),
    exec: (sql) => inLine(() => direct.exec(sql)),
    transaction: (fn) => inLine(() => pg.transaction((tx) => fn(wrap(tx)))),
    listen: async (handler) => {
      const stop = await pg.listen(CHANNEL, handler);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    close: () => pg.close(),
  };
}
