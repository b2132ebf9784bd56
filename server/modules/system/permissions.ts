import { BUSINESS_ROUTES } from '../../../src/shared/routes/businessRoutes.ts';
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

/** Menu routes showing a resource's list: holding rights on the route is holding them on the resource. */
const routesOfResource = new Map<string, string[]>();
for (const route of BUSINESS_ROUTES)
  if (route.resource && route.menuGroup)
    routesOfResource.set(route.resource, [...(routesOfResource.get(route.resource) ?? []), route.key]);

/** The grant scopes that give rights on a module: itself, its menu group, and for a resource its routes. */
function scopesOf(moduleCode: string): Set<string> {
  const scopes = new Set<string>();
  for (const key of [moduleCode, ...(routesOfResource.get(moduleCode) ?? [])]) {
    scopes.add(key);
    const group = routeByKey.get(key)?.menuGroup;
    if (group) scopes.add(`group:${group}`);
  }
  return scopes;
}

/**
 * A module is a route key (granted directly, by its menu group, or by '*'), a resource key (granted like
 * the routes listing it) or an API module.
 */
export function permissionsOn(grants: Grant[], moduleCode: string): string[] {
  const scopes = scopesOf(moduleCode);
  const held = new Set<string>();
  for (const g of grants)
    if (g.scope === '*' || scopes.has(g.scope)) for (const p of g.permissions) held.add(p);
  const rank = (code: string) => {
    const index = (PERMISSION_CODES as readonly string[]).indexOf(code);
    return index < 0 ? PERMISSION_CODES.length : index;
  };
  return [...held].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
