import { partner } from '../../../src/areas/partners/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { cookieName } from '../../../src/shared/constants.ts';
import { BACKENDS, login, openTestDb, startApp, TEST_TENANT } from '../../test/harness.ts';

describe.each(BACKENDS)('calls authenticated by the cookie come from this origin, on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let server: Awaited<ReturnType<typeof startApp>>;
  let token: string;

  beforeAll(async () => {
    env = await openTestDb(backend);
    server = await startApp(env.db);
    token = (await login(server.app, 'admin')).token;
  });
  afterAll(async () => {
    await server?.app.close();
    await env?.drop();
  });

  const createPartner = async (name: string, headers: Record<string, string>, viaCookie = true) => {
    const res = await server.app.inject({
      method: 'POST',
      url: resourcePath(partner, 'save'),
      headers: {
        host: 'bo.example.com:8080',
        'content-type': 'application/x-www-form-urlencoded',
        ...(viaCookie ? {} : { authorization: token }),
        ...headers,
      },
      cookies: viaCookie ? { [cookieName(TEST_TENANT.code, 'token')]: token } : {},
      payload: new URLSearchParams({ name, kinds: 'client' }).toString(),
    });
    return res.json() as { code: number; msg: string };
  };
  const partnersNamed = async (name: string) =>
    (await env.db.query('select 1 from partners where name = $1', [name])).length;

  it('refuses a page of another site or another port of this host', async () => {
    const sameSite = await createPartner('跨端口单位', {
      'sec-fetch-site': 'same-site',
      origin: 'http://bo.example.com:9999',
    });
    expect(sameSite).toMatchObject({ code: 403, msg: expect.stringContaining('其他网站') });
    const oldBrowser = await createPartner('跨端口单位', { origin: 'http://bo.example.com:9999' });
    expect(oldBrowser.code).toBe(403);
    const referred = await createPartner('跨端口单位', { referer: 'http://evil.example/page' });
    expect(referred.code).toBe(403);
    expect(await partnersNamed('跨端口单位')).toBe(0);
  });

  it('accepts its own pages, callers without a browser, and the Authorization header from anywhere', async () => {
    expect((await createPartner('同源单位', { 'sec-fetch-site': 'same-origin' })).code).toBe(200);
    expect((await createPartner('同源单位二', { origin: 'http://bo.example.com:8080' })).code).toBe(200);
    expect((await createPartner('脚本单位', {})).code).toBe(200);
    expect((await createPartner('令牌单位', { 'sec-fetch-site': 'cross-site' }, false)).code).toBe(200);
  });
});
