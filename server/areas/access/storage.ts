// Storage of the access area: users, roles and their rights, departments, the menu tree, user groups and
// the operation record (tables of 001 and 002).

import { randomInt } from 'node:crypto';
import { operationWords } from '../../../src/shared/api/operations.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { CALL_OPERATIONS } from '../../platform/http/operationRecord.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { publish } from '../../platform/realtime/events.ts';
import type { HookContext, LinesStorage, ResourceStorage } from '../../platform/resources/storage.ts';
import { assertGrantable, MODULE_SCOPE } from './grants.ts';

type Line = Record<string, unknown>;

/** A constant of the code as an SQL literal. */
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

const stateOnFlag = {
  read: `case when t.enabled then 'enabled' else 'disabled' end`,
  write: 'enabled',
  encode: (value: unknown) => value !== 'disabled',
};
const sortColumn = { read: 't.sort', write: 'sort', encode: (value: unknown) => value ?? 0 };

/** A parent that would make the tree a loop (itself or one of its own descendants). */
async function assertNoLoop(db: Queryable, table: string, id: string, parentId: unknown, message: string) {
  if (!parentId) return;
  const [loop] = await db.query(
    `with recursive up(id, parent_id) as (
       select id, parent_id from ${table} where id = $1
       union all select p.id, p.parent_id from ${table} p join up on p.id = up.parent_id)
     select 1 from up where id = $2 limit 1`,
    [parentId, id],
  );
  if (loop) throw badRequest(message);
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';

/** Meets the password rule (8+ characters, letters and digits); the user changes it after logging in. */
export function temporaryPassword(): string {
  const letters = Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return `${letters}${randomInt(1000, 10000)}`;
}

interface PreparedPassword {
  password: string;
  hash: string;
}

async function endSessions(hook: HookContext, userId: string, reason: string) {
  await hook.db.query(
    'update sessions set ended_at = $2, end_reason = $3 where user_id = $1 and ended_at is null',
    [userId, hook.now, reason],
  );
  await publish(hook.db, hook.channel, { kind: 'sessionsEnded', userId });
}

const user: ResourceStorage = {
  table: 'users',
  columns: {
    loginName: 'login_name',
    relName: 'rel_name',
    departmentId: 'department_id',
    roleIds: {
      read: 'array(select ur.role_id from user_roles ur where ur.user_id = t.id order by ur.role_id)',
    },
    status: stateOnFlag,
    lastLoginTime: { read: '(select max(s.created_at) from sessions s where s.user_id = t.id)' },
  },
  unique: ['loginName'],
  prepare: async (verb, { creating, action }) => {
    if (!(verb === 'save' ? creating : action === 'resetPassword')) return undefined;
    const password = temporaryPassword();
    return { password, hash: await hashPassword(password) } satisfies PreparedPassword;
  },
  stamps: (_hook, creating, prepared) =>
    creating ? { password_hash: (prepared as PreparedPassword).hash, password_temporary: true } : {},
  saveExtra: async ({ db }, id, record) => {
    await db.query('delete from user_roles where user_id = $1', [id]);
    for (const roleId of new Set(record.roleIds as string[]))
      await db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [id, roleId]);
  },
  onDelete: async (db, ids) => {
    await db.query('delete from user_roles where user_id = any($1::bigint[])', [ids]);
  },
  afterSave: async (_hook, _id, creating, prepared) =>
    creating ? { temporaryPassword: (prepared as PreparedPassword).password } : {},
  afterTransition: async (hook, id, action, prepared) => {
    if (action === 'disable' && id === hook.actor.userId) throw badRequest('不能停用自己的账号');
    if (action === 'disable') await endSessions(hook, id, 'user disabled');
    if (action !== 'resetPassword') return {};
    const { password, hash } = prepared as PreparedPassword;
    await hook.db.query(
      'update users set password_hash = $2, password_changed_at = null, password_temporary = true where id = $1',
      [id, hash],
    );
    await endSessions(hook, id, 'password reset');
    return { temporaryPassword: password };
  },
};

const rolePermissions: LinesStorage = {
  load: (db, id) =>
    db.query<Line>(
      `select m.id::text as "moduleId", m.title as "moduleIdName", g.permissions as codes
         from role_grants g join modules m on g.scope = ${MODULE_SCOPE}
        where g.role_id = $1 order by m.sort, m.id`,
      [id],
    ),
  // Grants outside the menu tree ('*', API modules such as 'dictionary') are kept as they are.
  save: async ({ db }, id, lines) => {
    await assertGrantable(db, id, lines);
    await db.query(
      `delete from role_grants g where g.role_id = $1 and exists (select 1 from modules m where g.scope = ${MODULE_SCOPE})`,
      [id],
    );
    for (const line of lines) {
      const [module] = await db.query<{ scope: string }>(
        `select ${MODULE_SCOPE} as scope from modules m where m.id = $1`,
        [line.moduleId],
      );
      await db.query(
        `insert into role_grants (role_id, scope, permissions) values ($1, $2, $3)
         on conflict (role_id, scope) do update
           set permissions = array(select distinct unnest(role_grants.permissions || excluded.permissions))`,
        [id, module!.scope, line.codes],
      );
    }
  },
};

const role: ResourceStorage = {
  table: 'roles',
  columns: {
    allRights: { read: `exists(select 1 from role_grants g where g.role_id = t.id and g.scope = '*')` },
  },
  unique: ['code'],
  lines: rolePermissions,
  onDelete: async (db, ids) => {
    await db.query('delete from role_grants where role_id = any($1::bigint[])', [ids]);
  },
};

const org: ResourceStorage = {
  table: 'departments',
  columns: { parentId: 'parent_id', leaderId: 'leader_id', sort: sortColumn },
  unique: ['code'],
  saveExtra: ({ db }, id, record) =>
    assertNoLoop(db, 'departments', id, record.parentId, '上级部门不能是本部门或其下级部门'),
};

const moduleTree: ResourceStorage = {
  table: 'modules',
  columns: { parentId: 'parent_id', sort: sortColumn },
  unique: ['code'],
  lines: {
    load: (db, id) =>
      db.query<Line>('select code, name from module_permissions where module_id = $1 order by sort, code', [
        id,
      ]),
    save: async ({ db }, id, lines) => {
      await db.query('delete from module_permissions where module_id = $1', [id]);
      for (const [sort, line] of lines.entries())
        await db.query(
          'insert into module_permissions (module_id, code, name, sort) values ($1, $2, $3, $4) on conflict do nothing',
          [id, line.code, line.name, sort],
        );
    },
  },
  saveExtra: ({ db }, id, record) =>
    assertNoLoop(db, 'modules', id, record.parentId, '上级菜单不能是本菜单或其下级菜单'),
};

const userGroup: ResourceStorage = {
  table: 'user_groups',
  columns: { memberIds: { read: 't.member_ids', write: 'member_ids', encode: (value) => value ?? [] } },
  unique: ['name'],
};

/** `case <expression> when <key> then <text> … else <otherwise> end` over a table of words. */
const wordsCase = (expression: string, words: Readonly<Record<string, string>>, otherwise: string) =>
  `case ${expression} ${Object.entries(words)
    .map(([key, text]) => `when ${sqlText(key)} then ${sqlText(text)}`)
    .join(' ')} else ${otherwise} end`;

const callEntries = Object.entries(CALL_OPERATIONS);

const operationRecord: ResourceStorage = {
  table: 'operation_records',
  columns: {
    time: { read: 't.at' },
    userId: { read: 't.user_id' },
    // A value of the operationModule dictionary: the resource changed, or the part of the product a call is.
    resourceKey: {
      read: `coalesce(t.detail->>'resource', ${wordsCase(
        't.action',
        Object.fromEntries(callEntries.map(([path, call]) => [path, call.module])),
        't.action',
      )})`,
    },
    action: {
      read: `coalesce(t.detail->>'operation', ${wordsCase(
        't.action',
        Object.fromEntries(callEntries.map(([path, call]) => [path, call.operation])),
        `regexp_replace(t.action, '^.*/', '')`,
      )})`,
    },
    recordId: { read: `t.detail->>'recordId'` },
    summary: {
      read: `coalesce(t.detail->>'summary', ${wordsCase(
        't.action',
        Object.fromEntries(callEntries.map(([path, call]) => [path, operationWords(call.operation)])),
        't.action',
      )})`,
    },
    ip: { read: 't.address' },
  },
};

export const accessStorage: Readonly<Record<string, ResourceStorage>> = {
  module: moduleTree,
  role,
  user,
  org,
  userGroup,
  operationRecord,
};

/** What a reference field shows of the record it points at. */
export const accessReferenceNames = {
  module: { table: 'modules', column: 'title' },
  role: { table: 'roles', column: 'name' },
  user: { table: 'users', column: 'rel_name' },
} as const;
