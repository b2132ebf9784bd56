import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { SERVER_AREAS } from './areas/index.ts';
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

/** Opens (and migrates) a tenant's database and serves its API, socket and bundle. */
export async function startTenantServer(config: ServerConfig, code: string): Promise<TenantServer> {
  const tenant = readTenant(code);
  const target = databaseTarget(config, code);
  const db = await openDatabase(target);
  try {
    const migration = await migrate(db, tenant, SERVER_AREAS, {
      timeZone: config.timeZone,
      demo: wantsDemo(config, target),
    });
    const { app } = await buildApp({
      areas: SERVER_AREAS,
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
