import type { FastifyInstance } from 'fastify';
import { SYSTEM_RESOURCES } from '../../../src/modules/system/index.ts';
import type { ServerContext } from '../../context.ts';
import { serveResource } from './handlers.ts';
import { markServed } from './served.ts';
import { referenceNames } from './storage.ts';
import { REFERENCE_NAMES, SYSTEM_STORAGE } from './system.ts';

for (const [key, target] of Object.entries(REFERENCE_NAMES)) referenceNames.set(key, target);

/** The generic calls of every declared resource that has a storage; each is marked served for the menus. */
export async function resourceModule(app: FastifyInstance, opts: { ctx: ServerContext }): Promise<void> {
  for (const decl of SYSTEM_RESOURCES) {
    const storage = SYSTEM_STORAGE[decl.key];
    if (!storage) continue;
    serveResource(app, opts.ctx, decl, storage);
    markServed(decl.key);
  }
}
