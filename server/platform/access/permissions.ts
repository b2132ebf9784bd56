import type { BusinessRoute } from '../../../src/shared/routes/businessRoutes.ts';
import { businessRoutes, routeByKey } from '../../../src/shared/routes/catalogue.ts';
import type { Queryable } from '../db/index.ts';
import { PERMISSION_CODES } from '../db/seed/data.ts';

/** Modules of the API that are not screens of the route catalogue. */
export const API_MODULES = {
  partner: 'partner',
  dictionary: 'dictionary',
  instrument: 'instrument',
  message: 'message',
} as const;

export interface Grant {
  scope: string;
  permissions: string[];
}

export async function loadGrants(db: Queryable, userId: string): Promise<Grant[]> {
  return db.query<Grant>(
    `select g.scope, g.permissions from user_roles ur join role_grants g on g.role_id = ur.role_id
       join roles r on r.id = ur.role_id
      where ur.user_id = $1 and r.status = 'enabled'`,
    [userId],
  );
}

const menuScreens = new WeakMap<readonly BusinessRoute[], Map<string, BusinessRoute[]>>();

/** The screens of a resource in a menu: holding rights on such a screen is holding them on the resource. */
function screensOf(resourceKey: string): readonly BusinessRoute[] {
  const routes = businessRoutes();
  let byResource = menuScreens.get(routes);
  if (!byResource) {
    byResource = new Map();
    for (const route of routes)
      if (route.resource && route.menuGroup)
        byResource.set(route.resource, [...(byResource.get(route.resource) ?? []), route]);
    menuScreens.set(routes, byResource);
  }
  return byResource.get(resourceKey) ?? [];
}

/** A report screen, or a screen that only views records kept elsewhere, shows and exports them: no more. */
const REPORT_CODES: ReadonlySet<string> = new Set(['view', 'export']);

/** Held directly on a module (a route, resource or API module key), by its menu group or subgroup, or by '*'. */
function holdsOn(grants: Grant[], moduleCode: string, code: string): boolean {
  const route = routeByKey(moduleCode);
  const groups = [route?.menuGroup, route?.menuSubgroup].flatMap((group) =>
    group ? [`group:${group}`] : [],
  );
  return grants.some(
    (g) =>
      (g.scope === '*' || g.scope === moduleCode || groups.includes(g.scope)) && g.permissions.includes(code),
  );
}

/** The resource's screens through which a code is held. */
const screensHolding = (grants: Grant[], resourceKey: string, code: string) =>
  screensOf(resourceKey).filter(
    (route) =>
      (!(route.kind === 'report' || route.readOnly) || REPORT_CODES.has(code)) &&
      holdsOn(grants, route.key, code),
  );

/** The records a permission reaches through screens: all of them, or those fitting one of the scopes it came with. */
export type ScreenReach = 'all' | readonly Readonly<Record<string, string>>[];

/**
 * How far a permission reaches: through its screens (`screens`) and, for a user bound to their own clients
 * (`OWN_CLIENTS`), only the records of the clients related to that user (`clientsOf`: the user's id),
 * on resources whose storage names the column holding the client (`clientScope`).
 */
export interface Reach {
  screens: ScreenReach;
  clientsOf?: string;
  /** Who reads: a storage's `viewerScope` shows them only the rows it lets through (their team's). */
  viewer?: string;
}

/** Every record: what the server itself reads (hooks, the record after a change). */
export const EVERY_RECORD: Reach = { screens: 'all' };

/**
 * The permission code marking a role's users as bound to their own clients (a salesperson): held on any
 * screen of a role (the administrator ticks it in the role's rights), never through '*', so the
 * administrator, who holds every code on '*', is never bound.
 */
export const OWN_CLIENTS = 'ownClients';

/** Whether the grants bind the user to the records of their own clients. */
export const boundToOwnClients = (grants: Grant[]) =>
  grants.some((g) => g.scope !== '*' && g.permissions.includes(OWN_CLIENTS));

/**
 * How far a permission code on a resource reaches. Held on the resource itself, on an unscoped screen of
 * it, by menu group or by '*', it reaches every record; held only through scoped screens (insurance
 * fees, registered receipts…), only the records those screens show. A user bound to their own clients
 * (`userId` given) reaches, besides, only their clients' records.
 */
export function reachOf(grants: Grant[], resourceKey: string, code: string, userId?: string): Reach {
  const clientsOf = userId !== undefined && boundToOwnClients(grants) ? userId : undefined;
  const bound = {
    ...(clientsOf === undefined ? {} : { clientsOf }),
    ...(userId === undefined ? {} : { viewer: userId }),
  };
  if (holdsOn(grants, resourceKey, code)) return { screens: 'all', ...bound };
  const screens = screensHolding(grants, resourceKey, code);
  return {
    screens: screens.some((route) => !route.scope) ? 'all' : screens.map((route) => route.scope!),
    ...bound,
  };
}

/** Whether a record (its wire values) is within the screens a permission reaches. */
export const withinReach = (reach: Reach, record: Readonly<Record<string, unknown>>) =>
  reach.screens === 'all' ||
  reach.screens.some((scope) =>
    Object.entries(scope).every(([field, value]) => String(record[field] ?? '') === value),
  );

/**
 * A module is a route key (granted directly, by its menu group or by '*'), a resource key (granted like
 * the screens showing it; a report screen gives view and export only) or an API module.
 */
export function permissionsOn(grants: Grant[], moduleCode: string): string[] {
  const codes = new Set(grants.flatMap((g) => g.permissions));
  const held = [...codes].filter(
    (code) => holdsOn(grants, moduleCode, code) || screensHolding(grants, moduleCode, code).length > 0,
  );
  const rank = (code: string) => {
    const index = (PERMISSION_CODES as readonly string[]).indexOf(code);
    return index < 0 ? PERMISSION_CODES.length : index;
  };
  return held.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Login names of the enabled users of enabled roles holding a code on a module (whom to ask for an approval). */
export async function usersHolding(db: Queryable, moduleCode: string, code: string): Promise<string[]> {
  const rows = await db.query<{ loginName: string; scope: string; permissions: string[] }>(
    `select u.login_name as "loginName", g.scope, g.permissions
       from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
       join role_grants g on g.role_id = r.id
      where u.enabled and r.status = 'enabled'
      order by u.login_name`,
  );
  const grantsOf = new Map<string, Grant[]>();
  for (const row of rows) grantsOf.set(row.loginName, [...(grantsOf.get(row.loginName) ?? []), row]);
  return [...grantsOf]
    .filter(([, grants]) => permissionsOn(grants, moduleCode).includes(code))
    .map(([name]) => name);
}
