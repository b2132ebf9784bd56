import { PATHS } from '../../../src/shared/api/contract.ts';
import { SERVER_AREAS } from '../../areas/index.ts';
import { login, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { type Db, openDatabase } from './index.ts';
import { migrate } from './migrate.ts';

describe('PGlite under more load than it can serve soon', () => {
  let db: Db;
  let server: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    db = await openDatabase({ maxWaiting: 8 });
    await migrate(db, TEST_TENANT, SERVER_AREAS);
    server = await startApp(db);
  });
  afterAll(async () => {
    await server?.app.close();
    await db?.close();
  });

  it('answers busy at once (503, in words) while its line is full, and serves again once it clears', async () => {
    const { token } = await login(server.app, 'admin');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: 8 }, () => db.transaction(() => gate));
    const refused = await post(server.app, PATHS.menu, {}, { token });
    expect(refused.res.statusCode).toBe(503);
    expect(refused.res.headers['retry-after']).toBe('1');
    expect(refused.json).toEqual({ code: 503, msg: '服务器繁忙，请稍后再试' });
    release();
    await Promise.all(held);
    expect((await post(server.app, PATHS.menu, {}, { token })).json.code).toBe(200);
  });
});
