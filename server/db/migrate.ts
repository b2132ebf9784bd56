import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SeedTenant, seed } from './seed/index.ts';
import { seedSystem, syncModuleTree } from './seed/system.ts';
import type { Db, Queryable } from './types.ts';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const listMigrations = () =>
  fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();

async function appliedMigrations(tx: Queryable): Promise<Set<string>> {
  await tx.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  const rows = await tx.query<{ name: string }>('select name from schema_migrations');
  return new Set(rows.map((r) => r.name));
}

export interface MigrationResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Applies pending migrations and seeds a fresh database, all in one transaction under an advisory lock,
 * so several processes starting together against one database do not race.
 */
export async function migrate(db: Db, tenant: SeedTenant): Promise<MigrationResult> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext(current_schema()))');
    const done = await appliedMigrations(tx);
    const pending = listMigrations().filter((m) => !done.has(m));
    for (const name of pending) {
      await tx.exec(fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    }
    const [{ users }] = (await tx.query<{ users: number }>('select count(*)::int as users from users')) as [
      { users: number },
    ];
    if (users === 0) await seed(tx, tenant);
    // What the pending migrations bring is seeded into existing databases too, never overwriting rows.
    await seedSystem(tx, tenant, pending);
    await syncModuleTree(tx);
    return { applied: pending, seeded: users === 0 };
  });
}
