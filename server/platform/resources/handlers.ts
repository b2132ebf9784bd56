// The generic calls of a declared resource (docs/resources.md), registered together: its reads (list,
// detail, history), its saves (save, delete), its transitions, its commands and its attachments. Input is
// read and validated by the declaration's own functions; every change runs in one transaction with its
// operation record, and every state change also lands in document_history.

import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../src/framework/resource/index.ts';
import type { ServerContext } from '../context.ts';
import { serveAttachments } from './attachments.ts';
import { commandCall } from './commands.ts';
import { detailCall, historyCall, listCall } from './reads.ts';
import { deleteCall, saveCall } from './saves.ts';
import type { ResourceStorage } from './storage.ts';
import { transitionCall } from './transitions.ts';

/** Registers the six calls of a resource. */
export function serveResource(
  app: FastifyInstance,
  ctx: ServerContext,
  decl: ResourceDecl,
  storage: ResourceStorage,
) {
  const served = { ctx, decl, storage };
  for (const name of Object.keys(decl.commands ?? {})) commandCall(app, served, name);
  listCall(app, served);
  detailCall(app, served);
  historyCall(app, served);
  if (decl.form) saveCall(app, served);
  if (decl.form) deleteCall(app, served);
  if (decl.workflow) transitionCall(app, served);
  if (decl.attachments) serveAttachments(app, served);
}
