// The demo company's commissions: the month's run confirmed (submitted by finance, approved by finance2,
// confirmed by someone with no line in it) over the settlements confirmed by then, its lines the rules', a
// later run of the month awaiting approval, and the desks' targets in force against their actuals.
import type { FastifyInstance } from 'fastify';
import { commissionLine, commissionRun, commissionTarget } from '../../../src/areas/commissions/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { login, startApp, TEST_TENANT } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the demo company’s commissions', () => {
  let db: Db;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { records, call } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW });
    ({ app } = await startApp(db));
    for (const user of ['finance', 'sales']) tokens[user] = (await login(app, user)).token;
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('holds the month’s run confirmed, with lines, and a later one awaiting approval', async () => {
    const runs = await records('finance', commissionRun);
    expect(runs.map((run) => [run.period, run.status])).toEqual(
      expect.arrayContaining([
        ['2026-11', 'confirmed'],
        ['2026-11', 'submitted'],
      ]),
    );
    const confirmed = runs.find((run) => run.status === 'confirmed')!;
    expect(Number(confirmed.lineCount)).toBeGreaterThan(0);
    const { json } = await call('finance', commissionRun, 'detail', { id: confirmed.id });
    const lines = (json.data as { lines: { personId: string; payable: string }[] }).lines;
    expect(lines.map((line) => line.personId)).not.toContain(String(confirmed.confirmedBy));
    const history = await call('finance', commissionRun, 'history', { id: confirmed.id });
    expect((history.json.data as { action: string }[]).map((step) => step.action)).toEqual([
      'submit',
      'approve',
      'confirm',
    ]);
  });

  it('shows the sales desk its own lines only, and its targets against the actual', async () => {
    const own = await records('sales', commissionLine);
    const ids = await db.query<{ id: string }>("select id::text from users where login_name = 'sales'");
    expect(own.every((line) => line.personId === ids[0]!.id)).toBe(true);
    const targets = await records('sales', commissionTarget, { side: 'sale' });
    expect(targets.length).toBe(2);
    expect(targets.every((target) => target.status === 'active' && target.completionPercent !== null)).toBe(
      true,
    );
  });
});
