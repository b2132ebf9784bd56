// An area's storage on the server: the migration that brings its tables, where each of its resources lives,
// and each role's rights on its screens (seeded once, with the migration). Listed once in system.ts.

import type { ResourceStorage } from './storage.ts';

export interface StoredArea {
  migration: string;
  storage: Readonly<Record<string, ResourceStorage>>;
  /** Role code → grants on the area's screens (route keys as scopes). */
  grants: Readonly<Record<string, readonly { scope: string; permissions: string[] }[]>>;
  /** What a reference field to one of its resources shows. */
  referenceNames?: Readonly<Record<string, { table: string; column: string }>>;
}
