// The app fixture of the server tests: a database of the suite's (a copy of the run's migrated template),
// the app on it with a clock fixed at TEST_NOW unless told, the named users logged in, and the calls tests
// make as one of them. Started before the describe block's tests, closed and dropped after them.
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.ts';
import type { Composition } from '../platform/resources/area.ts';
import {
  type Backend,
  login,
  type ManualClock,
  manualClock,
  openTestDb,
  post,
  startApp,
  TEST_NOW,
  type TestDb,
} from './harness.ts';
import { type Body, resourceCalls } from './resourceCalls.ts';

export interface TestAppOptions {
  /** The moment the clock starts at (TEST_NOW unless given); the demo is loaded at it too. */
  now?: number;
  /** The demo company loaded (seeded at `now`; otherwise the database is seeded at TEST_SEEDED_AT). */
  demo?: boolean;
  /** Fewer areas than all of them (`compose([...])`): migrated fresh, not copied. */
  composition?: Composition;
  /** Users logged in before the tests: their tokens in `tokens`. */
  users?: readonly string[];
  /** Other options of the app. */
  app?: Partial<AppOptions>;
}

type Started = Awaited<ReturnType<typeof startApp>>;

/** Starts the app before the enclosing describe block's tests and ends it after them. */
export function useTestApp(backend: Backend, options: TestAppOptions = {}) {
  const clock: ManualClock = manualClock(options.now ?? TEST_NOW);
  const tokens: Record<string, string> = {};
  let env: TestDb | undefined;
  let started: Started | undefined;
  const need = () => {
    if (!env || !started) throw new Error('the test app starts in beforeAll: use it in a hook or a test');
    return { env, started };
  };
  const app = () => need().started.app;
  const tokenOf = (who: string) => {
    const token = tokens[who];
    if (!token) throw new Error(`${who} is not logged in: name them in useTestApp's users or log them in`);
    return token;
  };
  /** The app's options other than the database and clock, for a second app on the same database. */
  const appOptions = () => ({ ...(options.composition ?? {}), ...options.app });

  beforeAll(async () => {
    env = await openTestDb(backend, options.composition, {
      demo: options.demo,
      now: options.demo ? new Date(clock.now()) : undefined,
    });
    started = await startApp(env.db, clock, undefined, appOptions());
    for (const who of options.users ?? []) tokens[who] = (await login(started.app, who)).token;
    // The file that migrates the run's template waits longer than the others on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await started?.app.close();
    await env?.drop();
  });

  return {
    clock,
    /** Session tokens by login name. */
    tokens,
    get app(): FastifyInstance {
      return app();
    },
    get db() {
      return need().env.db;
    },
    /** The database's place, for a second connection to it. */
    get env() {
      return need().env;
    },
    get ctx() {
      return need().started.ctx;
    },
    get routes() {
      return need().started.routes;
    },
    /** The generic resource calls, as a logged-in user named by login. */
    ...resourceCalls(app, tokenOf),
    /** POSTs as a logged-in user. */
    post: (who: string, url: string, body: Body = {}) => post(app(), url, body, { token: tokenOf(who) }),
    /** Logs `who` in (again: after the clock passed a session's end), keeping the token. */
    login: async (who: string, password?: string) => {
      const session = await login(app(), who, password);
      tokens[who] = session.token;
      return session;
    },
    /** Another app on the same database and clock (a restart); the caller closes it. */
    startAnother: (other: Partial<AppOptions> = {}) =>
      startApp(need().env.db, clock, undefined, { ...appOptions(), ...other }),
  };
}

export type TestApp = ReturnType<typeof useTestApp>;
