// A setting read by the server's code (settingOn) and by SQL (setting_on) is one value on every day: the row
// in force, before the first row the first row (as edited, not the seed in code), after a new version that one.
import { settingOn } from '../../platform/settings.ts';
import { BACKENDS, manualClock, openTestDb, startApp } from '../../test/harness.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('a setting on a day on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    env = await openTestDb(backend);
    const { app } = await startApp(env.db, manualClock(NOW));
    close = () => app.close();
  });
  afterAll(async () => {
    await close();
    await env.drop();
  });

  const sql = async (day: string) =>
    (
      await env.db.query<{ value: string }>(`select setting_on('futuresLotTonnes', $1::date) as value`, [day])
    )[0]!.value;

  it('reads the same value in code and in SQL before, at and after each version', async () => {
    await env.db.query(`update system_settings set value = '6' where setting_key = 'futuresLotTonnes'`);
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('futuresLotTonnes', '10', '2027-01-04')`,
    );
    const days = ['2020-01-01', '2026-11-23', '2027-01-03', '2027-01-04', '2030-06-30'];
    const read = await Promise.all(days.map((day) => settingOn(env.db, 'futuresLotTonnes', day)));
    expect(read).toEqual(['6', '6', '6', '10', '10']);
    expect(await Promise.all(days.map(sql))).toEqual(read);
  });
});
