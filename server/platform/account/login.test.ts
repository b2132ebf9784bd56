import { PATHS } from '../../../src/shared/api/contract.ts';
import { COOKIE_LIFETIME_DAYS, cookieName } from '../../../src/shared/constants.ts';
import {
  BACKENDS,
  DEMO_PASSWORD,
  login,
  openTestDb,
  post,
  startApp,
  TEST_TENANT,
} from '../../test/harness.ts';
import { hashToken } from '../http/session.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)('login and sessions on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let server: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    env = await openTestDb(backend);
    server = await startApp(env.db);
  });
  afterAll(async () => {
    await server?.app.close();
    await env?.drop();
  });

  it('answers a token and the user info for the right password', async () => {
    const { json } = await post(server.app, PATHS.login, { username: 'trader', password: DEMO_PASSWORD });
    expect(json.code).toBe(200);
    const data = json.data as { token: string; user: Record<string, unknown> };
    expect(Buffer.from(data.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(data.user).toMatchObject({
      loginName: 'trader',
      relName: '李明辉',
      departName: '交易部',
      phone: '13912345678',
    });
    expect(typeof data.user.id).toBe('string');
    expect(data.user.messCount).toBeGreaterThan(0);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await login(server.app, 'risk');
    const rows = await env.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await post(
      server.app,
      PATHS.login,
      { username: 'finance', password: 'Wrong12345' },
      { address: '10.0.0.2' },
    );
    const unknown = await post(
      server.app,
      PATHS.login,
      { username: 'nobody', password: 'Wrong12345' },
      { address: '10.0.0.2' },
    );
    expect(wrong.json).toMatchObject({ code: 400, msg: '用户名或密码错误' });
    expect(unknown.json).toMatchObject({ code: 400, msg: '用户名或密码错误' });
    expect(wrong.json.data).toBeUndefined();
  });

  it('asks for the missing field', async () => {
    const { json } = await post(server.app, PATHS.login, { username: 'finance' });
    expect(json).toMatchObject({ code: 400, msg: '请填写密码' });
  });

  const attempt = (username: string, password: string, address: string) =>
    post(server.app, PATHS.login, { username, password }, { address }).then((r) => r.json);

  it('makes an address that failed one user wait, doubling the wait with each further failure', async () => {
    for (let i = 0; i < 3; i++) await attempt('sales', 'Bad12345', '10.1.0.1');
    const waiting = await attempt('sales', DEMO_PASSWORD, '10.1.0.1');
    expect(waiting).toMatchObject({ code: 400, msg: '登录失败次数过多，请1分钟后再试' });
    server.clock.advance(61_000);
    expect(await attempt('sales', 'Bad12345', '10.1.0.1')).toMatchObject({ msg: '用户名或密码错误' });
    expect((await attempt('sales', DEMO_PASSWORD, '10.1.0.1')).msg).toBe('登录失败次数过多，请2分钟后再试');
    server.clock.advance(121_000);
    expect((await attempt('sales', DEMO_PASSWORD, '10.1.0.1')).code).toBe(200);
  });

  it('never locks a user out for everyone: failures elsewhere do not stop the right password', async () => {
    for (let i = 0; i < 10; i++) await attempt('finance', 'Bad12345', '10.2.0.1');
    expect((await attempt('finance', DEMO_PASSWORD, '10.2.0.2')).code).toBe(200);
  });

  it('evaluates no more simultaneous guesses than the limit allows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => attempt('risk', 'Bad12345', '10.3.0.1')),
    );
    const evaluated = answers.filter((a) => a.msg === '用户名或密码错误').length;
    expect(evaluated).toBe(3);
    expect(answers.filter((a) => /登录失败次数过多/.test(a.msg ?? ''))).toHaveLength(17);
  });

  it('throttles repeated failures from one address across names', async () => {
    for (let i = 0; i < 6; i++)
      await post(
        server.app,
        PATHS.login,
        { username: `guess${i}`, password: 'Bad12345' },
        { address: '10.9.9.9' },
      );
    const fromThere = await post(
      server.app,
      PATHS.login,
      { username: 'admin', password: DEMO_PASSWORD },
      { address: '10.9.9.9' },
    );
    expect(fromThere.json.msg).toMatch(/登录失败次数过多，请1分钟后再试/);
    const fromElsewhere = await post(
      server.app,
      PATHS.login,
      { username: 'admin', password: DEMO_PASSWORD },
      { address: '10.9.9.8' },
    );
    expect(fromElsewhere.json.code).toBe(200);
  });

  it('accepts the token as a raw header, a Bearer header and the tenant cookie', async () => {
    const { token } = await login(server.app, 'finance');
    const raw = await post(server.app, PATHS.menu, {}, { token });
    const bearer = await post(server.app, PATHS.menu, {}, { token: `Bearer ${token}` });
    const cookie = await server.app.inject({
      method: 'POST',
      url: PATHS.menu,
      cookies: { [cookieName(TEST_TENANT.code, 'token')]: token },
    });
    expect([raw.json.code, bearer.json.code, cookie.json().code]).toEqual([200, 200, 200]);
  });

  it('ends the session at logout', async () => {
    const { token } = await login(server.app, 'warehouse');
    const out = await post(server.app, PATHS.logout, {}, { token });
    expect(out.json.code).toBe(200);
    const after = await post(server.app, PATHS.menu, {}, { token });
    expect(after.json.code).toBe(401);
    const records = await env.db.query<{ action: string }>(
      `select action from operation_records where login_name = 'warehouse' order by id`,
    );
    expect(records.map((r) => r.action)).toEqual([PATHS.login, PATHS.logout]);
  });

  it('slows an account guessed from many addresses, tells the administrators once, and never locks it', async () => {
    const waits: number[] = [];
    const slowed = await startApp(env.db, server.clock, undefined, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const guess = (password: string, address: string) =>
      post(slowed.app, PATHS.login, { username: 'warehouse', password }, { address }).then(
        ({ json }) => json,
      );
    const alerts = () =>
      env.db.query<{ message: string }>(
        `select m.message from messages m join users u on u.id = m.user_id
          where u.login_name = 'admin' and m.message like '%warehouse%' order by m.id`,
      );
    try {
      // Two guesses from each of four addresses: under the per-address limits (3 per name, 6 in all).
      for (let i = 0; i < 8; i++)
        expect((await guess('Bad12345', `10.7.0.${i % 4}`)).msg).toBe('用户名或密码错误');
      expect(waits).toEqual([]);
      expect(await alerts()).toEqual([]);
      // The limit (8 failures from every address together) is reached: each further attempt waits 3 s.
      for (let i = 0; i < 5; i++)
        expect((await guess('Bad12345', `10.8.0.${i}`)).msg).toBe('用户名或密码错误');
      expect(waits).toEqual([3000, 3000, 3000, 3000, 3000]);
      expect(await alerts()).toEqual([
        {
          message:
            '账号 **warehouse** 在15分钟内从 4 个地址登录失败 8 次，此后每次登录放慢3秒（不锁定账号）；如非本人所为，请核查并提醒用户修改密码',
        },
      ]);
      // The user still logs in, as slowly as a guess (the answer's delay tells nothing), from anywhere.
      const right = await guess(DEMO_PASSWORD, '10.9.0.1');
      expect(right.code, right.msg).toBe(200);
      expect(waits).toHaveLength(6);
      // Past the window the account is no longer slowed.
      server.clock.advance(16 * 60_000);
      expect((await guess(DEMO_PASSWORD, '10.9.0.2')).code).toBe(200);
      expect(waits).toHaveLength(6);
    } finally {
      await slowed.app.close();
    }
  });

  it('ends the session at logout whatever the body holds: a NUL byte, broken JSON, another format', async () => {
    const bodies: { type: string; payload: string }[] = [
      { type: 'application/x-www-form-urlencoded', payload: 'reason=a%00b' },
      { type: 'application/json', payload: '{"reason":"a\\u0000b"}' },
      { type: 'application/json', payload: '{"reason":' },
      { type: 'text/xml', payload: '<logout/>' },
    ];
    for (const body of bodies) {
      const { token } = await login(server.app, 'trader');
      const out = await server.app.inject({
        method: 'POST',
        url: PATHS.logout,
        payload: body.payload,
        headers: { 'content-type': body.type, authorization: token },
      });
      expect(out.json(), body.payload).toMatchObject({ code: 200 });
      expect((await post(server.app, PATHS.menu, {}, { token })).json.code, body.payload).toBe(401);
    }
  });

  it(`expires a session after ${COOKIE_LIFETIME_DAYS} day`, async () => {
    const { token } = await login(server.app, 'risk');
    server.clock.advance(DAY_MS - 60_000);
    expect((await post(server.app, PATHS.menu, {}, { token })).json.code).toBe(200);
    server.clock.advance(2 * 60_000);
    const expired = await post(server.app, PATHS.menu, {}, { token });
    expect(expired.res.statusCode).toBe(200);
    expect(expired.json).toMatchObject({ code: 401, msg: '登录已过期，请重新登录' });
  });
});

describe('behind the documented nginx (--trust-proxy)', () => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let server: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    env = await openTestDb(BACKENDS[0]!);
    server = await startApp(env.db, undefined, undefined, { trustProxy: 'loopback' });
  });
  afterAll(async () => {
    await server?.app.close();
    await env?.drop();
  });

  // nginx appends the address it sees; anything left of it is whatever the client sent.
  const viaNginx = (username: string, password: string, forged: string) =>
    post(
      server.app,
      PATHS.login,
      { username, password },
      { address: '127.0.0.1', headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` } },
    ).then((r) => r.json);

  it("records the address nginx saw, not the client's own X-Forwarded-For", async () => {
    expect((await viaNginx('trader', DEMO_PASSWORD, '1.1.1.1')).code).toBe(200);
    const [record] = await env.db.query<{ address: string }>(
      `select address from operation_records where login_name = 'trader' order by id desc limit 1`,
    );
    expect(record?.address).toBe('203.0.113.7');
  });

  it('throttles a client however it forges X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++) await viaNginx('risk', 'Bad12345', `198.51.100.${i}`);
    expect((await viaNginx('risk', DEMO_PASSWORD, '198.51.100.99')).msg).toMatch(/登录失败次数过多/);
  });
});
