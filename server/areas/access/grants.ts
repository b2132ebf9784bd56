// A role's rights on the menu tree: what each module offers (the role editor's tree) and the check that a
// role is granted only what its modules offer.

import type { FastifyInstance } from 'fastify';
import {
  GRANT_TREE_PATH,
  type GrantTreeAnswer,
  type GrantTreeNode,
  type OfferedCode,
} from '../../../src/areas/access/grants.ts';
import { role } from '../../../src/areas/access/resources.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { routeTitleKey } from '../../../src/shared/routes/routeRecords.ts';
import { OWN_CLIENTS } from '../../platform/access/permissions.ts';
import { seededTitleKey } from '../../platform/account/menu.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { badRequest, ok } from '../../platform/http/envelope.ts';

/** Codes that act on the whole role, accepted on any screen (see OWN_CLIENTS). */
const ROLE_WIDE_CODES: readonly string[] = [OWN_CLIENTS];

/** Scope of a module in role_grants: a group grants every route of its menu group. */
export const MODULE_SCOPE = `case when m.kind = 'group' then 'group:' || m.code else m.code end`;

interface ModuleOffer {
  id: string;
  parentId: string | null;
  kind: string;
  code: string;
  title: string;
  codes: OfferedCode[];
}

/** The modules the menu shows (a hidden group hides its screens) with the codes each offers, in menu order. */
async function moduleOffers(db: Queryable): Promise<ModuleOffer[]> {
  return db.query<ModuleOffer>(
    `select m.id::text, m.parent_id::text as "parentId", m.kind, m.code, m.title,
            coalesce((select json_agg(json_build_object('code', p.code, 'name', p.name) order by p.sort, p.code)
                        from module_permissions p where p.module_id = m.id), '[]'::json) as codes
       from modules m left join modules g on g.id = m.parent_id
      where not m.hidden and not coalesce(g.hidden, false)
      order by m.sort, m.id`,
  );
}

/** The word of a permission code (its dictionary entry as stored), for messages. */
async function codeWords(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ value: string; label: string }>(
    `select value, label from dictionary_entries where code = 'permissionCode'`,
  );
  return new Map(rows.map((row) => [row.value, row.label]));
}

interface Line {
  moduleId?: unknown;
  codes?: unknown;
}

/**
 * Refuses, before anything is written, a line on a module that does not exist and a code its module does
 * not offer; a code the role already holds there is kept (a code a module stopped offering, a group's
 * seeded rights), and a role-wide code goes on any screen.
 */
export async function assertGrantable(db: Queryable, roleId: string, lines: readonly Line[]) {
  const ids = lines.map((line) => String(line.moduleId ?? ''));
  const known = await db.query<{ id: string; title: string; scope: string; offered: string[] }>(
    `with recursive under(root, id) as (
       select id, id from modules where id::text = any($1::text[])
       union all select u.root, m.id from modules m join under u on m.parent_id = u.id)
     select m.id::text, m.title, ${MODULE_SCOPE} as scope,
            array(select distinct p.code from under u join module_permissions p on p.module_id = u.id
                   where u.root = m.id) as offered
       from modules m where m.id::text = any($1::text[])`,
    [ids],
  );
  const byId = new Map(known.map((module) => [module.id, module]));
  const heldRows = await db.query<{ scope: string; permissions: string[] }>(
    'select scope, permissions from role_grants where role_id = $1',
    [roleId],
  );
  const held = new Map(heldRows.map((row) => [row.scope, row.permissions]));
  let words: Map<string, string> | undefined;
  for (const [index, line] of lines.entries()) {
    const module = byId.get(ids[index]!);
    if (!module) throw badRequest(`所选菜单不存在（编号 ${ids[index] || '空'}），请刷新后重新授权`);
    if (!Array.isArray(line.codes)) throw badRequest(`第${index + 1}行权限码应为权限码的列表，请重新勾选`);
    const codes = line.codes.map(String);
    const refused = codes.find(
      (code) =>
        !module.offered.includes(code) &&
        !ROLE_WIDE_CODES.includes(code) &&
        !(held.get(module.scope) ?? []).includes(code),
    );
    if (refused === undefined) continue;
    words ??= await codeWords(db);
    throw badRequest(
      `菜单「${module.title}」没有“${words.get(refused) ?? refused}”（${refused}）权限，不能授予`,
    );
  }
}

/** The seeded title's key of a header group, a side-menu group of a business area, or a screen. */
function seededTitleOf(module: { kind: string; code: string; title: string; parentId: string | null }) {
  if (module.kind !== 'group')
    return seededTitleKey(
      routeTitleKey(routeByKey(module.code) ?? { key: module.code }),
      module.code,
      module.title,
    );
  if (module.parentId === null) return seededTitleKey(`menuGroup.${module.code}`, module.code, module.title);
  const area = module.code.replace(/^[^_]*_/, '');
  return seededTitleKey(`menuArea.${area}`, area, module.title);
}

/** The tree the role editor shows: the menu's groups and screens (hidden ones left out) and their actions. */
export function grantTreeCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall(app, ctx, {
    path: GRANT_TREE_PATH,
    access: { module: role.key, permission: role.permissions.view ?? 'view' },
    handle: async ({ db }) => {
      const modules = await moduleOffers(db);
      const words = await codeWords(db);
      const nodes: GrantTreeNode[] = modules.map((module) => ({
        id: module.id,
        parentId: module.parentId,
        kind: module.kind,
        code: module.code,
        title: module.title,
        ...seededTitleOf(module),
        codes: module.codes,
      }));
      const roleWide = ROLE_WIDE_CODES.filter((code) => words.has(code)).map((code) => ({
        code,
        name: words.get(code)!,
      }));
      return ok({ nodes, roleWide } satisfies GrantTreeAnswer);
    },
  });
}
