import type { FastifyInstance } from 'fastify';
import { type LoginData, type LoginRequest, PATHS } from '../../../src/shared/api/contract.ts';
import { SESSION_LIFETIME_MS } from '../../../src/shared/constants.ts';
import type { ServerContext } from '../../context.ts';
import { defineCall, signedIn } from '../../http/calls.ts';
import { badRequest, ok } from '../../http/envelope.ts';
import { recordOperation } from '../../http/operationRecord.ts';
import { hashToken, newToken } from '../../http/session.ts';
import { verifyAgainstNothing, verifyPassword } from '../../passwords.ts';
import { publish } from '../../realtime/events.ts';
import { userInfo } from './account.ts';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', title: '用户名', minLength: 1, maxLength: 64 },
    password: { type: 'string', title: '密码', minLength: 1, maxLength: 128 },
  },
};

/** Refuses while the name or the address has too many recent failures; says when to try again. */
async function assertNotThrottled(ctx: ServerContext, loginName: string, address: string, now: Date) {
  const { perUser, perAddress, windowMs } = ctx.loginLimits;
  const since = new Date(now.getTime() - windowMs);
  const checks = [
    { column: 'login_name', value: loginName, limit: perUser, who: '该账号' },
    { column: 'address', value: address, limit: perAddress, who: '当前网络地址' },
  ];
  for (const c of checks) {
    const rows = await ctx.db.query<{ at: Date }>(
      `select at from login_failures where ${c.column} = $1 and at > $2 order by at desc limit $3`,
      [c.value, since, c.limit],
    );
    if (rows.length < c.limit) continue;
    const freeAt = new Date(rows[rows.length - 1]!.at).getTime() + windowMs;
    const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
    throw badRequest(`${c.who}登录失败次数过多，已暂时锁定，请${minutes}分钟后再试`);
  }
}

/** Kept outside any transaction: the refusal must not roll it back. Failures past the window are purged. */
async function recordFailure(ctx: ServerContext, loginName: string, address: string, now: Date) {
  await ctx.db.query('insert into login_failures (login_name, address, at) values ($1, $2, $3)', [
    loginName,
    address,
    now,
  ]);
  await ctx.db.query('delete from login_failures where at < $1', [
    new Date(now.getTime() - ctx.loginLimits.windowMs),
  ]);
}

async function checkCredentials(ctx: ServerContext, body: LoginRequest) {
  const [user] = await ctx.db.query<{ id: string; password_hash: string; enabled: boolean }>(
    'select id::text, password_hash, enabled from users where login_name = $1',
    [body.username],
  );
  const valid = user
    ? await verifyPassword(body.password, user.password_hash)
    : await verifyAgainstNothing(body.password);
  return valid && user ? user : undefined;
}

export function loginCalls(app: FastifyInstance, ctx: ServerContext): void {
  // Not a `changes` call as a whole: a failure must be written even though the login is refused.
  defineCall<LoginRequest>(app, ctx, {
    path: PATHS.login,
    access: 'public',
    body: loginBody,
    handle: async ({ body, address, now }) => {
      await assertNotThrottled(ctx, body.username, address, now);
      const user = await checkCredentials(ctx, body);
      if (!user) {
        await recordFailure(ctx, body.username, address, now);
        throw badRequest('用户名或密码错误');
      }
      if (!user.enabled) throw badRequest('账号已停用，请联系管理员');
      const token = newToken();
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `insert into sessions (token_hash, user_id, created_at, expires_at, address) values ($1, $2, $3, $4, $5)`,
          [hashToken(token), user.id, now, new Date(now.getTime() + SESSION_LIFETIME_MS), address],
        );
        await tx.query('delete from login_failures where login_name = $1', [body.username]);
        await recordOperation(tx, {
          userId: user.id,
          loginName: body.username,
          action: PATHS.login,
          detail: { username: body.username },
          address,
          at: now,
        });
      });
      const data: LoginData = { token, user: await userInfo(ctx.db, user.id) };
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
