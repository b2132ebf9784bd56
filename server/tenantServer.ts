import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { COMPOSITION } from './areas/index.ts';
import { databaseTarget, type ServerConfig, wantsDemo } from './config.ts';
import { type Db, openDatabase } from './platform/db/index.ts';
import { type MigrationResult, migrate } from './platform/db/migrate.ts';
import { readTenant } from './platform/tenants/load.ts';
import { tenantDistDir } from './platform/tenants/paths.ts';

export interface TenantServer {
  code: string;
  url: string;
  app: FastifyInstance;
  db: Db;
  migration: MigrationResult;
  /** Finishes open requests, closes sockets with a reason, then the database. */
  close: () => Promise<void>;
}

/** A tenant's database, opened and migrated (the demo company loaded into a fresh one). */
export interface OpenedTenant {
  code: string;
  db: Db;
  migration: MigrationResult;
}

/** Opens and migrates a tenant's database: what takes long on a first start, and needs no bundle. */
export async function openTenant(config: ServerConfig, code: string): Promise<OpenedTenant> {
  const tenant = readTenant(code);
  const target = databaseTarget(config, code);
  const db = await openDatabase(target);
  let migration: MigrationResult;
  try {
    migration = await migrate(db, tenant, COMPOSITION, {
      timeZone: config.timeZone,
      demo: wantsDemo(config, target),
    });
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  // The embedded engine's memory grows with the demo's load and WebAssembly memory never shrinks: opened
  // again, the tenant idles on what serving needs (one tenant with the demo: 704 → 543 MB resident).
  if (db.kind !== 'pglite' || !migration.demo) return { code, db, migration };
  await db.close();
  return { code, db: await openDatabase(target), migration };
}

/** Serves an opened tenant: its API, socket and bundle (built by then). */
export async function serveTenant(
  config: ServerConfig,
  { code, db, migration }: OpenedTenant,
): Promise<TenantServer> {
  try {
    const { app } = await buildApp({
      ...COMPOSITION,
      db,
      tenant: readTenant(code),
      staticDir: tenantDistDir(code),
      timeZone: config.timeZone,
      trustProxy: config.trustProxy,
      logger: { level: config.logLevel, base: { tenant: code } },
      logRequests: config.logRequests,
      socketsPerSession: config.socketsPerSession,
    });
    const url = await app.listen({ host: config.host, port: config.ports[code] ?? 0 });
    return {
      code,
      url,
      app,
      db,
      migration,
      close: async () => {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** Opens (and migrates) a tenant's database and serves its API, socket and bundle. */
export async function startTenantServer(config: ServerConfig, code: string): Promise<TenantServer> {
  return serveTenant(config, await openTenant(config, code));
}
