import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { loadGrants, permissionsOn } from '../modules/system/permissions.ts';
import { forbidden, unauthorized } from './envelope.ts';
import { recordOperation } from './operationRecord.ts';
import { findSession, hashToken, type Session, tokenFrom } from './session.ts';

/** Who may make a call: anyone, any signed-in user, or holders of a permission on a module. */
export type Access = 'public' | 'session' | { module: string; permission: string };

/** The one access check of every call and of the socket: 401 without a live session, 403 without the permission. */
export function accessCheck(ctx: ServerContext, access: Access): onRequestAsyncHookHandler {
  return async (request) => {
    if (access === 'public') return;
    const token = tokenFrom(request, ctx.tenant.code);
    const session = token ? await findSession(ctx.db, hashToken(token), ctx.clock()) : undefined;
    if (!session) throw unauthorized(token ? '登录已过期，请重新登录' : '请先登录');
    request.userSession = session;
    if (access === 'session') return;
    const held = permissionsOn(await loadGrants(ctx.db, session.userId), access.module);
    if (!held.includes(access.permission)) throw forbidden();
  };
}

export interface CallContext<B> {
  body: B;
  session: Session | undefined;
  /** The call's transaction when it changes data, else the database. */
  db: Queryable;
  address: string;
  now: Date;
  request: FastifyRequest;
  /** What the operation record of a changing call says; skip when nothing changed after all. */
  record: { detail?: unknown; skip?: boolean; actor?: { userId: string; loginName: string } };
}

export interface CallSpec<B> {
  path: string;
  access: Access;
  /** JSON schema of the body; property titles name the fields in error messages. */
  body?: object;
  /** Changes data: runs in one transaction and writes an operation record in it. */
  changes?: boolean;
  handle: (call: CallContext<B>) => Promise<object>;
}

const EMPTY_BODY = { type: 'object', properties: {} };

/**
 * Runs a change in one transaction with its operation record. Calls with slow preparation (password
 * hashing) do it first and then call this, so the transaction stays short.
 */
export function inTransaction<B, T>(
  ctx: ServerContext,
  call: CallContext<B>,
  action: string,
  change: (call: CallContext<B>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...call, db: tx };
    const answer = await change(inTx);
    const { record } = inTx;
    if (record.skip) return answer;
    const actor = record.actor ?? call.session;
    await recordOperation(tx, {
      userId: actor?.userId,
      loginName: actor?.loginName,
      action,
      detail: record.detail ?? call.body,
      address: call.address,
      at: call.now,
    });
    return answer;
  });
}

/** The signed-in user of a call whose access is not public. */
export function signedIn(call: { session: Session | undefined }): Session {
  if (!call.session) throw unauthorized();
  return call.session;
}

export function defineCall<B>(app: FastifyInstance, ctx: ServerContext, spec: CallSpec<B>): void {
  app.post(
    spec.path,
    { schema: { body: spec.body ?? EMPTY_BODY }, onRequest: accessCheck(ctx, spec.access) },
    async (request) => {
      const call: CallContext<B> = {
        body: request.body as B,
        session: request.userSession,
        db: ctx.db,
        address: request.ip,
        now: ctx.clock(),
        request,
        record: {},
      };
      if (!spec.changes) return spec.handle(call);
      return inTransaction(ctx, call, spec.path, spec.handle);
    },
  );
}
