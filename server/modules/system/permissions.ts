import { BUSINESS_ROUTES, type BusinessRoute } from '../../../src/shared/routes/businessRoutes.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import type { Queryable } from '../../db/index.ts';
import { PERMISSION_CODES } from '../../db/seed/data.ts';

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

/** The screens of each resource in a menu: holding rights on such a screen is holding them on the resource. */
const screensOf = new Map<string, BusinessRoute[]>();
for (const route of BUSINESS_ROUTES)
  if (route.resource && route.menuGroup)
    screensOf.set(route.resource, [...(screensOf.get(route.resource) ?? []), route]);

/** A report screen shows and exports its records: it gives no right to change them. */
const REPORT_CODES: ReadonlySet<string> = new Set(['view', 'export']);

/** Held directly on a module (a route, resource or API module key), by its menu group or by '*'. */
function holdsOn(grants: Grant[], moduleCode: string, code: string): boolean {
  const group = routeByKey.get(moduleCode)?.menuGroup;
  return grants.some(
    (g) =>
      (g.scope === '*' || g.scope === moduleCode || (group !== undefined && g.scope === `group:${group}`)) &&
      g.permissions.includes(code),
  );
}

/** The resource's screens through which a code is held. */
const screensHolding = (grants: Grant[], resourceKey: string, code: string) =>
  (screensOf.get(resourceKey) ?? []).filter(
    (route) => (route.kind !== 'report' || REPORT_CODES.has(code)) && holdsOn(grants, route.key, code),
  );

/** The records a permission reaches: all of them, or those fitting one of the scopes it came with. */
export type Reach = 'all' | readonly Readonly<Record<string, string>>[];

/**
 * How far a permission code on a resource reaches. Held on the resource itself, on an unscoped screen of
 * it, by menu group or by '*', it reaches every record; held only through scoped screens (insurance
 * fees, registered receipts…), only the records those screens show.
 */
export function reachOf(grants: Grant[], resourceKey: string, code: string): Reach {
  if (holdsOn(grants, resourceKey, code)) return 'all';
  const screens = screensHolding(grants, resourceKey, code);
  return screens.some((route) => !route.scope) ? 'all' : screens.map((route) => route.scope!);
}

/** Whether a record (its wire values) is within a reach. */
export const withinReach = (reach: Reach, record: Readonly<Record<string, unknown>>) =>
  reach === 'all' ||
  reach.some((scope) =>
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
