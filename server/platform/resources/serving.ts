// What every generic call of a served resource shares: the resource with its storage and server, the
// caller's permissions and reach on it, the hook a storage's services are handed, the ids a call names,
// and what the operation record says was done.

import { type ResourceDecl, type ResourceVerb, resourcePath } from '../../../src/framework/resource/index.ts';
import { clientRelationTable } from '../access/clients.ts';
import { permissionsOn, type Reach, reachOf } from '../access/permissions.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { type CallContext, signedIn } from '../http/calls.ts';
import { badRequest, forbidden } from '../http/envelope.ts';
import { businessDate } from '../time.ts';
import { answer, react, refusal } from './crossings.ts';
import { type Form, NOT_FOUND } from './problems.ts';
import { findRecord, type Row } from './query.ts';
import type { HookContext, ResourceStorage } from './storage.ts';

export interface Served {
  ctx: ServerContext;
  decl: ResourceDecl;
  storage: ResourceStorage;
}

async function heldPermissions(call: CallContext<unknown>, decl: ResourceDecl): Promise<string[]> {
  return permissionsOn(await call.grants(), decl.key);
}

/** The records a permission code of the user reaches (a scoped screen's grant reaches its records only). */
export async function reachFor(call: CallContext<unknown>, decl: ResourceDecl, code: string): Promise<Reach> {
  return reachOf(await call.grants(), decl.key, code, signedIn(call).userId);
}

export async function requirePermission(
  call: CallContext<unknown>,
  decl: ResourceDecl,
  code: string | undefined,
) {
  if (!code || !(await heldPermissions(call, decl)).includes(code)) throw forbidden();
}

/** A user bound to their own clients reads which clients they serve, never changes it. */
export function assertNotOwnRelation({ storage }: Served, reach: Reach) {
  if (reach.clientsOf !== undefined && storage.table === clientRelationTable()) throw forbidden();
}

/**
 * A user bound to their own clients changed a record (in this transaction): it must still be one of their
 * clients' (a new record for another client, or one moved to another client, is refused, nothing changed).
 */
export async function assertStillReached(
  db: Queryable,
  { ctx, decl, storage }: Served,
  id: string,
  reach: Reach,
) {
  if (reach.clientsOf === undefined || !storage.clientScope) return;
  const record = await findRecord(db, decl, storage, id, ctx.timeZone, {
    screens: 'all',
    clientsOf: reach.clientsOf,
  });
  if (!record) throw forbidden();
}

export const idsOf = (form: Form): string[] => {
  const raw = form.id;
  const ids = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((id) => id !== '');
  if (ids.length === 0) throw badRequest('请选择记录');
  if (ids.some((id) => !/^\d{1,18}$/.test(id))) throw badRequest('记录编号不正确');
  return [...new Set(ids)];
};

export const hookOf = (ctx: ServerContext, call: CallContext<unknown>, db: Queryable): HookContext => {
  const session = signedIn(call);
  const hook: HookContext = {
    db,
    actor: { userId: session.userId, loginName: session.loginName },
    now: call.now,
    today: businessDate(call.now, ctx.timeZone),
    channel: ctx.db.channel,
    emit: (event, payload) => react(ctx.crossings, hook, event, payload),
    ask: (question, payload) => answer(ctx.crossings, hook, question, payload),
    check: (guard, payload) => refusal(ctx.crossings, hook, guard, payload),
  };
  return hook;
};

export const path = (decl: ResourceDecl, verb: ResourceVerb) => resourcePath(decl, verb);

export const viewAccess = (decl: ResourceDecl) => ({
  module: decl.key,
  permission: decl.permissions.view ?? 'view',
});

/** The record when the user's permission reaches it; else the answer given for a record that does not exist. */
export async function reachedRecord(db: Queryable, { ctx, decl, storage }: Served, id: string, reach: Reach) {
  const record = await findRecord(db, decl, storage, id, ctx.timeZone, reach);
  if (!record) throw badRequest(NOT_FOUND);
  return record;
}

/** What the operation record says was done, in words: 新增往来单位 华东纺织, 审批交易合同 HT-1、HT-2. */
export function operationSummary(
  ctx: ServerContext,
  decl: ResourceDecl,
  verb: string,
  records: readonly Row[],
) {
  // The screen's title names the records: 角色管理 → 角色 (新增角色, not 新增角色管理).
  const screen = typeof decl.title === 'string' ? ctx.t(decl.title, decl.key) : decl.key;
  const resource = screen.replace(/(管理|列表)$/, '');
  const titles = records.map((record) => String(record[decl.titleField] ?? '')).filter(Boolean);
  return `${verb}${resource}${titles.length > 0 ? ` ${titles.join('、')}` : ''}`;
}
