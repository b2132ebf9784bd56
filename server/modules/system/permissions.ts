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
      where ur.user_id = $1`,
    [userId],
  );
}

/** A module is a route key (granted directly, by its menu group, or by '*') or an API module. */
export function permissionsOn(grants: Grant[], moduleCode: string): string[] {
  const group = routeByKey.get(moduleCode)?.menuGroup;
  const held = new Set<string>();
  for (const g of grants)
    if (g.scope === '*' || g.scope === moduleCode || (group && g.scope === `group:${group}`))
      for (const p of g.permissions) held.add(p);
  const known: readonly string[] = PERMISSION_CODES;
  return [...held].sort((a, b) => known.indexOf(a) - known.indexOf(b));
}
