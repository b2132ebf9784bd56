// The calls that change a resource's records: save (create or edit, with its line items) and delete, in
// one transaction each with the operation record; a document under approval only while it is a draft.

import type { FastifyInstance } from 'fastify';
import {
  parseSaveRequest,
  type ResourceDecl,
  validateRecord,
} from '../../../src/framework/resource/index.ts';
import { operationWords } from '../../../src/shared/api/operations.ts';
import { permissionsOn, withinReach } from '../access/permissions.ts';
import type { Queryable } from '../db/index.ts';
import { defineCall, inTransaction } from '../http/calls.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { businessDate } from '../time.ts';
import {
  batchProblems,
  databaseProblem,
  FieldErrors,
  type Form,
  fieldErrorAnswer,
  fieldErrors,
  isReferenced,
  labelOf,
  NOT_FOUND,
  optionProblems,
  referenceProblems,
} from './problems.ts';
import { findRecord, type Row } from './query.ts';
import { recordsSchema, saveSchema } from './requestSchemas.ts';
import {
  assertNotOwnRelation,
  assertStillReached,
  hookOf,
  idsOf,
  operationSummary,
  path,
  reachedRecord,
  reachFor,
  requirePermission,
  type Served,
} from './serving.ts';
import { columnOf, type HookContext } from './storage.ts';

/** Stored value of a form field: empty → null (false for a flag), lists as arrays. */
function storedValue(decl: ResourceDecl, key: string, value: unknown): unknown {
  const field = decl.fields[key]!;
  if (field.type === 'boolean') return value === true || value === 'true';
  if (value === undefined || value === '') return null;
  return value;
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

export function saveCall(app: FastifyInstance, served: Served) {
  const { ctx, decl, storage } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'save'),
    access: 'session',
    body: saveSchema(ctx, decl),
    authorize: async ({ body, grants }) => {
      const id = (body as Form).id;
      const code = id !== undefined && id !== '' ? decl.permissions.edit : decl.permissions.create;
      if (!code || !permissionsOn(await grants(), decl.key).includes(code)) throw forbidden();
    },
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
          await storage.lockFirst?.(tx.db, id, record, hook.today);
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

export function deleteCall(app: FastifyInstance, served: Served) {
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
      await storage.onDelete?.(call.db, ids, businessDate(call.now, ctx.timeZone));
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
