import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preParsingAsyncHookHandler,
} from 'fastify';
import { PATHS } from '../../../src/shared/api/contract.ts';
import { type Grant, loadGrants, permissionsOn } from '../access/permissions.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { publishChange } from '../realtime/events.ts';
import { forbidden, unauthorized } from './envelope.ts';
import { recordOperation } from './operationRecord.ts';
import { isCrossOrigin } from './sameOrigin.ts';
import { findSession, hashToken, type Session, tokenFrom } from './session.ts';
import { assertStorable, assertTextWhereDeclared } from './validation.ts';

export const TEMPORARY_PASSWORD_MESSAGE = '请先修改管理员设置的临时密码，再使用系统';
/** What a session with a temporary password reaches: the shell's frame, changing the password, logging out. */
const WITH_TEMPORARY_PASSWORD = new Set<string>([PATHS.changePassword, PATHS.logout, PATHS.menu]);

/** Who may make a call: anyone, any signed-in user, or holders of a permission on a module. */
export type Access = 'public' | 'session' | { module: string; permission: string };

/** The signed-in user's grants, read at most once per request. */
export function grantsOf(ctx: ServerContext, request: FastifyRequest): Promise<Grant[]> {
  const session = request.userSession;
  if (!session) return Promise.resolve([]);
  request.userGrants ??= loadGrants(ctx.db, session.userId);
  return request.userGrants;
}

/** The one access check of every call and of the socket: 401 without a live session, 403 without the permission. */
export function accessCheck(ctx: ServerContext, access: Access): onRequestAsyncHookHandler {
  return async (request) => {
    if (access === 'public') return;
    if (!request.headers.authorization && isCrossOrigin(request))
      throw forbidden('不接受来自其他网站的请求，请在本系统的页面中操作');
    const token = tokenFrom(request, ctx.tenant.code);
    const session = token ? await findSession(ctx.db, hashToken(token), ctx.clock()) : undefined;
    if (!session) throw unauthorized(token ? '登录已过期，请重新登录' : '请先登录');
    request.userSession = session;
    if (session.passwordTemporary && !WITH_TEMPORARY_PASSWORD.has(request.url.split('?')[0]!))
      throw forbidden(TEMPORARY_PASSWORD_MESSAGE);
    if (access === 'session') return;
    const held = permissionsOn(await grantsOf(ctx, request), access.module);
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
  /** The reply, for a call that answers a file rather than an envelope (its headers). */
  reply: FastifyReply;
  /** The signed-in user's grants (read once per request). */
  grants(): Promise<Grant[]>;
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
  /**
   * The call reads nothing from its body (logout): the body is never parsed nor checked, so nothing sent
   * with it (an unstorable byte, broken JSON, an unknown format) can stop the call.
   */
  ignoresBody?: boolean;
  /** Bytes of body accepted, where a call takes a file (Fastify's default is 1 MiB). */
  bodyLimit?: number;
  /**
   * Access that depends on the body (a save needs `create` without an id, `edit` with one): refused (403)
   * before the body is validated, so a caller without the right never learns what a valid body is.
   */
  authorize?: (request: { body: unknown; grants(): Promise<Grant[]> }) => Promise<void>;
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
    const topic = changedResource(action, record.detail);
    if (topic) await publishChange(tx, ctx.db.channel, [topic]);
    return answer;
  });
}

/**
 * The records a resource call changed, as the topic screens showing them listen to (`<area>/<resource>` of
 * its API base): every user's open screens refetch them, not only the changer's windows.
 */
function changedResource(action: string, detail: unknown): string | undefined {
  const isResource = typeof detail === 'object' && detail !== null && 'resource' in detail;
  const [, api, area, resource] = action.split('/');
  return isResource && api === 'api' && area && resource ? `${area}/${resource}` : undefined;
}

/** The signed-in user of a call whose access is not public. */
export function signedIn(call: { session: Session | undefined }): Session {
  if (!call.session) throw unauthorized();
  return call.session;
}

/**
 * A body the call ignores is left unread: announced as none, Fastify parses nothing (Node discards the bytes
 * once the answer is sent).
 */
const withoutBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const headers = request.raw.headers;
  delete headers['content-type'];
  delete headers['transfer-encoding'];
  headers['content-length'] = '0';
  return payload;
};

export function defineCall<B>(app: FastifyInstance, ctx: ServerContext, spec: CallSpec<B>): void {
  const schema = spec.body ?? EMPTY_BODY;
  app.post(
    spec.path,
    {
      schema: { body: schema },
      onRequest: accessCheck(ctx, spec.access),
      ...(spec.ignoresBody ? { preParsing: withoutBody } : {}),
      // Who may ask, then what the body holds: right before form, text before coercion.
      preValidation: async (request) => {
        if (spec.ignoresBody) {
          request.body = {};
          return;
        }
        request.body ??= {};
        await spec.authorize?.({ body: request.body, grants: () => grantsOf(ctx, request) });
        assertStorable(request.body);
        assertTextWhereDeclared(schema, request.body);
      },
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    },
    async (request, reply) => {
      const call: CallContext<B> = {
        body: request.body as B,
        session: request.userSession,
        db: ctx.db,
        address: request.ip,
        now: ctx.clock(),
        request,
        reply,
        grants: () => grantsOf(ctx, request),
        record: {},
      };
      if (!spec.changes) return spec.handle(call);
      return inTransaction(ctx, call, spec.path, spec.handle);
    },
  );
}
