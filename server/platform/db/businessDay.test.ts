// The business day in SQL is the server clock's, in the business zone, in plain queries and in transactions:
// at 00:30 in Shanghai (16:30 UTC the day before) an order valid until yesterday has expired.
import { buildApp } from '../../app.ts';
import { openTestDb, TEST_TENANT } from '../../test/harness.ts';
import { BUSINESS_DAY } from './index.ts';

const at = (iso: string) => () => new Date(iso);

describe('the business day in SQL', () => {
  it('reads the injected clock in the business zone, not the database clock', async () => {
    const env = await openTestDb({ name: 'pglite' });
    try {
      const day = async (clock: () => Date) => {
        const { ctx, app } = await buildApp({
          db: env.db,
          areas: [],
          routes: [],
          tenant: TEST_TENANT,
          clock,
        });
        const [plain] = await ctx.db.query<{ day: string }>(`select ${BUSINESS_DAY}::text as day`);
        const inTx = await ctx.db.transaction(async (tx) => {
          const [row] = await tx.query<{ day: string }>(`select ${BUSINESS_DAY}::text as day`);
          return row!.day;
        });
        await app.close();
        return [plain!.day, inTx];
      };
      expect(await day(at('2026-11-25T16:30:00Z'))).toEqual(['2026-11-26', '2026-11-26']);
      expect(await day(at('2026-11-25T15:30:00Z'))).toEqual(['2026-11-25', '2026-11-25']);
      expect(await day(at('2031-02-28T23:59:00Z'))).toEqual(['2031-03-01', '2031-03-01']);
    } finally {
      await env.drop();
    }
  });
});
