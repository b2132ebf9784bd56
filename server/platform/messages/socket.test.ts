import type { FastifyInstance } from 'fastify';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { PATHS, SOCKET_TYPE } from '../../../src/shared/api/contract.ts';
import { cookieName } from '../../../src/shared/constants.ts';
import { BACKENDS, login, openTestDb, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { openSocket, type TestSocket } from '../../test/socketClient.ts';
import { openDatabase } from '../db/index.ts';
import { DEFAULT_SOCKETS_PER_SESSION } from '../realtime/hub.ts';

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe.each(BACKENDS)('real-time socket on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let base: string;
  const open: TestSocket[] = [];
  const connect = async (path: string, headers: Record<string, string>) => {
    const s = await openSocket(base, path, headers);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    base = await listen(app);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.ws.terminate();
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('refuses a socket without a session', async () => {
    await expect(openSocket(base, PATHS.socket('1'))).rejects.toThrow('HTTP 401');
  });

  it("refuses a socket on another user's id", async () => {
    const trader = await login(app, 'trader');
    const admin = await login(app, 'admin');
    await expect(
      openSocket(base, PATHS.socket(admin.user.id), { authorization: trader.token }),
    ).rejects.toThrow('HTTP 403');
  });

  it('answers the heartbeat, as JSON or as the bare string, to a session from the cookie', async () => {
    const { token, user } = await login(app, 'risk');
    const s = await connect(PATHS.socket(user.id), {
      cookie: `${cookieName(TEST_TENANT.code, 'token')}=${token}`,
    });
    s.ws.send(JSON.stringify({ messageType: SOCKET_TYPE.heartbeat }));
    expect(await s.next()).toEqual({ messageType: SOCKET_TYPE.heartbeat });
    s.ws.send('9999');
    expect(await s.next()).toEqual({ messageType: SOCKET_TYPE.heartbeat });
  });

  it('pushes a notification when a message is created for the user', async () => {
    const trader = await login(app, 'trader');
    const admin = await login(app, 'admin');
    const s = await connect(PATHS.socket(trader.user.id), { authorization: trader.token });
    const sent = await post(
      app,
      PATHS.messageSend,
      { loginName: 'trader', messageType: '1000004', message: '合同 **HT-001** 已审批' },
      { token: admin.token },
    );
    const frame = await s.next();
    expect(frame).toMatchObject({
      messageType: SOCKET_TYPE.notification,
      result: '合同 **HT-001** 已审批',
      notice: { id: (sent.json.data as { id: string }).id, messageType: '1000004' },
    });
    expect(frame.notice?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("tells another user's open screens when a record they may show is saved (7000 with its resource)", async () => {
    const risk = await login(app, 'risk');
    const admin = await login(app, 'admin');
    const s = await connect(PATHS.socket(risk.user.id), { authorization: risk.token });
    const { json } = await post(
      app,
      resourcePath(warehouse, 'save'),
      { code: 'RT01', name: '实时库', kind: 'own' },
      { token: admin.token },
    );
    expect(json.code, json.msg).toBe(200);
    expect(await s.next()).toEqual({ messageType: SOCKET_TYPE.dataChanged, changed: ['pri/Warehouse'] });
    // A refused save changes nothing and says nothing.
    await post(
      app,
      resourcePath(warehouse, 'save'),
      { code: 'RT01', name: '重复', kind: 'own' },
      { token: admin.token },
    );
    s.ws.send(JSON.stringify({ messageType: SOCKET_TYPE.heartbeat }));
    expect(await s.next()).toEqual({ messageType: SOCKET_TYPE.heartbeat });
  });

  it('sends 6666 and closes when the session ends', async () => {
    const { token, user } = await login(app, 'finance');
    const s = await connect(PATHS.socket(user.id), { authorization: token });
    await post(app, PATHS.logout, {}, { token });
    expect(await s.next()).toEqual({ messageType: SOCKET_TYPE.reconnect });
    expect((await s.closed).code).toBe(4001);
  });

  it('sends 6666 to the other sessions when the password changes, not to this one', async () => {
    const here = await login(app, 'warehouse');
    const there = await login(app, 'warehouse');
    const mine = await connect(PATHS.socket(here.user.id), { authorization: here.token });
    const other = await connect(PATHS.socket(there.user.id), { authorization: there.token });
    const changed = await post(
      app,
      PATHS.changePassword,
      { oldPwd: 'Cotton2026', newPwd: 'Warehouse2027', newPwdRe: 'Warehouse2027' },
      { token: here.token },
    );
    expect(changed.json.code).toBe(200);
    expect(await other.next()).toEqual({ messageType: SOCKET_TYPE.reconnect });
    mine.ws.send('9999');
    expect(await mine.next()).toEqual({ messageType: SOCKET_TYPE.heartbeat });
  });

  it('sends 6666 once the session has expired', async () => {
    const { app: timed, ctx, clock } = await startApp(env.db);
    try {
      const timedBase = await listen(timed);
      const { token, user } = await login(timed, 'admin');
      const s = await openSocket(timedBase, PATHS.socket(user.id), { authorization: token });
      clock.advance(24 * 60 * 60 * 1000 + 1);
      ctx.hub.sweep(); // what the periodic sweep does every heartbeat timeout
      expect(await s.next()).toEqual({ messageType: SOCKET_TYPE.reconnect });
      expect((await s.closed).code).toBe(4001);
    } finally {
      await timed.close();
    }
  });

  it(`lets one session hold ${DEFAULT_SOCKETS_PER_SESSION} sockets and closes a further one at once`, async () => {
    const { token, user } = await login(app, 'finance');
    const sockets = [];
    for (let i = 0; i < DEFAULT_SOCKETS_PER_SESSION; i++)
      sockets.push(await connect(PATHS.socket(user.id), { authorization: token }));
    const surplus = await connect(PATHS.socket(user.id), { authorization: token });
    expect(await surplus.closed).toEqual({
      code: 1008,
      reason: `too many sockets for this session (at most ${DEFAULT_SOCKETS_PER_SESSION})`,
    });
    sockets[0]!.ws.send(SOCKET_TYPE.heartbeat);
    expect(await sockets[0]!.next()).toEqual({ messageType: SOCKET_TYPE.heartbeat });
    const other = await login(app, 'finance');
    const ofAnotherSession = await connect(PATHS.socket(user.id), { authorization: other.token });
    ofAnotherSession.ws.send(SOCKET_TYPE.heartbeat);
    expect(await ofAnotherSession.next()).toEqual({ messageType: SOCKET_TYPE.heartbeat });
  });

  it('takes the cap from the server setting: with --sockets-per-session 2 the third socket is closed', async () => {
    const { app: capped } = await startApp(env.db, undefined, undefined, { socketsPerSession: 2 });
    const cappedBase = await listen(capped);
    try {
      const { token, user } = await login(capped, 'sales');
      const sockets = [];
      for (let i = 0; i < 2; i++) {
        const s = await openSocket(cappedBase, PATHS.socket(user.id), { authorization: token });
        open.push(s);
        sockets.push(s);
      }
      const third = await openSocket(cappedBase, PATHS.socket(user.id), { authorization: token });
      open.push(third);
      expect(await third.closed).toEqual({
        code: 1008,
        reason: 'too many sockets for this session (at most 2)',
      });
      sockets[1]!.ws.send(SOCKET_TYPE.heartbeat);
      expect(await sockets[1]!.next()).toEqual({ messageType: SOCKET_TYPE.heartbeat });
    } finally {
      for (const s of open.splice(0)) s.ws.terminate();
      await capped.close();
    }
  });

  it('closes sockets with a reason when the server shuts down', async () => {
    const { app: second } = await startApp(env.db);
    const secondBase = await listen(second);
    const { token, user } = await login(second, 'risk');
    const s = await openSocket(secondBase, PATHS.socket(user.id), { authorization: token });
    await second.close();
    expect(await s.closed).toEqual({ code: 1001, reason: 'server shutting down' });
  });

  it.runIf(backend.name === 'postgres')(
    'delivers a message created by one server process to a socket held by another',
    async () => {
      const other = await openTestDbSibling();
      const { app: holder } = await startApp(other);
      try {
        const holderBase = await listen(holder);
        const { token, user } = await login(holder, 'sales');
        const s = await openSocket(holderBase, PATHS.socket(user.id), { authorization: token });
        const admin = await login(app, 'admin');
        await post(
          app,
          PATHS.messageSend,
          { loginName: 'sales', messageType: '1000009', message: '保证金不足' },
          { token: admin.token },
        );
        expect(await s.next()).toMatchObject({ messageType: SOCKET_TYPE.notification, result: '保证金不足' });
        s.ws.terminate();
      } finally {
        await holder.close();
        await other.close();
      }
    },
  );

  /** A second connection pool on the same schema: what another API process would have. */
  function openTestDbSibling() {
    return openDatabase({ url: env.url, schema: env.schema, poolSize: 2 });
  }
});
