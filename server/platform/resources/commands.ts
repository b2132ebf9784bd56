// A declared command (an operation with its own input) served at `POST <base>/<command>`, in one
// transaction: input validated by its declaration, access and reach checked, the record locked and its
// state checked, the service run, the state moved and written to the document history, the operation
// recorded in words; messages the service sends go out when the transaction commits.

import type { FastifyInstance } from 'fastify';
import {
  type FieldProblem,
  parseSaveRequest,
  validateField,
  validateRecord,
} from '../../../src/framework/resource/index.ts';
import { reachOf } from '../access/permissions.ts';
import { defineCall, inTransaction, signedIn } from '../http/calls.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { createMessage } from '../messages/store.ts';
import { recordStep } from './history.ts';
import {
  batchProblems,
  databaseProblem,
  FieldErrors,
  fieldErrorAnswer,
  fieldErrors,
  NOT_FOUND,
  optionProblems,
  REFUSAL,
  referenceProblems,
} from './problems.ts';
import { findRecord } from './query.ts';
import { commandSchema } from './requestSchemas.ts';
import { hookOf, idsOf, reachedRecord, type Served } from './serving.ts';
import { type CommandContext, columnOf } from './storage.ts';

type Form = Record<string, string | string[] | undefined>;

/** Ends a preview's transaction: everything the command wrote is rolled back, its answer kept. */
class PreviewRolledBack extends Error {
  constructor(readonly answer: unknown) {
    super('preview');
  }
}

export function commandCall(app: FastifyInstance, served: Served, name: string) {
  const { ctx, decl, storage } = served;
  const command = decl.commands![name]!;
  const service = storage.commands?.[name];
  if (!service) throw new Error(`${decl.key} declares command ${name} but its storage has no service for it`);
  const path = `/api/${decl.area}/${decl.resource}/${name}`;
  const onRecord = (command.target ?? 'record') === 'record';
  defineCall<Form>(app, ctx, {
    path,
    access: { module: decl.key, permission: command.permission },
    body: commandSchema(ctx, decl, name),
    handle: async (call) => {
      const input = parseSaveRequest(command.input, call.body as never);
      delete input.id;
      const [id] = onRecord ? idsOf(call.body) : [undefined];
      const reach = reachOf(await call.grants(), decl.key, command.permission, signedIn(call).userId);
      const problems = validateRecord(command.input, input, { weightDigit: ctx.tenant.weightDigit });
      if (problems.length === 0)
        problems.push(
          ...(await optionProblems(call.db, command.input, input)),
          ...(await batchProblems(call.db, command.input, input)),
          ...(await referenceProblems(call.db, command.input, input)),
        );
      if (problems.length > 0) return fieldErrorAnswer(fieldErrors(ctx, command.input, problems));
      const preview = Boolean(command.preview) && call.body.preview === 'true';
      try {
        return await inTransaction(ctx, call, path, async (tx) => {
          const hook = hookOf(ctx, call, tx.db);
          const record = id ? await reachedRecord(tx.db, served, id, reach) : undefined;
          const workflow = decl.workflow;
          let from: string | undefined;
          if (id && workflow) {
            const state = columnOf(storage, workflow.field);
            const [row] = await tx.db.query<{ state: string }>(
              `select ${state.read} as state from ${storage.table} t where t.id = $1 for update`,
              [id],
            );
            if (!row) throw badRequest(NOT_FOUND);
            from = row.state;
            if (command.states && !command.states.includes(from)) throw badRequest(REFUSAL.illegalState!);
          }
          const context: CommandContext = {
            ...hook,
            record,
            input,
            preview,
            ...(reach.clientsOf !== undefined && storage.clientScope ? { clientsOf: reach.clientsOf } : {}),
            notify: async (message) => {
              await createMessage(tx.db, ctx.db, { ...message, createdBy: signedIn(call).userId }, hook.now);
            },
            checkFields: (changed, fields) => {
              const options = { weightDigit: ctx.tenant.weightDigit };
              const problems = fields
                .map((key) => validateField(key, decl.fields[key]!, changed, options))
                .filter((problem): problem is FieldProblem => problem !== undefined);
              if (problems.length > 0) throw fieldErrors(ctx, decl, problems);
            },
          };
          const outcome = await service(context);
          if (preview)
            throw new PreviewRolledBack(
              ok({ record: record ?? null, result: outcome.data ?? null }, outcome.summary),
            );
          if (id && workflow && outcome.toState && outcome.toState !== from) {
            const state = columnOf(storage, workflow.field);
            if (!state.write) throw new Error(`${decl.key} has no writable state`);
            await tx.db.query(`update ${storage.table} set ${state.write} = $2 where id = $1`, [
              id,
              state.encode ? state.encode(outcome.toState) : outcome.toState,
            ]);
          }
          if (id)
            await recordStep(hook, decl.key, id, {
              action: name,
              from: from ?? null,
              to: outcome.toState ?? from ?? null,
              comment: outcome.summary,
            });
          tx.record.detail = {
            resource: decl.key,
            operation: name,
            recordId: id ?? '',
            summary: outcome.summary,
            input: call.body,
          };
          const saved = id ? await findRecord(tx.db, decl, storage, id, ctx.timeZone) : undefined;
          return ok({ record: saved, result: outcome.data ?? null }, outcome.summary);
        });
      } catch (error) {
        if (error instanceof PreviewRolledBack) return error.answer as ReturnType<typeof ok>;
        if (error instanceof FieldErrors) return fieldErrorAnswer(error);
        return databaseProblem(error);
      }
    },
  });
}
