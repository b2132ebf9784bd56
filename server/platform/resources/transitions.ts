// A document's state change (`<base>/transition`): one or several records, all or nothing, each checked
// against the workflow and the four-eyes rule, written to the document history, and the submitter told of
// an approval or a rejection.

import type { FastifyInstance } from 'fastify';
import {
  checkTransition,
  type ResourceDecl,
  stateOf,
  validateField,
} from '../../../src/framework/resource/index.ts';
import { boundToOwnClients, permissionsOn, type Reach, reachOf } from '../access/permissions.ts';
import type { ServerContext } from '../context.ts';
import { defineCall, inTransaction, signedIn } from '../http/calls.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { createMessage } from '../messages/store.ts';
import { refuseOwnDecision } from './actions.ts';
import { recordStep } from './history.ts';
import { type Form, fieldErrors, NOT_FOUND, REFUSAL, referenceProblems } from './problems.ts';
import { findRecord, type Row } from './query.ts';
import { transitionSchema } from './requestSchemas.ts';
import { hookOf, idsOf, operationSummary, path, reachedRecord, type Served } from './serving.ts';
import { columnOf, type HookContext } from './storage.ts';

export function transitionCall(app: FastifyInstance, served: Served) {
  const { ctx, decl, storage } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'transition'),
    access: 'session',
    body: transitionSchema(ctx, decl),
    authorize: async ({ body, grants }) => {
      const held = permissionsOn(await grants(), decl.key);
      const action = (body as Form).action;
      const permission = decl.workflow?.transitions.find((t) => t.action === action)?.permission;
      if (held.length === 0 || (permission && !held.includes(permission))) throw forbidden();
    },
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
          await storage.lockFirst?.(tx.db, id, undefined, hook.today);
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
  await refuseOwnDecision(
    hook.db,
    decl,
    storage,
    id,
    request.action,
    hook.actor,
    operationSummary(ctx, decl, '', []),
  );
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
