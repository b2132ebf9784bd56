import type { ResourceStorage } from './storage.ts';

export const WAREHOUSE_SERVICE_STORAGE: Readonly<Record<string, ResourceStorage>> = {};

/** Each role's rights on these screens, seeded with this area's migration: role code → grants. */
export const WAREHOUSE_SERVICE_GRANTS: Readonly<
  Record<string, readonly { scope: string; permissions: string[] }[]>
> = {};
