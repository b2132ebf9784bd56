// New records' fields take their default from the settings in force today: the form asks the server once,
// any signed-in user may, and a later version of the setting is what the next form shows.
import type { FastifyInstance } from 'fastify';
import { FORM_DEFAULTS_PATH } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('form defaults on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('answers the VAT rate in force today to any user, and nothing without a session', async () => {
    const warehouse = (await login(app, 'warehouse')).token;
    // Every user reads the defaults forms preset (the lint VAT rate, a pledge's facility terms).
    expect((await post(app, FORM_DEFAULTS_PATH, {}, { token: warehouse })).json.data).toMatchObject({
      vatLintPercent: '9',
      pledgeAdvancePercent: '70',
    });
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('vatLintPercent', '10', '2026-11-02')`,
    );
    expect((await post(app, FORM_DEFAULTS_PATH, {}, { token: warehouse })).json.data).toMatchObject({
      vatLintPercent: '10',
    });
    expect((await post(app, FORM_DEFAULTS_PATH, {})).json.code).toBe(401);
  });
});
