// What a user may do to records now: the transitions, record commands, edits and deletions the generic calls
// would accept (the permission and how far it reaches, the record's state, four eyes). List and detail answers
// carry it on each record (`allowed`), so a screen offers exactly what the server then accepts.

import {
  type AllowedActions,
  decides,
  type ResourceDecl,
  recordActions,
} from '../../../src/framework/resource/index.ts';
import { clientRelationTable } from '../access/clients.ts';
import { type Grant, permissionsOn, type Reach, reachOf, withinReach } from '../access/permissions.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import type { Row } from './query.ts';
import type { ResourceStorage } from './storage.ts';

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** SQL over the row `t`: who submitted the document (a user id), as its storage says or by its latest submit step. */
function submitterExpression(decl: ResourceDecl, storage: ResourceStorage): string {
  if (storage.submittedBy) return storage.submittedBy;
  if (!KEY.test(decl.key)) throw new Error(`Unusable resource key ${decl.key}`);
  return `(select h.user_id from document_history h
            where h.resource_key = '${decl.key}' and h.record_id = t.id::text and h.action = 'submit'
            order by h.id desc limit 1)`;
}

/** Who submitted each record (user id, or null when nobody is known), by record id. */
export async function submittersOf(
  db: Queryable,
  decl: ResourceDecl,
  storage: ResourceStorage,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  const barred = await barredDecidersOf(db, decl, { ...storage, barredDeciders: undefined }, ids);
  return new Map([...barred].map(([id, users]) => [id, users[0] ?? null]));
}

/**
 * Who may not decide each record now (user ids), by record id: its submitter, and at a second level whoever
 * decided the first (storage.barredDeciders).
 */
export async function barredDecidersOf(
  db: Queryable,
  decl: ResourceDecl,
  storage: ResourceStorage,
  ids: readonly string[],
): Promise<Map<string, (string | null)[]>> {
  if (ids.length === 0) return new Map();
  const barred = storage.barredDeciders ?? `array[${submitterExpression(decl, storage)}]`;
  const rows = await db.query<{ id: string; barred: (string | null)[] }>(
    `select t.id::text as id, (${barred})::text[] as barred
       from ${storage.table} t where t.id = any($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.barred]));
}

/**
 * Four eyes: whoever submitted a document never approves or rejects it (refused in words, nothing changed).
 * Every workflow with an approval goes through here (server/areas/fourEyes.test.ts).
 */
export async function refuseOwnDecision(
  db: Queryable,
  decl: ResourceDecl,
  storage: ResourceStorage,
  id: string,
  action: string,
  actor: { userId: string },
  /** The document in words (交易合同). */
  resource: string,
) {
  if (!decides(decl, action)) return;
  const barred = (await barredDecidersOf(db, decl, storage, [id])).get(id) ?? [];
  const verb = action === decl.workflow?.approval?.reject ? '驳回' : '审批';
  if (barred[0] === actor.userId) throw badRequest(`不能${verb}自己提交的${resource}，请由其他审批人处理`);
  if (barred.includes(actor.userId))
    throw badRequest(`不能${verb}自己已审核过的${resource}，终审须由提交人和审核人以外的人处理`);
}

/** Every action, command, edit and deletion the user may take on each record (in the records' order). */
export async function allowedActions(
  db: Queryable,
  { decl, storage }: { decl: ResourceDecl; storage: ResourceStorage },
  grants: Grant[],
  userId: string,
  records: readonly Row[],
): Promise<AllowedActions[]> {
  const held = permissionsOn(grants, decl.key);
  const reaches = new Map<string, Reach>();
  const reachFor = (code: string) => {
    if (!reaches.has(code)) reaches.set(code, reachOf(grants, decl.key, code, userId));
    return reaches.get(code)!;
  };
  const decisions = (decl.workflow?.transitions ?? []).some((t) => decides(decl, t.action));
  const ids = records.map((record) => String(record.id));
  const barred = decisions
    ? await barredDecidersOf(db, decl, storage, ids)
    : new Map<string, (string | null)[]>();
  // A user bound to their own clients reads which clients they serve, never changes it.
  const ownRelation = reachFor('view').clientsOf !== undefined && storage.table === clientRelationTable();
  return records.map((record) => {
    const may = (code: string) =>
      held.includes(code) && withinReach(reachFor(code), record) && !(ownRelation && isChange(decl, code));
    return recordActions(decl, record, may, (barred.get(String(record.id)) ?? []).includes(userId));
  });
}

/** A code that changes the record itself (edit, delete): what a user never does to their own client relation. */
const isChange = (decl: ResourceDecl, code: string) =>
  code === decl.permissions.edit || code === decl.permissions.delete;

/** The records with what the user may do to each (`allowed`). */
export async function withAllowed(
  db: Queryable,
  served: { decl: ResourceDecl; storage: ResourceStorage },
  grants: Grant[],
  userId: string,
  records: readonly Row[],
): Promise<Row[]> {
  const allowed = await allowedActions(db, served, grants, userId, records);
  return records.map((record, index) => ({ ...record, allowed: allowed[index] }));
}
