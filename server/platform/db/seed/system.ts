// Seed of what the composed areas bring: their dictionaries, each role's rights by migration (the system
// screens' with 002), the administrator's codes, each area's own seed (the settings area's settings and
// quality premium table), and the menu tree from the route catalogue. Runs when migrations are pending (every
// one on a fresh database, after the base seed), and never overwrites existing rows.

import {
  type Dictionaries,
  type DictionarySeedEntry,
  dictionariesOf,
  resourcesOf,
  seedDictionariesOf,
} from '../../../../src/framework/resource/area.ts';
import type { ResourceDecl } from '../../../../src/framework/resource/index.ts';
import {
  allRoutes,
  businessRoute,
  businessRoutes,
  MENU_GROUPS,
} from '../../../../src/shared/routes/catalogue.ts';
import { routeTitleKey } from '../../../../src/shared/routes/routeRecords.ts';
import { loadTranslator, type Translate } from '../../i18n.ts';
import type { Composition, RoleGrant, RoleGrants, ServerArea } from '../../resources/area.ts';
import { BUSINESS_TIME_ZONE } from '../../time.ts';
import type { Queryable } from '../types.ts';
import { PERMISSION_CODES } from './data.ts';
import type { SeedTenant } from './index.ts';

export const SYSTEM_MIGRATION = '002_system_resources.sql';

type DictionaryLabel = DictionarySeedEntry['label'];

function labelText(label: DictionaryLabel, tenant: SeedTenant, t: Translate, value: string): string {
  if (typeof label === 'string') return label;
  if ('i18n' in label) return t(label.i18n, value);
  const term = (tenant as unknown as Record<string, unknown>)[label.term];
  return typeof term === 'string' ? term : t(`field.${label.term}`, value);
}

/** Dictionaries the database does not have yet (a fresh one, or those a new version brings). */
async function seedDictionaries(tx: Queryable, dictionaries: Dictionaries, tenant: SeedTenant, t: Translate) {
  const rows = await tx.query<{ code: string }>('select code from dictionaries');
  const existing = new Set(rows.map((row) => row.code));
  for (const [code, entries] of Object.entries(dictionaries).filter(([c]) => !existing.has(c))) {
    await tx.query('insert into dictionaries (code, name) values ($1, $2) on conflict do nothing', [
      code,
      t(`dictionary.${code}`, code),
    ]);
    for (const [sort, entry] of entries.entries())
      await tx.query(
        'insert into dictionary_entries (code, value, label, sort) values ($1, $2, $3, $4) on conflict do nothing',
        [code, entry.value, labelText(entry.label, tenant, t, entry.value), sort + 1],
      );
  }
  // Entries an earlier version stored without a dictionary row of their own.
  await tx.query(
    'insert into dictionaries (code, name) select distinct code, code from dictionary_entries on conflict do nothing',
  );
}

/** A page without a declaration (home, downloads, the log, news, the password page) is only opened. */
const PAGE_CODES = ['view'];

/** The permission codes a screen offers: its declaration's, else a page's. */
function codesOf(decl: ResourceDecl | undefined): string[] {
  if (!decl) return PAGE_CODES;
  const codes = [
    ...Object.values(decl.permissions),
    ...(decl.workflow?.transitions ?? []).map((transition) => transition.permission),
    ...Object.values(decl.commands ?? {}).map((command) => command.permission),
    ...(decl.extraPermissions ?? []),
  ];
  return [...new Set(codes.filter((code): code is string => Boolean(code)))];
}

async function insertModule(
  tx: Queryable,
  node: {
    parentId: string | null;
    kind: string;
    code: string;
    title: string;
    path: string | null;
    sort: number;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into modules (parent_id, kind, code, title, path, sort) values ($1, $2, $3, $4, $5, $6)
     returning id::text`,
    [node.parentId, node.kind, node.code, node.title, node.path, node.sort],
  );
  return row!.id;
}

async function insertPermissionCodes(
  tx: Queryable,
  areas: readonly ServerArea[],
  moduleId: string,
  routeKey: string,
) {
  const declarations = areas.map((area) => area.declarations);
  const codeNames = new Map(
    (seedDictionariesOf(declarations, businessRoutes()).permissionCode ?? []).map((e) => [
      e.value,
      String(e.label),
    ]),
  );
  const resourceByKey = new Map(resourcesOf(declarations).map((decl) => [decl.key, decl]));
  const resource = businessRoute(routeKey)?.resource;
  const codes = codesOf(resource ? resourceByKey.get(resource) : undefined);
  for (const [sort, code] of codes.entries())
    await tx.query('insert into module_permissions (module_id, code, name, sort) values ($1, $2, $3, $4)', [
      moduleId,
      code,
      codeNames.get(code) ?? code,
      sort,
    ]);
}

/**
 * Adds the catalogue's menu groups and leaves the stored tree lacks (a fresh database, or routes a new
 * version brings); nodes already there keep what the administrator made of them (title, order, hidden).
 * A long group's leaves sit in side-menu groups by business area: when such a subgroup is first added, the
 * group's leaves of that area still directly under it move into it, once.
 */
export async function syncModuleTree(
  tx: Queryable,
  areas: readonly ServerArea[],
  t: Translate = loadTranslator(),
): Promise<void> {
  const rows = await tx.query<{ id: string; code: string }>('select id::text, code from modules');
  const existing = new Map(rows.map((row) => [row.code, row.id]));
  for (const [groupSort, group] of MENU_GROUPS.entries()) {
    const leaves = allRoutes().filter((route) => route.menuGroup === group && !route.hidden);
    const subgroups = [
      ...new Set(leaves.flatMap((route) => (route.menuSubgroup ? [route.menuSubgroup] : []))),
    ];
    const missing = leaves.filter((route) => !existing.has(route.key));
    if (missing.length === 0 && existing.has(group) && subgroups.every((code) => existing.has(code)))
      continue;
    const groupId =
      existing.get(group) ??
      (await insertModule(tx, {
        parentId: null,
        kind: 'group',
        code: group,
        title: t(`menuGroup.${group}`, group),
        path: null,
        sort: groupSort,
      }));
    existing.set(group, groupId);
    for (const [sort, code] of subgroups.entries()) {
      if (existing.has(code)) continue;
      const area = code.slice(group.length + 1);
      const id = await insertModule(tx, {
        parentId: groupId,
        kind: 'group',
        code,
        title: t(`menuArea.${area}`, area),
        path: null,
        sort,
      });
      existing.set(code, id);
      const moved = leaves.filter((route) => route.menuSubgroup === code).map((route) => route.key);
      await tx.query('update modules set parent_id = $1 where parent_id = $2 and code = any($3::text[])', [
        id,
        groupId,
        moved,
      ]);
    }
    for (const route of missing) {
      const leafId = await insertModule(tx, {
        parentId: route.menuSubgroup ? existing.get(route.menuSubgroup)! : groupId,
        kind: 'leaf',
        code: route.key,
        title: t(routeTitleKey(route), route.key),
        path: route.path,
        sort: leaves.indexOf(route),
      });
      existing.set(route.key, leafId);
      await insertPermissionCodes(tx, areas, leafId, route.key);
    }
  }
}

const WORK = ['view', 'create', 'edit', 'export'];

/** Each role's rights on the system screens its job needs (the administrator holds '*'). */
const SYSTEM_GRANTS: RoleGrants = {
  trader: [
    { scope: 'UpstreamOrder', permissions: [...WORK, 'submit'] },
    { scope: 'TransactionContract', permissions: [...WORK, 'submit', 'execute', 'complete'] },
    { scope: 'WarehouseList', permissions: ['view'] },
  ],
  risk: [
    { scope: 'ClientMarginSet', permissions: WORK },
    { scope: 'UpstreamOrder', permissions: ['view', 'approve', 'export'] },
    { scope: 'TransactionContract', permissions: ['view', 'approve', 'export'] },
  ],
  finance: [
    { scope: 'ClientMarginSet', permissions: ['view', 'export'] },
    { scope: 'PartnerManagementAccount', permissions: WORK },
    { scope: 'systemSetting', permissions: ['view', 'export'] },
  ],
  warehouse: [
    { scope: 'WarehouseList', permissions: WORK },
    { scope: 'Cdzx', permissions: [...WORK, 'register', 'transfer', 'cancel'] },
  ],
  sales: [{ scope: 'TransactionContract', permissions: [...WORK, 'submit'] }],
};

/**
 * The rights on the screens each migration brings, seeded once with it (added to a role's rights on a screen
 * it already has): an administrator may take them
 * away later, and a later version must not give them back.
 */
function grantsByMigration(areas: readonly ServerArea[]): Map<string, RoleGrants> {
  const byMigration = new Map<string, Record<string, RoleGrant[]>>();
  const add = (migration: string, grants: RoleGrants) => {
    const merged = byMigration.get(migration) ?? {};
    for (const [role, list] of Object.entries(grants)) merged[role] = [...(merged[role] ?? []), ...list];
    byMigration.set(migration, merged);
  };
  add(SYSTEM_MIGRATION, SYSTEM_GRANTS);
  for (const area of areas)
    for (const [migration, grants] of Object.entries(area.grants)) add(migration, grants);
  return byMigration;
}

/** Every code a module may offer: the common ones and every code the areas' declarations name. */
export function permissionCodes(areas: readonly ServerArea[]): string[] {
  const declared = resourcesOf(areas.map((area) => area.declarations)).flatMap((decl) => [
    ...Object.values(decl.permissions),
    ...(decl.workflow?.transitions ?? []).map((transition) => transition.permission),
    ...Object.values(decl.commands ?? {}).map((command) => command.permission),
    ...(decl.extraPermissions ?? []),
  ]);
  return [...new Set([...PERMISSION_CODES, ...declared.filter((code): code is string => Boolean(code))])];
}

/** The administrator holds every code on '*', those a new version's declarations bring included. */
async function grantAdministrator(tx: Queryable, codes: readonly string[]) {
  await tx.query(
    `update role_grants set permissions = $1 where scope = '*'
        and role_id in (select id from roles where code = 'administrator')`,
    [codes],
  );
}

/** Each role gets the grants a migration brings, once. */
async function seedGrants(tx: Queryable, roleGrants: RoleGrants) {
  for (const [roleCode, grants] of Object.entries(roleGrants))
    for (const grant of grants)
      await tx.query(
        `insert into role_grants (role_id, scope, permissions) select id, $2, $3 from roles where code = $1
         on conflict (role_id, scope) do update set permissions = array(
           select distinct code from unnest(role_grants.permissions || excluded.permissions) as code order by code)`,
        [roleCode, grant.scope, grant.permissions],
      );
}

/** Seeds what the pending migrations bring; on a fresh database that is everything. */
export async function seedSystem(
  tx: Queryable,
  tenant: SeedTenant,
  pending: readonly string[],
  { areas, routes }: Composition,
  now = new Date(),
  timeZone = BUSINESS_TIME_ZONE,
): Promise<void> {
  if (pending.length === 0) return;
  const t = loadTranslator();
  await seedDictionaries(
    tx,
    dictionariesOf(
      areas.map((area) => area.declarations),
      routes,
    ),
    tenant,
    t,
  );
  const grants = grantsByMigration(areas);
  await grantAdministrator(tx, permissionCodes(areas));
  for (const migration of pending) {
    const seeded = grants.get(migration);
    if (seeded) await seedGrants(tx, seeded);
  }
  for (const area of areas)
    await area.seed?.(tx, { tenant: tenant as unknown as { name: string }, pending, now, timeZone });
}
