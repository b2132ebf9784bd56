import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type LoginData, type MenuAnswer, type MenuItem, PATHS } from '../../src/shared/api/contract.ts';
import { type AppOptions, buildApp } from '../app.ts';
import { SERVER_AREAS } from '../areas/index.ts';
import type { LoginLimits, TenantInfo } from '../platform/context.ts';
import { type Db, openDatabase } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { dropSchema } from '../platform/db/postgres.ts';
import { DEMO_PASSWORD } from '../platform/db/seed/data.ts';
import type { ServerArea } from '../platform/resources/area.ts';

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

/** A fresh, migrated and seeded database of its own (a new schema on PostgreSQL). */
export async function openTestDb(
  backend: Backend,
  areas: readonly ServerArea[] = SERVER_AREAS,
): Promise<{ db: Db; schema?: string; drop: () => Promise<void> }> {
  const schema = backend.url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ url: backend.url, schema, poolSize: 4 });
  await migrate(db, TEST_TENANT, areas);
  return {
    db,
    schema,
    drop: async () => {
      await db.close();
      if (backend.url && schema) await dropSchema(backend.url, schema);
    },
  };
}

/** A clock the test moves by hand (session expiry, throttling windows). */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export const TEST_LIMITS: LoginLimits = {
  perUser: 3,
  perAddress: 6,
  backoffMs: 60_000,
  windowMs: 15 * 60_000,
};

export async function startApp(
  db: Db,
  clock = manualClock(),
  staticDir?: string,
  /** Other options of the app, e.g. fewer `areas` than all of them. */
  options: Partial<AppOptions> = {},
) {
  const { app, ctx, routes } = await buildApp({
    db,
    areas: SERVER_AREAS,
    tenant: TEST_TENANT,
    clock: clock.now,
    staticDir,
    loginLimits: TEST_LIMITS,
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
