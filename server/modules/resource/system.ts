// Storage of the system resources (src/modules/system/): tables of 001 where they already held the data
// (users, roles, departments, dictionary entries, partners, operation records), 002 for the rest.

import { randomInt } from 'node:crypto';
import { PATHS } from '../../../src/shared/api/contract.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../http/envelope.ts';
import { hashPassword } from '../../passwords.ts';
import { publish } from '../../realtime/events.ts';
import type { StoredArea } from './area.ts';
import { batchStorage } from './batches.ts';
import { logisticsStorage } from './logistics.ts';
import { receiptStorage } from './receipts.ts';
import type { HookContext, LinesStorage, ResourceStorage } from './storage.ts';
import { warehouseServiceStorage } from './warehouseServices.ts';

type Line = Record<string, unknown>;

/** A constant of the code as an SQL literal. */
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

const stateOnFlag = {
  read: `case when t.enabled then 'enabled' else 'disabled' end`,
  write: 'enabled',
  encode: (value: unknown) => value !== 'disabled',
};
const sortColumn = { read: 't.sort', write: 'sort', encode: (value: unknown) => value ?? 0 };

/** Line items in a child table: `columns` maps line fields onto its columns; read back as text. */
function childLines(table: string, parentColumn: string, columns: Record<string, string>): LinesStorage {
  const entries = Object.entries(columns);
  return {
    load: (db, id) =>
      db.query<Line>(
        `select ${entries.map(([field, column]) => `${column}::text as "${field}"`).join(', ')}
           from ${table} where ${parentColumn} = $1 order by sort, id`,
        [id],
      ),
    save: async ({ db }, id, lines) => {
      await db.query(`delete from ${table} where ${parentColumn} = $1`, [id]);
      for (const [sort, line] of lines.entries())
        await db.query(
          `insert into ${table} (${parentColumn}, sort, ${entries.map(([, c]) => c).join(', ')})
           values ($1, $2, ${entries.map((_, i) => `$${i + 3}`).join(', ')})`,
          [id, sort, ...entries.map(([field]) => (line[field] === '' ? null : (line[field] ?? null)))],
        );
    },
  };
}

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
    creating ? { password_hash: (prepared as PreparedPassword).hash } : {},
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
    await hook.db.query('update users set password_hash = $2, password_changed_at = null where id = $1', [
      id,
      hash,
    ]);
    await endSessions(hook, id, 'password reset');
    return { temporaryPassword: password };
  },
};

/** Scope of a module in role_grants: a group grants every route of its menu group. */
const MODULE_SCOPE = `case when m.kind = 'group' then 'group:' || m.code else m.code end`;

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
    await db.query(
      `delete from role_grants g where g.role_id = $1 and exists (select 1 from modules m where g.scope = ${MODULE_SCOPE})`,
      [id],
    );
    for (const line of lines) {
      const [module] = await db.query<{ scope: string }>(
        `select ${MODULE_SCOPE} as scope from modules m where m.id = $1`,
        [line.moduleId],
      );
      if (!module) throw badRequest('所选菜单不存在');
      await db.query(
        `insert into role_grants (role_id, scope, permissions) values ($1, $2, $3)
         on conflict (role_id, scope) do update
           set permissions = array(select distinct unnest(role_grants.permissions || excluded.permissions))`,
        [id, module.scope, line.codes],
      );
    }
  },
};

const role: ResourceStorage = {
  table: 'roles',
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

const dictionary: ResourceStorage = {
  table: 'dictionaries',
  unique: ['code'],
  lines: {
    load: (db, id) =>
      db.query<Line>(
        `select e.value, e.label, e.sort from dictionary_entries e join dictionaries d on d.code = e.code
          where d.id = $1 order by e.sort, e.value`,
        [id],
      ),
    // Entries follow the dictionary's code; those of a code no dictionary has any more go with it.
    save: async ({ db }, _id, lines, record) => {
      await db.query(
        `delete from dictionary_entries e
          where e.code = $1 or not exists (select 1 from dictionaries d where d.code = e.code)`,
        [record.code],
      );
      const values = new Set<string>();
      for (const line of lines) {
        if (values.has(String(line.value))) throw badRequest(`字典值重复：${line.value}`);
        values.add(String(line.value));
        await db.query('insert into dictionary_entries (code, value, label, sort) values ($1, $2, $3, $4)', [
          record.code,
          line.value,
          line.label,
          line.sort,
        ]);
      }
    },
  },
  onDelete: async (db, ids) => {
    await db.query(
      'delete from dictionary_entries where code in (select code from dictionaries where id = any($1::bigint[]))',
      [ids],
    );
  },
};

const operationRecord: ResourceStorage = {
  table: 'operation_records',
  columns: {
    time: { read: 't.at' },
    userId: { read: 't.user_id' },
    // Calls other than the generic ones are named by their path; the login is an action of its own.
    resourceKey: { read: `coalesce(t.detail->>'resource', t.action)` },
    action: {
      read: `coalesce(t.detail->>'operation', case when t.action = ${sqlText(PATHS.login)} then 'login' else regexp_replace(t.action, '^.*/', '') end)`,
    },
    recordId: { read: `t.detail->>'recordId'` },
    summary: { read: `coalesce(t.detail->>'summary', t.action)` },
    ip: { read: 't.address' },
  },
};

const partner: ResourceStorage = {
  table: 'partners',
  unique: ['name'],
  lines: childLines('partner_contacts', 'partner_id', { name: 'name', phone: 'phone', position: 'position' }),
};

const updateStamp = (hook: HookContext) => ({ updated_at: hook.now });

/** One published template per print variant: publishing one retires the one it replaces, on the record. */
async function retireReplaced(hook: HookContext, table: string, resourceKey: string, id: string) {
  const retired = await hook.db.query<{ id: string }>(
    `update ${table} set status = 'retired', updated_at = $2
      where status = 'active' and id <> $1 and variant = (select variant from ${table} where id = $1)
      returning id::text`,
    [id, hook.now],
  );
  for (const { id: retiredId } of retired)
    await hook.db.query(
      `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
       values ($1, $2, 'retire', 'active', 'retired', $3, $4, $5)`,
      [resourceKey, retiredId, hook.actor.userId, '已发布新模板取代', hook.now],
    );
}

const template = (table: string, resourceKey: string): ResourceStorage => ({
  table,
  columns: { updateTime: { read: 't.updated_at' } },
  stamps: updateStamp,
  onUpdate: 'version = version + 1',
  afterTransition: async (hook, id, action) => {
    if (action === 'publish') await retireReplaced(hook, table, resourceKey, id);
    return {};
  },
});

/** The areas added after the system resources (002), each with its own migration; one more is one more entry. */
export const STORED_AREAS: readonly StoredArea[] = [
  batchStorage,
  receiptStorage,
  logisticsStorage,
  warehouseServiceStorage,
];

/** Storage of every system resource, by declaration key. */
export const SYSTEM_STORAGE: Readonly<Record<string, ResourceStorage>> = {
  module: moduleTree,
  role,
  user,
  org,
  userGroup,
  dictionary,
  operationRecord,
  partner,
  partnerAssociation: { table: 'partner_associations' },
  clientMarginSet: { table: 'client_margin_sets' },
  partnerManagementAccount: { table: 'partner_management_accounts', unique: ['accountNo'] },
  warehouse: { table: 'warehouses', unique: ['code'] },
  systemSetting: {
    table: 'system_settings',
    columns: { updatedBy: { read: 't.updated_by' }, updateTime: { read: 't.updated_at' } },
    stamps: (hook) => ({ updated_at: hook.now, updated_by: hook.actor.userId }),
  },
  qualityPremium: { table: 'quality_premiums' },
  contractTemplate: template('contract_templates', 'contractTemplate'),
  billTemplate: template('bill_templates', 'billTemplate'),
  upstreamOrder: { table: 'upstream_orders', unique: ['orderNo'] },
  transactionContract: {
    table: 'transaction_contracts',
    unique: ['contractNo'],
    lines: childLines('transaction_contract_lines', 'contract_id', {
      batchNo: 'batch_no',
      conditionedWeight: 'conditioned_weight',
      unitPrice: 'unit_price',
    }),
  },
  ...Object.assign({}, ...STORED_AREAS.map((area) => area.storage)),
};

/** What a reference field shows of the record it points at. */
export const REFERENCE_NAMES: Readonly<Record<string, { table: string; column: string }>> = {
  ...Object.assign({}, ...STORED_AREAS.map((area) => area.referenceNames ?? {})),
  module: { table: 'modules', column: 'title' },
  role: { table: 'roles', column: 'name' },
  user: { table: 'users', column: 'rel_name' },
};
