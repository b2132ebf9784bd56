import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type LoginData, type MenuAnswer, type MenuItem, PATHS } from '../../src/shared/api/contract.ts';
import { installBusinessRoutes } from '../../src/shared/routes/catalogue.ts';
import { type AppOptions, buildApp } from '../app.ts';
import { COMPOSITION } from '../areas/index.ts';
import type { LoginLimits, TenantInfo } from '../platform/context.ts';
import { type Db, openDatabase } from '../platform/db/index.ts';
import { type MigrateOptions, migrate } from '../platform/db/migrate.ts';
import { openPglite } from '../platform/db/pglite.ts';
import { dropSchema } from '../platform/db/postgres.ts';
import { DEMO_PASSWORD } from '../platform/db/seed/data.ts';
import type { Composition } from '../platform/resources/area.ts';
import { learnSettings } from '../platform/settings.ts';
import {
  COPY_SCHEMA,
  copyDatabase,
  databaseUrl,
  dropDatabase,
  fromPgliteTemplate,
  postgresTemplate,
  templateKey,
  templateRun,
} from './templates.ts';

export const TEST_TENANT: TenantInfo = {
  code: 'demo',
  name: '测试棉业',
  disclaimer: { id: 'demo-disclaimer' },
  spotContract: '测试现货合同',
  contractTypeFt: '测试浮动价合同',
  orderType: '测试点价',
  contractTypeZt: '测试暂定价合同',
};
export { DEMO_PASSWORD };

export interface Backend {
  name: 'pglite' | 'postgres';
  url?: string;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI). */
export const BACKENDS: Backend[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.DATABASE_URL }] : []),
];

/** The moment the tests run at unless they say otherwise: Monday 23 November 2026, 16:00 in Beijing. */
export const TEST_NOW = Date.parse('2026-11-23T08:00:00Z');

/**
 * When the suite's databases are seeded unless a test says otherwise: before every test's day and before the
 * versions tests date 2026-01-01, so a setting's version a test writes supersedes the seed's, never collides.
 */
export const TEST_SEEDED_AT = Date.parse('2025-12-01T01:00:00Z');

export interface TestDb {
  db: Db;
  /** PostgreSQL: the database and schema of this test's tables, for a second connection to them. */
  url?: string;
  schema?: string;
  drop: () => Promise<void>;
}

// A test's own calls at once never meet the embedded line's 2 s budget on a loaded machine: the budget is
// asserted by server/platform/db/busy.test.ts.
const TEST_LINE = { maxWaitMs: 60_000 };

/**
 * A migrated and seeded database of its own (on PostgreSQL a database or a schema of its own), the demo
 * company if asked, seeded at `options.now` (TEST_SEEDED_AT unless given). In the suite, every area's database is a
 * copy of one migrated once per run; other compositions and scripts migrate a fresh one.
 */
export async function openTestDb(
  backend: Backend,
  composition: Composition = COMPOSITION,
  options: MigrateOptions = {},
): Promise<TestDb> {
  const settled = { ...options, now: options.now ?? new Date(TEST_SEEDED_AT) };
  const run = composition === COMPOSITION ? await templateRun() : undefined;
  if (!run) return freshTestDb(backend, composition, settled);
  // What migrating does in this process besides the database.
  installBusinessRoutes(composition.routes);
  learnSettings(composition.areas);
  const key = templateKey({
    tenant: TEST_TENANT,
    now: settled.now.toISOString(),
    timeZone: settled.timeZone,
    demo: settled.demo === true,
  });
  if (!backend.url) {
    const db = await fromPgliteTemplate(
      run,
      key,
      async () => {
        const made = await openPglite(undefined, TEST_LINE);
        await migrate(made, TEST_TENANT, composition, settled);
        return made;
      },
      (dump) => openPglite(undefined, TEST_LINE, dump),
    );
    return { db, drop: () => db.close() };
  }
  const server = backend.url;
  const template = await postgresTemplate(run, server, key, async (url) => {
    const db = await openDatabase({ url, schema: COPY_SCHEMA, poolSize: 1 });
    try {
      await migrate(db, TEST_TENANT, composition, settled);
    } finally {
      await db.close();
    }
  });
  const name = await copyDatabase(run, server, template);
  const url = databaseUrl(server, name);
  const db = await openDatabase({ url, schema: COPY_SCHEMA, poolSize: 4 });
  return {
    db,
    url,
    schema: COPY_SCHEMA,
    drop: async () => {
      await db.close();
      await dropDatabase(server, name);
    },
  };
}

async function freshTestDb(
  backend: Backend,
  composition: Composition,
  options: MigrateOptions,
): Promise<TestDb> {
  const schema = backend.url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ url: backend.url, schema, poolSize: 4, ...TEST_LINE });
  await migrate(db, TEST_TENANT, composition, options);
  return {
    db,
    url: backend.url,
    schema,
    drop: async () => {
      await db.close();
      if (backend.url && schema) await dropSchema(backend.url, schema);
    },
  };
}

/** A clock the test moves by hand (session expiry, throttling windows), at TEST_NOW unless told. */
export function manualClock(start = TEST_NOW) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export type ManualClock = ReturnType<typeof manualClock>;

export const TEST_LIMITS: LoginLimits = {
  perUser: 3,
  perAddress: 6,
  backoffMs: 60_000,
  windowMs: 15 * 60_000,
  perAccount: 8,
  accountDelayMs: 3_000,
};

export async function startApp(
  db: Db,
  clock: ManualClock = manualClock(),
  staticDir?: string,
  /** Other options of the app, e.g. fewer areas than all of them (`compose([...])`). */
  options: Partial<AppOptions> = {},
) {
  const { app, ctx, routes } = await buildApp({
    db,
    ...COMPOSITION,
    tenant: TEST_TENANT,
    clock: clock.now,
    staticDir,
    loginLimits: TEST_LIMITS,
    // A slowed login waits on no timer in a test; a test of the slowing passes its own.
    sleep: async () => {},
    ...options,
  });
  return { app, ctx, clock, routes };
}

export interface Answer extends Record<string, unknown> {
  code: number;
  msg?: string;
  data?: unknown;
}

/** POSTs a form body the way the app does (arrays repeated). */
export async function post(
  app: FastifyInstance,
  url: string,
  body: Record<string, string | number | string[]> = {},
  opts: { token?: string; address?: string; headers?: Record<string, string> } = {},
): Promise<{ res: LightMyRequestResponse; json: Answer }> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body))
    for (const item of Array.isArray(v) ? v : [v]) form.append(k, String(item));
  const res = await app.inject({
    method: 'POST',
    url,
    payload: form.toString(),
    remoteAddress: opts.address ?? '127.0.0.1',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.token ? { authorization: opts.token } : {}),
      ...opts.headers,
    },
  });
  return { res, json: res.json() as Answer };
}

/**
 * The first login of a user an administrator made: the temporary password is changed (nothing else is
 * answered until it is) and the session's token answered.
 */
export async function loginChangingTemporary(
  app: FastifyInstance,
  username: string,
  temporary: string,
  password = 'Staff2026x',
): Promise<string> {
  const { token } = await login(app, username, temporary);
  const { json } = await post(
    app,
    PATHS.changePassword,
    { oldPwd: temporary, newPwd: password, newPwdRe: password },
    { token },
  );
  if (json.code !== 200) throw new Error(`password change of ${username} failed: ${json.msg}`);
  return token;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  address?: string,
) {
  const { json } = await post(app, PATHS.login, { username, password }, { address });
  if (json.code !== 200) throw new Error(`login of ${username} failed: ${json.msg}`);
  return json.data as LoginData;
}

/** The screens of a menu answer, in order, through the side menus' groups. */
export function menuScreenIds(answer: MenuAnswer): string[] {
  const leaves = (items: MenuItem[]): string[] =>
    items.flatMap((item) => (item.children?.length ? leaves(item.children) : [item.id]));
  return answer.menu.flatMap((group) => leaves(group.menu));
}
