// A business area on the server: its declarations (the client's area), its migrations, where each of its
// resources lives, each role's rights on its screens (seeded once, with the migration that brings them),
// its own calls and commands, and its part of the seed. server/areas/index.ts lists them once; the
// composition root (server/app.ts) serves them, so a test can start one area.

import type { FastifyInstance } from 'fastify';
import type { AreaDefinition } from '../../../src/framework/resource/area.ts';
import type { BusinessRoute } from '../../../src/shared/routes/businessRoutes.ts';
import type { ClientRelation } from '../access/clients.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import type { SettingSeed } from '../settings.ts';
import type { AreaCrossings } from './crossings.ts';
import type { ResourceStorage } from './storage.ts';

export interface RoleGrant {
  scope: string;
  permissions: string[];
}

/** Role code → grants on the area's screens (route keys as scopes). */
export type RoleGrants = Readonly<Record<string, readonly RoleGrant[]>>;

/** A part of an area's storage brought by one migration. */
export interface StoredPart {
  migration: string;
  storage: Readonly<Record<string, ResourceStorage>>;
  grants: RoleGrants;
  /** What a reference field to one of its resources shows. */
  referenceNames?: Readonly<Record<string, { table: string; column: string }>>;
}

export interface SeedContext {
  tenant: { name: string } & Record<string, unknown>;
  /** Migrations applied in this run (all of them on a fresh database). */
  pending: readonly string[];
  now: Date;
  /** The business time zone: a seeded value takes effect on the business day, not the database's UTC day. */
  timeZone: string;
}

/** What an area's demo part is given: the server's clock, so the demo company looks current. */
export interface DemoContext {
  tenant: { name: string } & Record<string, unknown>;
  now: Date;
  /** `now` as YYYY-MM-DD. */
  today: string;
}

export interface ServerArea extends AreaCrossings {
  key: string;
  declarations: AreaDefinition;
  /** Folder of the area's SQL migrations (file names are ordered across all areas). */
  migrationsDir?: string;
  storage: Readonly<Record<string, ResourceStorage>>;
  /** Migration file name → the grants seeded once with it. */
  grants: Readonly<Record<string, RoleGrants>>;
  referenceNames?: Readonly<Record<string, { table: string; column: string }>>;
  /**
   * The table relating users to the clients they serve, when the area keeps it: it bounds the reach of users
   * bound to their own clients on every resource with a `clientScope` (one area keeps it).
   */
  clientRelation?: ClientRelation;
  /** The area's own calls (beyond the generic resource calls and its commands). */
  calls?(app: FastifyInstance, ctx: ServerContext): void;
  /** Rows the area seeds into a database, never overwriting existing ones. */
  seed?(tx: Queryable, context: SeedContext): Promise<void>;
  /** The area's part of the demo company, written once into a fresh database when a demo is asked for. */
  demo?(tx: Queryable, context: DemoContext): Promise<void>;
  /** The versioned settings it declares, with their seeds (settingOn reads them, platform/settings.ts). */
  settings?: readonly SettingSeed[];
}

/**
 * The business areas a server composes and the route catalogue made of their routes and the routes no area
 * builds yet (server/areas/index.ts composes them): what buildApp and migrate are given.
 */
export interface Composition {
  areas: readonly ServerArea[];
  routes: readonly BusinessRoute[];
}

/** An area on the server made of its storage parts. */
export function defineServerArea(
  base: Omit<ServerArea, 'storage' | 'grants' | 'referenceNames'> & { parts: readonly StoredPart[] },
): ServerArea {
  const { parts, ...rest } = base;
  return {
    ...rest,
    storage: Object.assign({}, ...parts.map((part) => part.storage)),
    grants: Object.fromEntries(parts.map((part) => [part.migration, part.grants])),
    referenceNames: Object.assign({}, ...parts.map((part) => part.referenceNames ?? {})),
  };
}
