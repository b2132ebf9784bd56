import type { FastifyInstance } from 'fastify';
import { readTenant } from '../scripts/tenants/load.ts';
import { tenantDistDir } from '../scripts/tenants/paths.ts';
import { buildApp } from './app.ts';
import { databaseTarget, type ServerConfig } from './config.ts';
import { type Db, openDatabase } from './db/index.ts';
import { type MigrationResult, migrate } from './db/migrate.ts';

export interface TenantServer {
  code: string;
  url: string;
  app: FastifyInstance;
  db: Db;
  migration: MigrationResult;
  /** Finishes open requests, closes sockets with a reason, then the database. */
  close: () => Promise<void>;
}

/** Opens (and migrates) a tenant's database and serves its API, socket and bundle. */
export async function startTenantServer(config: ServerConfig, code: string): Promise<TenantServer> {
  const tenant = readTenant(code);
  const db = await openDatabase(databaseTarget(config, code));
  try {
    const migration = await migrate(db, tenant);
    const { app } = await buildApp({
      db,
      tenant,
      staticDir: tenantDistDir(code),
      timeZone: config.timeZone,
      trustProxy: config.trustProxy,
      logger: { level: config.logLevel, base: { tenant: code } },
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
