// npm run db:migrate [-- --tenants a,b --database-url …]: applies pending migrations (and the seed of a fresh database).
import { databaseTarget, describeTarget, readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { readTenant } from './tenants/load.ts';

async function main() {
  const config = readConfig();
  for (const code of config.tenants) {
    const target = databaseTarget(config, code);
    const db = await openDatabase(target);
    try {
      const { applied, seeded } = await migrate(db, readTenant(code));
      const what = applied.length ? `applied ${applied.join(', ')}` : 'up to date';
      console.log(`${code}: ${describeTarget(target)}: ${what}${seeded ? ', seeded' : ''}`);
    } finally {
      await db.close();
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
