import path from 'node:path';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export { BUSINESS_DAY, onBusinessDay, withBusinessDay } from './businessDay.ts';
export { DatabaseBusy, type Db, type Queryable } from './types.ts';

export interface DatabaseTarget {
  /** PostgreSQL server; when absent the tenant runs on embedded PGlite. */
  url?: string;
  /** PostgreSQL schema of the tenant (one schema per tenant in one database). */
  schema?: string;
  /** PGlite data folder; absent = in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite: statements and transactions allowed to wait in line before new ones are refused as busy. */
  maxWaiting?: number;
  /** PGlite: how long the line's oldest may have waited before new statements are refused as busy. */
  maxWaitMs?: number;
  /** PGlite: calls served at once (the others wait for a slot, by the same two limits). */
  requestSlots?: number;
}

export function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.url) return openPostgres(target.url, target.schema ?? 'public', target.poolSize);
  return openPglite(target.dataDir ? path.resolve(target.dataDir) : undefined, {
    maxWaiting: target.maxWaiting,
    maxWaitMs: target.maxWaitMs,
    requestSlots: target.requestSlots,
  });
}
