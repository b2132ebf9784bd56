import type { FastifyInstance } from 'fastify';
import { registerResources } from '../../../src/framework/resource/index.ts';
import { keepClientRelation } from '../access/clients.ts';
import type { ServerContext } from '../context.ts';
import { learnSettings } from '../settings.ts';
import type { ServerArea } from './area.ts';
import { serveResource } from './handlers.ts';
import { learnLookups } from './lookups.ts';
import { markServed } from './served.ts';
import { referenceNames } from './storage.ts';

/** Serves each area: its own calls, and the generic calls of every declared resource that has a storage. */
export function serveAreas(app: FastifyInstance, ctx: ServerContext, areas: readonly ServerArea[]): void {
  for (const area of areas)
    for (const [key, target] of Object.entries(area.referenceNames ?? {})) referenceNames.set(key, target);
  for (const area of areas) if (area.clientRelation) keepClientRelation(area.clientRelation);
  learnSettings(areas);
  const resources = areas.flatMap((area) => area.declarations.resources);
  learnLookups(resources);
  // What reads a declaration by key (a template's placeholders are its printed document's fields).
  registerResources(resources);
  for (const area of areas) {
    area.calls?.(app, ctx);
    for (const decl of area.declarations.resources) {
      const storage = area.storage[decl.key];
      if (!storage) continue;
      serveResource(app, ctx, decl, storage);
      markServed(decl.key, { decl, storage });
    }
  }
}
