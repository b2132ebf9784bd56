import { COMPOSITION } from '../../areas/index.ts';
import { BACKENDS, openTestDb, TEST_TENANT } from '../../test/harness.ts';
import { openDatabase } from './index.ts';
import { migrate } from './migrate.ts';
import { DEMO_USERS } from './seed/data.ts';

describe.each(BACKENDS)('migrations on $name', (backend) => {
  it.runIf(backend.url)('lets two processes start on a fresh schema at once, seeding it once', async () => {
    const env = await openTestDb(backend);
    await env.db.query(`drop schema if exists "${env.schema}" cascade`);
    const a = await openDatabase({ url: env.url, schema: env.schema, poolSize: 2 });
    const b = await openDatabase({ url: env.url, schema: env.schema, poolSize: 2 });
    try {
      const results = await Promise.all([
        migrate(a, TEST_TENANT, COMPOSITION),
        migrate(b, TEST_TENANT, COMPOSITION),
      ]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      // Seeded once: the demo users, not twice as many.
      expect(await a.query('select count(*)::int as n from users')).toEqual([{ n: DEMO_USERS.length }]);
    } finally {
      await a.close();
      await b.close();
      await env.drop();
    }
  });
});
