// The generic calls of a declared resource (docs/resources.md): list, detail, save, delete, transition,
// history. Input is read and validated by the declaration's own functions; every change runs in one
// transaction with its operation record, and every state change also lands in document_history.

import type { FastifyInstance } from 'fastify';
import {
  checkTransition,
  type FieldProblem,
  fieldLabel,
  type HistoryEntry,
  parseListRequest,
  parseSaveRequest,
  type ResourceDecl,
  type ResourceVerb,
  resourcePath,
  stateOf,
  validateField,
  validateRecord,
} from '../../../src/framework/resource/index.ts';
import { operationWords } from '../../../src/shared/api/operations.ts';
import { clientRelationTable } from '../access/clients.ts';
import { boundToOwnClients, permissionsOn, type Reach, reachOf, withinReach } from '../access/permissions.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { type CallContext, defineCall, inTransaction, signedIn } from '../http/calls.ts';
import { BusinessError, badRequest, forbidden, ok } from '../http/envelope.ts';
import { createMessage } from '../messages/store.ts';
import { formatDateTime } from '../time.ts';
import { attachmentsOf, serveAttachments } from './attachments.ts';
import { commandCall } from './commands.ts';
import { recordStep } from './history.ts';
import { lookupView, mayLookUp } from './lookups.ts';
import { findRecord, listRecords, type Row } from './query.ts';
import { react } from './reactions.ts';
import {
  listSchema,
  oneRecordSchema,
  recordsSchema,
  saveSchema,
  transitionSchema,
} from './requestSchemas.ts';
import { columnOf, type HookContext, idTarget, type ResourceStorage, wireExpression } from './storage.ts';

type Form = Record<string, string | string[] | undefined>;

/**
 * A refused save: the message of each field, answered as `data.fields` with code 400 — by the app's error
 * handler wherever it is thrown, as any business refusal.
 */
export class FieldErrors extends BusinessError {
  constructor(readonly fields: Record<string, string>) {
    super(400, Object.values(fields)[0] ?? '', { fields });
  }
}

const interpolate = (text: string, params: FieldProblem['params'] = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));

export function labelOf(ctx: ServerContext, decl: ResourceDecl, field: string): string {
  const [head, index, name] = field.split('.');
  const lines = decl.lines;
  if (lines && head === lines.key && name) {
    const label = fieldLabel(lines.declaration, name);
    const lineLabel = typeof label === 'string' ? ctx.t(label, name) : name;
    return `第${Number(index) + 1}行${lineLabel}`;
  }
  const label = decl.fields[field] ? fieldLabel(decl, field) : lines?.key === field ? lines.title : undefined;
  return typeof label === 'string' ? ctx.t(label, field) : field;
}

export function fieldErrors(ctx: ServerContext, decl: ResourceDecl, problems: FieldProblem[]): FieldErrors {
  const fields: Record<string, string> = {};
  for (const p of problems)
    fields[p.field] = `${labelOf(ctx, decl, p.field)}：${interpolate(ctx.t(p.message, p.message), p.params)}`;
  return new FieldErrors(fields);
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

export const fieldErrorAnswer = (e: FieldErrors) => ({
  code: 400,
  msg: e.message,
  data: { fields: e.fields },
});

async function heldPermissions(call: CallContext<unknown>, decl: ResourceDecl): Promise<string[]> {
  return permissionsOn(await call.grants(), decl.key);
}

/** The records a permission code of the user reaches (a scoped screen's grant reaches its records only). */
async function reachFor(call: CallContext<unknown>, decl: ResourceDecl, code: string): Promise<Reach> {
  return reachOf(await call.grants(), decl.key, code, signedIn(call).userId);
}

/** A user bound to their own clients reads which clients they serve, never changes it. */
function assertNotOwnRelation({ storage }: Served, reach: Reach) {
  if (reach.clientsOf !== undefined && storage.table === clientRelationTable()) throw forbidden();
}

/**
 * A user bound to their own clients changed a record (in this transaction): it must still be one of their
 * clients' (a new record for another client, or one moved to another client, is refused, nothing changed).
 */
async function assertStillReached(db: Queryable, { ctx, decl, storage }: Served, id: string, reach: Reach) {
  if (reach.clientsOf === undefined || !storage.clientScope) return;
  const record = await findRecord(db, decl, storage, id, ctx.timeZone, {
    screens: 'all',
    clientsOf: reach.clientsOf,
  });
  if (!record) throw forbidden();
}

export const NOT_FOUND = '记录不存在或已被删除';

async function requirePermission(call: CallContext<unknown>, decl: ResourceDecl, code: string | undefined) {
  if (!code || !(await heldPermissions(call, decl)).includes(code)) throw forbidden();
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
    today: formatDateTime(call.now, ctx.timeZone).slice(0, 10),
    channel: ctx.db.channel,
    emit: (event, payload) => react(ctx.reactions, hook, event, payload),
  };
  return hook;
};

export interface Served {
  ctx: ServerContext;
  decl: ResourceDecl;
  storage: ResourceStorage;
}

const path = (decl: ResourceDecl, verb: ResourceVerb) => resourcePath(decl, verb);
const viewAccess = (decl: ResourceDecl) => ({
  module: decl.key,
  permission: decl.permissions.view ?? 'view',
});

/** The record when the user's permission reaches it; else the answer given for a record that does not exist. */
export async function reachedRecord(db: Queryable, { ctx, decl, storage }: Served, id: string, reach: Reach) {
  const record = await findRecord(db, decl, storage, id, ctx.timeZone, reach);
  if (!record) throw badRequest(NOT_FOUND);
  return record;
}

/** A filter the list does not have is refused rather than ignored (all records would come back unfiltered). */
function refuseUnknownFilters(schema: { properties?: object }, body: Form) {
  const unknown = Object.keys(body ?? {}).find((key) => !Object.hasOwn(schema.properties ?? {}, key));
  if (unknown !== undefined) throw badRequest(`列表没有「${unknown.slice(0, 40)}」这个筛选条件`);
}

/**
 * The records the user may view; or, for a user who may only choose them in a field of a screen they
 * view (a fee's warehouse), their names, searched by name.
 */
function listCall(app: FastifyInstance, { ctx, decl, storage }: Served) {
  const schema = listSchema(ctx, decl);
  defineCall<Form>(app, ctx, {
    path: path(decl, 'list'),
    // Viewers list records; whoever views a screen choosing from this resource lists its names (below).
    access: 'session',
    body: schema,
    handle: async (call) => {
      refuseUnknownFilters(schema, call.body);
      const query = parseListRequest(decl, call.body as never);
      const grants = await call.grants();
      const view = viewAccess(decl).permission;
      if (permissionsOn(grants, decl.key).includes(view))
        return ok(
          await listRecords(
            call.db,
            decl,
            storage,
            query,
            ctx.timeZone,
            reachOf(grants, decl.key, view, signedIn(call).userId),
          ),
        );
      if (!mayLookUp(grants, decl.key)) throw forbidden();
      const title = decl.titleField;
      const byName = { ...query, filters: title in query.filters ? { [title]: query.filters[title]! } : {} };
      const page = await listRecords(call.db, decl, storage, { ...byName, sort: undefined }, ctx.timeZone);
      return ok({ ...page, records: page.records.map((record) => lookupView(decl, record)) });
    },
  });
}

function detailCall(app: FastifyInstance, served: Served) {
  const { ctx, decl } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'detail'),
    access: viewAccess(decl),
    body: oneRecordSchema,
    handle: async (call) => {
      const [id] = idsOf(call.body);
      const reach = await reachFor(call, decl, viewAccess(decl).permission);
      const record = await reachedRecord(call.db, served, id!, reach);
      if (!decl.attachments) return ok(record);
      return ok({ ...record, attachments: await attachmentsOf(call.db, decl, id!, ctx.timeZone) });
    },
  });
}

function historyCall(app: FastifyInstance, served: Served) {
  const { ctx, decl } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'history'),
    access: viewAccess(decl),
    body: oneRecordSchema,
    handle: async (call) => {
      const [id] = idsOf(call.body);
      await reachedRecord(call.db, served, id!, await reachFor(call, decl, viewAccess(decl).permission));
      const entries = await call.db.query<HistoryEntry>(
        `select h.id::text, h.action, h.from_state as "fromState", h.to_state as "toState",
                coalesce(u.rel_name, '') as "userName", h.comment,
                ${wireExpression({ label: '', type: 'datetime' }, 'h.at', ctx.timeZone)} as time
           from document_history h left join users u on u.id = h.user_id
          where h.resource_key = $1 and h.record_id = $2 order by h.id`,
        [decl.key, id],
      );
      return ok(entries);
    },
  });
}

/** Stored value of a form field: empty → null (false for a flag), lists as arrays. */
function storedValue(decl: ResourceDecl, key: string, value: unknown): unknown {
  const field = decl.fields[key]!;
  if (field.type === 'boolean') return value === true || value === 'true';
  if (value === undefined || value === '') return null;
  return value;
}

/** Options an enum field's dictionary does not hold (the declaration checks only that one was chosen). */
export async function optionProblems(
  db: Queryable,
  decl: ResourceDecl,
  record: Row,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const key of decl.form?.fields ?? []) {
    const field = decl.fields[key]!;
    const value = record[key];
    if (field.type !== 'enum' || value === undefined || value === null || value === '') continue;
    const chosen = (Array.isArray(value) ? value : [value]).map(String);
    const [{ known }] = (await db.query<{ known: number }>(
      'select count(*)::int as known from dictionary_entries where code = $1 and value = any($2::text[])',
      [field.dictionary, chosen],
    )) as [{ known: number }];
    if (known < new Set(chosen).size) problems.push({ field: key, message: 'validation.type.enum' });
  }
  return problems;
}

/** Batch numbers (fields and line fields of type batch) that name no batch: `[problem field, value]`. */
function batchValues(decl: ResourceDecl, record: Row): [string, string][] {
  const named = (fields: ResourceDecl['fields'], row: Row, prefix: string): [string, string][] =>
    Object.entries(fields)
      .filter(
        ([key, field]) =>
          field.type === 'batch' && row[key] !== undefined && row[key] !== null && row[key] !== '',
      )
      .map(([key]) => [`${prefix}${key}`, String(row[key])]);
  const lines = decl.lines ? ((record[decl.lines.key] as Row[] | undefined) ?? []) : [];
  return [
    ...named(decl.fields, record, ''),
    ...lines.flatMap((line, index) =>
      named(decl.lines!.declaration.fields, line, `${decl.lines!.key}.${index}.`),
    ),
  ];
}

export async function batchProblems(db: Queryable, decl: ResourceDecl, record: Row): Promise<FieldProblem[]> {
  const named = batchValues(decl, record);
  if (named.length === 0) return [];
  const rows = await db.query<{ batchNo: string }>(
    'select batch_no as "batchNo" from batches where batch_no = any($1::text[])',
    [named.map(([, batchNo]) => batchNo)],
  );
  const known = new Set(rows.map((row) => row.batchNo));
  return named
    .filter(([, batchNo]) => !known.has(batchNo))
    .map(([field, batchNo]) => ({ field, message: 'validation.batchUnknown', params: { batchNo } }));
}

/** Ids in form fields that name no record (a deleted partner, a member who is no user). */
async function referenceProblems(
  db: Queryable,
  decl: ResourceDecl,
  record: Row,
  keys: readonly string[] = (decl.form?.fields ?? []).filter((key) => !decl.fields[key]!.readOnly),
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const key of keys) {
    const field = decl.fields[key]!;
    const target = idTarget(field);
    const value = record[key];
    if (!target || value === undefined || value === null || value === '') continue;
    const ids = [...new Set((Array.isArray(value) ? value : [value]).map(String))];
    const [row] = await db.query<{ known: number }>(
      `select count(*)::int as known from ${target.table} where id = any($1::bigint[])`,
      [ids],
    );
    if ((row?.known ?? 0) < ids.length) problems.push({ field: key, message: 'validation.referenceUnknown' });
  }
  return problems;
}

async function assertUnique(
  db: Queryable,
  { ctx, decl, storage }: Served,
  record: Row,
  id: string | undefined,
) {
  const fields: Record<string, string> = {};
  for (const key of storage.unique ?? []) {
    if (record[key] === undefined || record[key] === null || record[key] === '') continue;
    const taken = await db.query(
      `select 1 from ${storage.table} t where ${columnOf(storage, key).read}::text = $1 and t.id::text <> $2`,
      [String(record[key]), id ?? ''],
    );
    if (taken.length > 0) fields[key] = `${labelOf(ctx, decl, key)}已存在`;
  }
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
}

/** A document under approval is changed or deleted only while it is a draft (else approval is bypassed). */
async function assertDraft(db: Queryable, { decl, storage }: Served, id: string, refusal: string) {
  const workflow = decl.workflow;
  if (!workflow?.approval) return;
  const [row] = await db.query<{ state: string }>(
    `select ${columnOf(storage, workflow.field).read} as state from ${storage.table} t where t.id = $1 for update`,
    [id],
  );
  if (row && row.state !== workflow.initial) throw badRequest(refusal);
}

async function writeRow(
  served: Served,
  hook: HookContext,
  record: Row,
  id: string | undefined,
  prepared: unknown,
): Promise<string> {
  const { decl, storage } = served;
  const values: [string, unknown][] = [];
  // A datetime travels as the business zone's wall-clock time: stored as that instant, whatever the
  // database session's zone.
  const placeholder = new Map<number, string>();
  for (const key of decl.form?.fields ?? []) {
    const column = columnOf(storage, key);
    if (!column.write || decl.fields[key]?.readOnly) continue;
    const value = storedValue(decl, key, record[key]);
    // A new record left blank takes the column's default (a fee of 0), as a row inserted by hand would.
    if (!id && value === null && !column.encode) continue;
    if (decl.fields[key]?.type === 'datetime' && !column.encode)
      placeholder.set(values.length, `::timestamp at time zone '${served.ctx.timeZone}'`);
    values.push([column.write, column.encode ? column.encode(value) : value]);
  }
  values.push(...Object.entries(storage.stamps?.(hook, !id, prepared) ?? {}));
  const params = values.map(([, v]) => v);
  const param = (index: number, offset: number) => `($${index + offset}${placeholder.get(index) ?? ''})`;
  if (!id) {
    const workflow = decl.workflow;
    if (workflow) {
      const column = columnOf(storage, workflow.field);
      if (column.write) {
        values.push([column.write, column.encode ? column.encode(workflow.initial) : workflow.initial]);
        params.push(values.at(-1)![1]);
      }
    }
    const [row] = await hook.db.query<{ id: string }>(
      `insert into ${storage.table} (${values.map(([c]) => c).join(', ')})
       values (${values.map((_, i) => param(i, 1)).join(', ')}) returning id::text`,
      params,
    );
    return row!.id;
  }
  const sets = values.map(([c], i) => `${c} = ${param(i, 2)}`);
  if (storage.onUpdate) sets.push(storage.onUpdate);
  const changed = await hook.db.query(
    `update ${storage.table} set ${sets.join(', ')} where id = $1 returning id`,
    [id, ...params],
  );
  if (changed.length === 0) throw badRequest(NOT_FOUND);
  return id;
}

/** A foreign key kept a row others point at: 23503, or 23001 for one declared `on delete restrict`. */
const isReferenced = (error: unknown) => ['23503', '23001'].includes((error as { code?: string }).code ?? '');

/** Unique and foreign-key violations the checks above did not foresee, in words. */
export function databaseProblem(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === '23505') throw badRequest('该记录与已有记录重复');
  if (code === '23503' || code === '23001') throw badRequest('记录仍被其他数据引用，或引用的数据不存在');
  if (code === '22003') throw badRequest('数值超出允许的范围，请检查输入');
  if (code === '22008') throw badRequest('日期超出允许的范围，请检查输入');
  throw error;
}

function saveCall(app: FastifyInstance, served: Served) {
  const { ctx, decl, storage } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'save'),
    access: 'session',
    body: saveSchema(ctx, decl),
    handle: async (call) => {
      const record = parseSaveRequest(decl, call.body as never);
      const id = typeof record.id === 'string' ? record.id : undefined;
      if (id !== undefined && !/^\d{1,18}$/.test(id)) throw badRequest('记录编号不正确');
      const code = id ? decl.permissions.edit : decl.permissions.create;
      await requirePermission(call, decl, code);
      const reach = await reachFor(call, decl, code!);
      assertNotOwnRelation(served, reach);
      const existing = id ? await reachedRecord(call.db, served, id, reach) : {};
      if (!withinReach(reach, { ...existing, ...record })) throw forbidden();
      const problems = validateRecord(decl, record, { weightDigit: ctx.tenant.weightDigit });
      if (problems.length === 0)
        problems.push(
          ...(await optionProblems(call.db, decl, record)),
          ...(await batchProblems(call.db, decl, record)),
          ...(await referenceProblems(call.db, decl, record)),
        );
      if (problems.length > 0) return fieldErrorAnswer(fieldErrors(ctx, decl, problems));
      const prepared = await storage.prepare?.('save', { creating: !id });
      try {
        return await inTransaction(ctx, call, path(decl, 'save'), async (tx) => {
          const hook = hookOf(ctx, call, tx.db);
          await storage.lockFirst?.(tx.db, id, record);
          if (id) await assertDraft(tx.db, served, id, '只有草稿状态的记录可以修改');
          await assertUnique(tx.db, served, record, id);
          const savedId = await writeRow(served, hook, record, id, prepared);
          if (decl.lines && storage.lines)
            await storage.lines.save(hook, savedId, record[decl.lines.key] as Row[], record);
          await storage.saveExtra?.(hook, savedId, record);
          const extra = (await storage.afterSave?.(hook, savedId, !id, prepared)) ?? {};
          await assertStillReached(tx.db, served, savedId, reach);
          tx.record.detail = {
            resource: decl.key,
            operation: id ? 'update' : 'create',
            recordId: savedId,
            summary: operationSummary(ctx, decl, operationWords(id ? 'update' : 'create'), [record]),
            input: call.body,
          };
          const saved = await findRecord(tx.db, decl, storage, savedId, ctx.timeZone);
          return ok({ ...saved, ...extra }, '保存成功');
        });
      } catch (error) {
        if (error instanceof FieldErrors) return fieldErrorAnswer(error);
        if (id && isReferenced(error))
          try {
            await storage.refusedAsReferenced?.(ctx.db, [id], 'save');
          } catch (refusal) {
            if (refusal instanceof FieldErrors) return fieldErrorAnswer(refusal);
            throw refusal;
          }
        return databaseProblem(error);
      }
    },
  });
}

function deleteCall(app: FastifyInstance, served: Served) {
  const { ctx, decl, storage } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'delete'),
    access: decl.permissions.delete ? { module: decl.key, permission: decl.permissions.delete } : 'session',
    body: recordsSchema(),
    changes: true,
    handle: async (call) => {
      if (!decl.permissions.delete) throw forbidden('该记录不能删除');
      const ids = idsOf(call.body);
      const reach = await reachFor(call, decl, decl.permissions.delete);
      assertNotOwnRelation(served, reach);
      const doomed: Row[] = [];
      for (const id of ids) doomed.push(await reachedRecord(call.db, served, id, reach));
      for (const id of ids) await assertDraft(call.db, served, id, '只有草稿状态的记录可以删除');
      await storage.onDelete?.(call.db, ids);
      // A savepoint, so that after a refusal the transaction can still read what refused it.
      await call.db.query('savepoint deleting');
      const deleted = await call.db
        .query<{ id: string }>(
          `delete from ${storage.table} where id = any($1::bigint[]) returning id::text`,
          [ids],
        )
        .catch(async (error) => {
          await call.db.query('rollback to savepoint deleting');
          if (isReferenced(error)) await storage.refusedAsReferenced?.(call.db, ids, 'delete');
          return databaseProblem(error);
        });
      if (deleted.length !== ids.length) throw badRequest(NOT_FOUND);
      call.record.detail = {
        resource: decl.key,
        operation: 'delete',
        recordId: ids.join(','),
        summary: operationSummary(ctx, decl, operationWords('delete'), doomed),
        input: call.body,
      };
      return ok(null, '删除成功');
    },
  });
}

export const REFUSAL: Record<string, string> = {
  noWorkflow: '该记录没有状态流转',
  unknownAction: '未知的操作',
  illegalState: '当前状态不允许此操作',
  commentRequired: '请填写意见',
};

function transitionCall(app: FastifyInstance, served: Served) {
  const { ctx, decl, storage } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'transition'),
    access: 'session',
    body: transitionSchema(ctx, decl),
    handle: async (call) => {
      const ids = idsOf(call.body);
      const action = String(call.body.action ?? '');
      const comment = typeof call.body.comment === 'string' ? call.body.comment.trim() : '';
      const grants = await call.grants();
      const held = permissionsOn(grants, decl.key);
      const permission = decl.workflow?.transitions.find((t) => t.action === action)?.permission;
      // Refused before any record is read, so a caller without the right cannot learn which ids exist.
      if (held.length === 0 || (permission && !held.includes(permission))) throw forbidden();
      // Without the permission at all, checkTransition refuses (403); with it, only the records it reaches.
      const userId = signedIn(call).userId;
      const reach: Reach =
        permission && held.includes(permission)
          ? reachOf(grants, decl.key, permission, userId)
          : { screens: 'all', ...(boundToOwnClients(grants) ? { clientsOf: userId } : {}) };
      const values = await askedValues(served, action, call.body);
      const prepared = await storage.prepare?.('transition', { action });
      return inTransaction(ctx, call, path(decl, 'transition'), async (tx) => {
        const hook = hookOf(ctx, call, tx.db);
        const records: Row[] = [];
        for (const id of ids) {
          await storage.lockFirst?.(tx.db, id, undefined);
          await reachedRecord(tx.db, served, id, reach);
          records.push(await transitionOne(served, hook, id, { action, comment, values }, held, prepared));
        }
        tx.record.detail = {
          resource: decl.key,
          operation: 'transition',
          recordId: ids.join(','),
          summary: operationSummary(ctx, decl, ctx.t(`action.${action}`, action), records),
          input: call.body,
        };
        return ok(records, '操作成功');
      });
    },
  });
}

/**
 * The values of the fields the transition asks for (TransitionDecl.fields): each required and checked by
 * its declared rules, a reference naming an existing record; refused as a save's fields are.
 */
async function askedValues({ ctx, decl }: Served, action: string, body: Form): Promise<Row> {
  const asked = decl.workflow?.transitions.find((t) => t.action === action)?.fields ?? [];
  const values: Row = Object.fromEntries(asked.map((key) => [key, body[key] ?? '']));
  const problems = asked.flatMap((key) => {
    const field = decl.fields[key]!;
    const problem = validateField(
      key,
      { ...field, rules: [{ kind: 'required' }, ...(field.rules ?? [])] } as typeof field,
      values,
      { weightDigit: ctx.tenant.weightDigit },
    );
    return problem ? [problem] : [];
  });
  const known = problems.length === 0 ? await referenceProblems(ctx.db, decl, values, asked) : [];
  if (problems.length + known.length > 0) throw fieldErrors(ctx, decl, [...problems, ...known]);
  return values;
}

async function transitionOne(
  { ctx, decl, storage }: Served,
  hook: HookContext,
  id: string,
  request: { action: string; comment: string; values: Row },
  held: string[],
  prepared: unknown,
): Promise<Row> {
  const workflow = decl.workflow;
  if (!workflow) throw badRequest(REFUSAL.noWorkflow!);
  const state = columnOf(storage, workflow.field);
  const [row] = await hook.db.query<{ state: string }>(
    `select ${state.read} as state from ${storage.table} t where t.id = $1 for update`,
    [id],
  );
  if (!row) throw badRequest(NOT_FOUND);
  const from = stateOf(decl, { [workflow.field]: row.state })!;
  const check = checkTransition(decl, from, request, held);
  if (!check.ok) {
    if (check.reason === 'forbidden') throw forbidden();
    throw badRequest(REFUSAL[check.reason]!);
  }
  const to = check.transition.to;
  if (!state.write) throw new Error(`${decl.key} has no writable state`);
  for (const [key, value] of Object.entries(request.values)) {
    const column = columnOf(storage, key);
    if (!column.write) throw new Error(`${decl.key}.${key} is asked by ${request.action} but not writable`);
    await hook.db.query(`update ${storage.table} set ${column.write} = $2 where id = $1`, [
      id,
      column.encode ? column.encode(value) : value,
    ]);
  }
  await hook.db.query(`update ${storage.table} set ${state.write} = $2 where id = $1`, [
    id,
    state.encode ? state.encode(to) : to,
  ]);
  await recordStep(hook, decl.key, id, {
    action: request.action,
    from,
    to,
    comment: request.comment || null,
  });
  const extra = (await storage.afterTransition?.(hook, id, request.action, prepared)) ?? {};
  const record = { ...(await findRecord(hook.db, decl, storage, id, ctx.timeZone)), ...extra };
  await noticeToSubmitter(ctx, decl, hook, record, request);
  return record;
}

/** 单据相关: the message type of a document's notices unless its declaration names its own. */
const DOCUMENT_NOTICES = '1000007';

/**
 * An approval or rejection tells whoever submitted the document, in the message centre and live over the
 * socket (the message goes out when the transaction commits).
 */
async function noticeToSubmitter(
  ctx: ServerContext,
  decl: ResourceDecl,
  hook: HookContext,
  record: Row,
  request: { action: string; comment: string },
) {
  const approval = decl.workflow?.approval;
  if (!approval || ![approval.approve, approval.reject].includes(request.action)) return;
  const [submitter] = await hook.db.query<{ loginName: string }>(
    `select u.login_name as "loginName" from document_history h join users u on u.id = h.user_id
      where h.resource_key = $1 and h.record_id = $2 and h.action = 'submit' order by h.id desc limit 1`,
    [decl.key, record.id],
  );
  if (!submitter) return;
  const what = operationSummary(ctx, decl, '', [
    { ...record, [decl.titleField]: `**${record[decl.titleField]}**` },
  ]);
  const outcome = ctx.t(`action.${request.action}`, request.action);
  const message = `${what} 已${outcome}${request.comment ? `：${request.comment}` : ''}`;
  await createMessage(
    hook.db,
    ctx.db,
    {
      loginName: submitter.loginName,
      messageType: decl.messageType ?? DOCUMENT_NOTICES,
      message,
      createdBy: hook.actor.userId,
    },
    hook.now,
  );
}

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
