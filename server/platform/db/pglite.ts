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
 * PGlite runs one statement at a time, on the server's own thread: while it works, no request is even read,
 * so overload queued out of sight (100 connections on a heavy list left requests waiting 10 s, every one
 * answered in the end). Statements and transactions therefore take turns in a line of their own, one at a
 * time, the server taking in what arrived before each turn; a new one is refused at once (DatabaseBusy →
 * HTTP 503 with Retry-After) past `maxWaiting` in line, or while the line's oldest has been in it
 * `maxWaitMs` (the line moves too slowly for a newcomer to be served soon).
 */
export const DEFAULT_MAX_WAITING = 64;
// 2 s refused logins when the machine's cores were shared with other work (the end-to-end run beside a build:
// each call took five times longer, the line's oldest passed 2 s and every newcomer got 503). Ten seconds is
// still short of a browser's patience and keeps a flood from queueing without end.
export const DEFAULT_MAX_WAIT_MS = 10_000;
/**
 * Calls served at once. Statements of calls in progress take turns, so a call's time grows with how many
 * run beside it: 100 connections on the batch list waited 6 s at the median, each call sharing the line with
 * the other sixty. With a few at a time, a call waits for a slot (refused past `maxWaitMs`) and then runs
 * nearly alone.
 */
export const DEFAULT_REQUEST_SLOTS = 4;

export interface LineLimits {
  maxWaiting: number;
  maxWaitMs: number;
  requestSlots: number;
}

/** `slots` calls at a time; the others wait first come first served, refused as the line's rules say. */
export function requestSlots(
  limits: LineLimits,
  clock: () => number = () => performance.now(),
): () => Promise<() => void> {
  let free = limits.requestSlots;
  const waiting: { since: number; take: () => void }[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next.take();
    else free += 1;
  };
  const once = () => {
    let released = false;
    return () => {
      if (!released) release();
      released = true;
    };
  };
  return async () => {
    if (free > 0) {
      free -= 1;
      return once();
    }
    const now = clock();
    const oldest = waiting[0]?.since ?? now;
    if (waiting.length >= limits.maxWaiting || now - oldest >= limits.maxWaitMs) throw new DatabaseBusy();
    await new Promise<void>((take) => waiting.push({ since: now, take }));
    return once();
  };
}

/** The line in front of the one connection, first come first served; `clock` in ms (a test passes its own). */
export function boundedQueue(
  limits: Omit<LineLimits, 'requestSlots'>,
  clock: () => number = () => performance.now(),
) {
  const inLine: { since: number }[] = [];
  let last: Promise<void> = Promise.resolve();
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const now = clock();
    const oldest = inLine[0]?.since ?? now;
    if (inLine.length >= limits.maxWaiting || (inLine.length > 0 && now - oldest >= limits.maxWaitMs))
      throw new DatabaseBusy();
    const entry = { since: now };
    inLine.push(entry);
    const before = last;
    let done = () => {};
    last = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await before;
      // The requests that arrived meanwhile join the line (or are refused) before this one runs: PGlite
      // holds the thread while it works.
      await new Promise((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      inLine.splice(inLine.indexOf(entry), 1);
      done();
    }
  };
}

/**
 * Embedded PostgreSQL; dataDir undefined keeps the database in memory (tests), `loadDataDir` starts it from
 * a dump of another (the tests' migrated template) instead of an empty cluster.
 */
export async function openPglite(
  dataDir?: string,
  limits: Partial<LineLimits> = {},
  loadDataDir?: Blob,
): Promise<Db & { dump(): Promise<Blob> }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite({ dataDir, loadDataDir });
  await pg.waitReady;
  const inLine = boundedQueue({
    maxWaiting: limits.maxWaiting ?? DEFAULT_MAX_WAITING,
    maxWaitMs: limits.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
  });
  const direct = wrap(pg);
  const admit = requestSlots({
    maxWaiting: limits.maxWaiting ?? DEFAULT_MAX_WAITING,
    maxWaitMs: limits.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
    requestSlots: limits.requestSlots ?? DEFAULT_REQUEST_SLOTS,
  });
  return {
    kind: 'pglite',
    admit,
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
    dump: () => inLine(() => pg.dumpDataDir('none')),
  };
}
