import path from 'node:path';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, Queryable } from './types.ts';

export interface DatabaseTarget {
  /** PostgreSQL server; when absent the tenant runs on embedded PGlite. */
  url?: string;
  /** PostgreSQL schema of the tenant (one schema per tenant in one database). */
  schema?: string;
  /** PGlite data folder; absent = in memory. */
  dataDir?: string;
  poolSize?: number;
}

export function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.url) return openPostgres(target.url, target.schema ?? 'public', target.poolSize);
  return openPglite(target.dataDir ? path.resolve(target.dataDir) : undefined);
}
