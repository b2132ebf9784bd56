import type { FastifyInstance } from 'fastify';
import { type LoginData, type LoginRequest, PATHS } from '../../../src/shared/api/contract.ts';
import { SESSION_LIFETIME_MS } from '../../../src/shared/constants.ts';
import { usersHolding } from '../access/permissions.ts';
import type { LoginLimits, ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { defineCall, signedIn } from '../http/calls.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { recordOperation } from '../http/operationRecord.ts';
import { hashToken, newToken } from '../http/session.ts';
import { createMessage } from '../messages/store.ts';
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
 * The administrators (who may reset a password) hear once per window that an account is being guessed from
 * many addresses, in the language the server writes its messages in.
 */
async function alertAdministrators(
  ctx: ServerContext,
  tx: Queryable,
  loginName: string,
  failures: { count: number; addresses: number },
  now: Date,
) {
  const minutes = Math.round(ctx.loginLimits.windowMs / 60_000);
  const message =
    `账号 **${loginName}** 在${minutes}分钟内从 ${failures.addresses} 个地址登录失败 ${failures.count} 次，` +
    `此后每次登录放慢${waitText(ctx.loginLimits.accountDelayMs)}（不锁定账号）；如非本人所为，请核查并提醒用户修改密码`;
  for (const admin of await usersHolding(tx, 'user', 'resetPassword'))
    await createMessage(tx, ctx.db, { loginName: admin, messageType: '1000002', message }, now);
}

/**
 * Reserves the attempt before the password is hashed: checked and counted in one transaction, under a lock
 * per address and then one per login name, so simultaneous guesses are counted one by one. The reservation
 * stays as a failure unless the password is right. Failures past the window are purged. Answers whether the
 * account is slowed: failed perAccount times inside the window, from every address together.
 */
async function reserveAttempt(ctx: ServerContext, loginName: string, address: string, now: Date) {
  const limits = ctx.loginLimits;
  return ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`login ${address}`]);
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`login account ${loginName}`]);
    await tx.query('delete from login_failures where at < $1', [new Date(now.getTime() - limits.windowMs)]);
    const keys: ThrottleKey[] = [
      { where: 'address = $2 and login_name = $3', params: [address, loginName], limit: limits.perUser },
      { where: 'address = $2', params: [address], limit: limits.perAddress },
    ];
    for (const key of keys) await assertNotThrottled(tx, limits, key, now);
    const [account] = await tx.query<{ count: number; addresses: number }>(
      `select count(*)::int as count, count(distinct address)::int as addresses from login_failures
        where login_name = $1 and at > $2`,
      [loginName, new Date(now.getTime() - limits.windowMs)],
    );
    const failures = account ?? { count: 0, addresses: 0 };
    if (failures.count === limits.perAccount) await alertAdministrators(ctx, tx, loginName, failures, now);
    const [row] = await tx.query<{ id: string }>(
      'insert into login_failures (login_name, address, at) values ($1, $2, $3) returning id::text as id',
      [loginName, address, now],
    );
    return { id: row!.id, slowed: failures.count >= limits.perAccount };
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
      // A guessed account is slowed for every attempt, the right password's too: how long an answer takes
      // tells nothing, and the user still logs in (a few seconds later), whoever guesses elsewhere.
      if (attempt.slowed) await (ctx.sleep ?? sleep)(ctx.loginLimits.accountDelayMs);
      const user = await checkCredentials(ctx, body);
      if (!user) throw badRequest('用户名或密码错误');
      if (!user.enabled) throw badRequest('账号已停用，请联系管理员');
      const token = newToken();
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `insert into sessions (token_hash, user_id, created_at, expires_at, address) values ($1, $2, $3, $4, $5)`,
          [hashToken(token), user.id, now, new Date(now.getTime() + SESSION_LIFETIME_MS), address],
        );
        await tx.query('delete from login_failures where id = $1', [attempt.id]);
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
    // Logout always ends the session: whatever its body holds, it is not read.
    ignoresBody: true,
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
