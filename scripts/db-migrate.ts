// npm run db:migrate [-- --tenants a,b --database-url … --demo]: applies pending migrations (and the seed of a
// fresh database, with the demo company as npm start would load it).

import { COMPOSITION } from '../server/areas/index.ts';
import { databaseTarget, describeTarget, readConfig, wantsDemo } from '../server/config.ts';
import { openDatabase } from '../server/platform/db/index.ts';
import { migrate } from '../server/platform/db/migrate.ts';
import { readTenant } from '../server/platform/tenants/load.ts';

async function main() {
  const config = readConfig();
  for (const code of config.tenants) {
    const target = databaseTarget(config, code);
    const db = await openDatabase(target);
    try {
      const demo = wantsDemo(config, target);
      const result = await migrate(db, readTenant(code), COMPOSITION, {
        demo,
        timeZone: process.env.TIME_ZONE,
      });
      const what = result.applied.length ? `applied ${result.applied.join(', ')}` : 'up to date';
      const extra = `${result.seeded ? ', seeded' : ''}${result.demo ? ', demo company loaded' : ''}`;
      console.log(`${code}: ${describeTarget(target)}: ${what}${extra}`);
    } finally {
      await db.close();
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
