import type { FastifyInstance } from 'fastify';
import { type LoginData, type LoginRequest, PATHS } from '../../../src/shared/api/contract.ts';
import { SESSION_LIFETIME_MS } from '../../../src/shared/constants.ts';
import type { LoginLimits, ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { defineCall, signedIn } from '../http/calls.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { recordOperation } from '../http/operationRecord.ts';
import { hashToken, newToken } from '../http/session.ts';
import { verifyAgainstNothing, verifyPassword } from '../passwords.ts';
import { publish } from '../realtime/events.ts';
import { userInfo } from './account.ts';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', title: '用户名', minLength: 1, maxLength: 64 },
    password: { type: 'string', title: '密码', minLength: 1, maxLength: 128 },
  },
};

interface ThrottleKey {
  where: string;
  params: string[];
  limit: number;
}

function waitText(ms: number): string {
  return ms < 60_000 ? `${Math.ceil(ms / 1000)}秒` : `${Math.ceil(ms / 60_000)}分钟`;
}

/** Past the limit, attempts wait backoff·2^(failures − limit) after the latest failure, at most the window. */
async function assertNotThrottled(tx: Queryable, limits: LoginLimits, key: ThrottleKey, now: Date) {
  const since = new Date(now.getTime() - limits.windowMs);
  const [row] = await tx.query<{ failures: number; latest: Date | null }>(
    `select count(*)::int as failures, max(at) as latest from login_failures where ${key.where} and at > $1`,
    [since, ...key.params],
  );
  const failures = row?.failures ?? 0;
  if (failures < key.limit || !row?.latest) return;
  const wait = Math.min(limits.windowMs, limits.backoffMs * 2 ** (failures - key.limit));
  const left = new Date(row.latest).getTime() + wait - now.getTime();
  if (left > 0) throw badRequest(`登录失败次数过多，请${waitText(left)}后再试`);
}

/**
 * Reserves the attempt before the password is hashed: checked and counted in one transaction, under a lock
 * per address, so simultaneous guesses are counted one by one. The reservation stays as a failure unless
 * the password is right. Failures past the window are purged.
 */
async function reserveAttempt(ctx: ServerContext, loginName: string, address: string, now: Date) {
  const limits = ctx.loginLimits;
  return ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`login ${address}`]);
    await tx.query('delete from login_failures where at < $1', [new Date(now.getTime() - limits.windowMs)]);
    const keys: ThrottleKey[] = [
      { where: 'address = $2 and login_name = $3', params: [address, loginName], limit: limits.perUser },
      { where: 'address = $2', params: [address], limit: limits.perAddress },
    ];
    for (const key of keys) await assertNotThrottled(tx, limits, key, now);
    const [row] = await tx.query<{ id: string }>(
      'insert into login_failures (login_name, address, at) values ($1, $2, $3) returning id::text as id',
      [loginName, address, now],
    );
    return row!.id;
  });
}

async function checkCredentials(ctx: ServerContext, body: LoginRequest) {
  const [user] = await ctx.db.query<{
    id: string;
    password_hash: string;
    enabled: boolean;
    password_temporary: boolean;
  }>('select id::text, password_hash, enabled, password_temporary from users where login_name = $1', [
    body.username,
  ]);
  const valid = user
    ? await verifyPassword(body.password, user.password_hash)
    : await verifyAgainstNothing(body.password);
  return valid && user ? user : undefined;
}

export function loginCalls(app: FastifyInstance, ctx: ServerContext): void {
  // Not a `changes` call as a whole: the reserved attempt must stay (as a failure) although the login is refused.
  defineCall<LoginRequest>(app, ctx, {
    path: PATHS.login,
    access: 'public',
    body: loginBody,
    handle: async ({ body, address, now }) => {
      const attempt = await reserveAttempt(ctx, body.username, address, now);
      const user = await checkCredentials(ctx, body);
      if (!user) throw badRequest('用户名或密码错误');
      if (!user.enabled) throw badRequest('账号已停用，请联系管理员');
      const token = newToken();
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `insert into sessions (token_hash, user_id, created_at, expires_at, address) values ($1, $2, $3, $4, $5)`,
          [hashToken(token), user.id, now, new Date(now.getTime() + SESSION_LIFETIME_MS), address],
        );
        await tx.query('delete from login_failures where id = $1', [attempt]);
        await recordOperation(tx, {
          userId: user.id,
          loginName: body.username,
          action: PATHS.login,
          detail: { username: body.username },
          address,
          at: now,
        });
      });
      const data: LoginData = {
        token,
        user: await userInfo(ctx.db, user.id),
        ...(user.password_temporary ? { passwordTemporary: true } : {}),
      };
      return ok(data, '登录成功');
    },
  });

  defineCall(app, ctx, {
    path: PATHS.logout,
    access: 'session',
    changes: true,
    handle: async (call) => {
      const session = signedIn(call);
      await call.db.query(`update sessions set ended_at = $2, end_reason = 'logout' where token_hash = $1`, [
        session.tokenHash,
        call.now,
      ]);
      await publish(call.db, ctx.db.channel, {
        kind: 'sessionsEnded',
        userId: session.userId,
        only: session.tokenHash,
      });
      return ok(undefined, '退出成功');
    },
  });
}
