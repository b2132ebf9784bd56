import { PATHS } from '../../../src/shared/api/contract.ts';
import { COMPOSITION } from '../../areas/index.ts';
import { login, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { DatabaseBusy, type Db, openDatabase } from './index.ts';
import { migrate } from './migrate.ts';
import { boundedQueue, requestSlots } from './pglite.ts';

describe('the line in front of the embedded database', () => {
  const gate = () => {
    let open = () => {};
    const closed = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { closed, open };
  };

  it('refuses at once while its oldest has waited 2 s, and takes work again once the line moved', async () => {
    let now = 0;
    const inLine = boundedQueue({ maxWaiting: 64, maxWaitMs: 2_000 }, () => now);
    const slow = gate();
    const first = inLine(() => slow.closed);
    now = 1_999;
    const second = inLine(async () => 'second');
    now = 2_000;
    await expect(inLine(async () => 'third')).rejects.toBeInstanceOf(DatabaseBusy);
    slow.open();
    await first;
    expect(await second).toBe('second');
    // The line is empty: the next one is taken whatever came before.
    now = 10_000;
    expect(await inLine(async () => 'fourth')).toBe('fourth');
  });

  it('refuses at once past 64 in line, however young', async () => {
    const inLine = boundedQueue({ maxWaiting: 64, maxWaitMs: 2_000 }, () => 0);
    const slow = gate();
    const held = Array.from({ length: 64 }, () => inLine(() => slow.closed));
    await expect(inLine(async () => 'one more')).rejects.toBeInstanceOf(DatabaseBusy);
    slow.open();
    await Promise.all(held);
    expect(await inLine(async () => 'again')).toBe('again');
  });
});

describe('the request slots of the embedded database', () => {
  it('serves two calls at a time; the third waits its turn, a later one is refused once it waited 2 s', async () => {
    let now = 0;
    const admit = requestSlots({ requestSlots: 2, maxWaiting: 64, maxWaitMs: 2_000 }, () => now);
    const first = await admit();
    await admit();
    let thirdIn = false;
    const third = admit().then((release) => {
      thirdIn = true;
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(thirdIn).toBe(false);
    now = 2_000;
    await expect(admit()).rejects.toBeInstanceOf(DatabaseBusy);
    first();
    // Released twice (a response and an abort of the same call), a slot is freed once.
    first();
    (await third)();
    now = 5_000;
    const again = await admit();
    let fourthIn = false;
    void admit().then(() => {
      fourthIn = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(fourthIn).toBe(false);
    again();
  });

  it('refuses at once past 64 waiting for a slot', async () => {
    const admit = requestSlots({ requestSlots: 1, maxWaiting: 64, maxWaitMs: 2_000 }, () => 0);
    await admit();
    const waiting = Array.from({ length: 64 }, () => admit());
    await expect(admit()).rejects.toBeInstanceOf(DatabaseBusy);
    expect(waiting).toHaveLength(64);
  });
});

describe('PGlite under more load than it can serve soon', () => {
  let db: Db;
  let server: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    db = await openDatabase({ maxWaiting: 8, requestSlots: 2 });
    await migrate(db, TEST_TENANT, COMPOSITION);
    server = await startApp(db);
  });
  afterAll(async () => {
    await server?.app.close();
    await db?.close();
  });

  it('serves more calls than its two slots in turn and frees the slot after an answer of any kind', async () => {
    const { token } = await login(server.app, 'admin');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(server.app, PATHS.menu, {}, { token })),
    );
    expect(answers.map((answer) => answer.json.code)).toEqual([200, 200, 200, 200, 200, 200]);
    // Two slots: were any kind of answer to keep its slot, the last call would never be served.
    for (let round = 0; round < 2; round++) {
      const broken = await server.app.inject({
        method: 'POST',
        url: PATHS.menu,
        payload: '{broken',
        headers: { 'content-type': 'application/json', authorization: token },
      });
      expect(broken.json().code).toBe(400);
      expect((await post(server.app, '/api/no/such/call', {}, { token })).res.statusCode).toBe(404);
      expect((await post(server.app, PATHS.menu, {})).json.code).toBe(401);
    }
    expect((await post(server.app, PATHS.menu, {}, { token })).json.code).toBe(200);
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

describe('PGlite whose line moves too slowly', () => {
  let db: Db;
  let server: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    // A line whose oldest waited 0.3 s moves too slowly here.
    db = await openDatabase({ maxWaitMs: 300 });
    await migrate(db, TEST_TENANT, COMPOSITION);
    server = await startApp(db);
  });
  afterAll(async () => {
    await server?.app.close();
    await db?.close();
  });

  it('answers busy at once (503, Retry-After) rather than queueing behind it, and serves again after', async () => {
    const { token } = await login(server.app, 'admin');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = db.transaction(() => gate);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const refused = await post(server.app, PATHS.menu, {}, { token });
    expect(refused.res.statusCode).toBe(503);
    expect(refused.res.headers['retry-after']).toBe('1');
    release();
    await held;
    expect((await post(server.app, PATHS.menu, {}, { token })).json.code).toBe(200);
  });
});
