import type { FastifyInstance } from 'fastify';
import {
  type ChangePasswordRequest,
  type MenuAnswer,
  PATHS,
  type UserPrivilegesRequest,
} from '../../../src/shared/api/contract.ts';
import { checkPasswordChange } from '../../../src/shared/api/passwordRules.ts';
import { permissionsOn } from '../access/permissions.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { defineCall, inTransaction, signedIn } from '../http/calls.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { publish } from '../realtime/events.ts';
import { userInfo } from './account.ts';
import { loginCalls } from './login.ts';
import { buildMenus, loadModuleTree } from './menu.ts';

/** zh-chs words of the password rules when locales/zh-chs.json does not hold them (spec section 5). */
const PASSWORD_FALLBACK: Record<string, string> = {
  'password.oldRequired': '旧密码不能为空',
  'password.newRequired': '请输入密码',
  'password.repeatRequired': '请再次输入密码',
  'password.mismatch': '两次输入密码不一致!',
  'password.tooWeak': '密码至少8位，且须同时包含字母和数字',
  'password.sameAsOld': '新密码不能与旧密码相同',
};

const changePasswordBody = {
  type: 'object',
  properties: {
    oldPwd: { type: 'string', title: '旧密码', maxLength: 128 },
    newPwd: { type: 'string', title: '新密码', maxLength: 128 },
    newPwdRe: { type: 'string', title: '确认密码', maxLength: 128 },
  },
};

function menuCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall(app, ctx, {
    path: PATHS.menu,
    access: 'session',
    handle: async (call) => {
      const { userId, passwordTemporary } = signedIn(call);
      const [grants, tree, data] = await Promise.all([
        call.grants(),
        loadModuleTree(ctx.db),
        userInfo(ctx.db, userId),
      ]);
      // Until a temporary password is changed the frame opens with no menus, only the change to make.
      const menus = passwordTemporary ? { menu: [], menuTop: [] } : buildMenus(grants, tree);
      const answer: MenuAnswer = {
        code: 200,
        msg: '操作成功',
        ...menus,
        data,
        ...(passwordTemporary ? { passwordTemporary: true as const } : {}),
      };
      return answer;
    },
  });
}

function passwordProblems(ctx: ServerContext, body: ChangePasswordRequest): string | undefined {
  const problems = checkPasswordChange(body);
  if (problems.length === 0) return undefined;
  return problems.map((p) => ctx.t(p.messageKey, PASSWORD_FALLBACK[p.messageKey] ?? p.messageKey)).join('；');
}

/** Hashing happens before the transaction; the update only applies if the password is still the one checked. */
function changePasswordCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<ChangePasswordRequest>(app, ctx, {
    path: PATHS.changePassword,
    access: 'session',
    body: changePasswordBody,
    handle: async (call) => {
      const session = signedIn(call);
      const problems = passwordProblems(ctx, call.body);
      if (problems) throw badRequest(problems);
      const [user] = await ctx.db.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [session.userId],
      );
      if (!user || !(await verifyPassword(call.body.oldPwd, user.password_hash)))
        throw badRequest('旧密码不正确');
      const newHash = await hashPassword(call.body.newPwd);
      return inTransaction(ctx, call, PATHS.changePassword, async ({ db, now }) => {
        const changed = await db.query(
          'update users set password_hash = $3, password_changed_at = $4, password_temporary = false where id = $1 and password_hash = $2 returning id',
          [session.userId, user.password_hash, newHash, now],
        );
        if (changed.length === 0) throw badRequest('密码刚被修改过，请重新输入旧密码');
        await db.query(
          `update sessions set ended_at = $3, end_reason = 'password changed'
            where user_id = $1 and token_hash <> $2 and ended_at is null`,
          [session.userId, session.tokenHash, now],
        );
        await publish(db, ctx.db.channel, {
          kind: 'sessionsEnded',
          userId: session.userId,
          except: session.tokenHash,
        });
        return ok(undefined, '修改成功');
      });
    },
  });
}

async function currentDisclaimer(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ version: number }>(
    'select max(version) as version from disclaimer_versions',
  );
  return row?.version ?? undefined;
}

function disclaimerCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall(app, ctx, {
    path: PATHS.queryDisclaimer,
    access: 'session',
    handle: async (call) => {
      const version = await currentDisclaimer(call.db);
      if (version === undefined) return ok(0);
      const accepted = await ctx.db.query(
        'select 1 from disclaimer_acceptances where user_id = $1 and version = $2',
        [signedIn(call).userId, version],
      );
      return ok(accepted.length > 0 ? 0 : 1);
    },
  });
  defineCall(app, ctx, {
    path: PATHS.acceptDisclaimer,
    access: 'session',
    changes: true,
    handle: async (call) => {
      const version = await currentDisclaimer(call.db);
      if (version === undefined) throw badRequest('当前没有需要确认的免责声明');
      await call.db.query(
        `insert into disclaimer_acceptances (user_id, version, accepted_at, address) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [signedIn(call).userId, version, call.now, call.address],
      );
      call.record.detail = { version };
      return ok({ version }, '已确认');
    },
  });
}

function privilegesCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<UserPrivilegesRequest>(app, ctx, {
    path: PATHS.userPrivileges,
    access: 'session',
    body: {
      type: 'object',
      required: ['moduleCode'],
      properties: { moduleCode: { type: 'string', title: '模块编码', minLength: 1, maxLength: 100 } },
    },
    handle: async (call) => ok(permissionsOn(await call.grants(), call.body.moduleCode)),
  });
}

export async function userModule(app: FastifyInstance, opts: { ctx: ServerContext }): Promise<void> {
  loginCalls(app, opts.ctx);
  menuCall(app, opts.ctx);
  changePasswordCall(app, opts.ctx);
  disclaimerCalls(app, opts.ctx);
  privilegesCall(app, opts.ctx);
}
