import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installBusinessRoutes } from '../../../src/shared/routes/catalogue.ts';
import type { Composition, ServerArea } from '../resources/area.ts';
import { learnSettings } from '../settings.ts';
import { BUSINESS_TIME_ZONE, businessDate } from '../time.ts';
import { onBusinessDay } from './businessDay.ts';
import { loadDemo } from './demo.ts';
import { type SeedTenant, seed } from './seed/index.ts';
import { seedSystem, syncModuleTree } from './seed/system.ts';
import type { Db, Queryable } from './types.ts';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Every migration, platform's and areas', by file name (the numbers order them across areas). */
export function listMigrations(areas: readonly ServerArea[]): Map<string, string> {
  const dirs = [migrationsDir, ...areas.flatMap((area) => (area.migrationsDir ? [area.migrationsDir] : []))];
  const files = new Map<string, string>();
  for (const dir of dirs)
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
      if (files.has(name)) throw new Error(`Two migrations are named ${name}`);
      files.set(name, path.join(dir, name));
    }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

async function appliedMigrations(tx: Queryable): Promise<Set<string>> {
  await tx.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  const rows = await tx.query<{ name: string }>('select name from schema_migrations');
  return new Set(rows.map((r) => r.name));
}

export interface MigrationResult {
  applied: string[];
  seeded: boolean;
  /** The demo company was loaded in this run. */
  demo: boolean;
}

export interface MigrateOptions {
  /** Load the demo company into a database this run creates (never into one that already has users). */
  demo?: boolean;
  /** The server's clock: seeded settings and the demo are dated relative to it. */
  now?: Date;
  /** The business time zone: a seeded setting takes effect on the business day. */
  timeZone?: string;
}

/**
 * Applies pending migrations and seeds a fresh database, all in one transaction under an advisory lock,
 * so several processes starting together against one database do not race.
 */
export async function migrate(
  db: Db,
  tenant: SeedTenant,
  composition: Composition,
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  const { now = new Date(), timeZone = BUSINESS_TIME_ZONE } = options;
  const { areas } = composition;
  installBusinessRoutes(composition.routes);
  learnSettings(areas);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext(current_schema()))');
    const done = await appliedMigrations(tx);
    const files = listMigrations(areas);
    const pending = [...files.keys()].filter((m) => !done.has(m));
    for (const name of pending) {
      await tx.exec(fs.readFileSync(files.get(name)!, 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    }
    const [{ users }] = (await tx.query<{ users: number }>('select count(*)::int as users from users')) as [
      { users: number },
    ];
    if (users === 0) await seed(tx, tenant, now);
    // What the pending migrations bring is seeded into existing databases too, never overwriting rows.
    await seedSystem(tx, tenant, pending, composition, now, timeZone);
    await syncModuleTree(tx, areas);
    const fresh = users === 0;
    const demo =
      fresh && options.demo === true
        ? await loadDemo(
            onBusinessDay(tx, () => businessDate(now, timeZone)),
            areas,
            { tenant: tenant as unknown as { name: string }, now },
            businessDate(now, timeZone),
          )
        : false;
    return { applied: pending, seeded: fresh, demo };
  });
}
