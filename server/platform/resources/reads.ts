// The calls that read a resource: its list (or, for whoever only chooses its records in a field, their
// names), a record's detail with what its user may do to it, and a document's history.

import type { FastifyInstance } from 'fastify';
import { type HistoryEntry, parseListRequest } from '../../../src/framework/resource/index.ts';
import { permissionsOn, reachOf } from '../access/permissions.ts';
import { defineCall, signedIn } from '../http/calls.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { withAllowed } from './actions.ts';
import { attachmentsOf } from './attachments.ts';
import { lookupView, mayLookUp } from './lookups.ts';
import type { Form } from './problems.ts';
import { listRecords } from './query.ts';
import { listSchema, oneRecordSchema } from './requestSchemas.ts';
import { idsOf, path, reachedRecord, reachFor, type Served, viewAccess } from './serving.ts';
import { wireExpression } from './storage.ts';

/** A filter the list does not have is refused rather than ignored (all records would come back unfiltered). */
function refuseUnknownFilters(schema: { properties?: object }, body: Form) {
  const unknown = Object.keys(body ?? {}).find((key) => !Object.hasOwn(schema.properties ?? {}, key));
  if (unknown !== undefined) throw badRequest(`列表没有「${unknown.slice(0, 40)}」这个筛选条件`);
}

/**
 * The records the user may view; or, for a user who may only choose them in a field of a screen they
 * view (a fee's warehouse), their names, searched by name.
 */
export function listCall(app: FastifyInstance, served: Served) {
  const { ctx, decl, storage } = served;
  const schema = listSchema(ctx, decl);
  defineCall<Form>(app, ctx, {
    path: path(decl, 'list'),
    // Viewers list records; whoever views a screen choosing from this resource lists its names (below).
    access: 'session',
    body: schema,
    authorize: async ({ grants }) => {
      const held = await grants();
      if (!permissionsOn(held, decl.key).includes(viewAccess(decl).permission) && !mayLookUp(held, decl.key))
        throw forbidden();
    },
    handle: async (call) => {
      refuseUnknownFilters(schema, call.body);
      const query = parseListRequest(decl, call.body as never);
      const grants = await call.grants();
      const view = viewAccess(decl).permission;
      const userId = signedIn(call).userId;
      if (permissionsOn(grants, decl.key).includes(view)) {
        const reach = reachOf(grants, decl.key, view, userId);
        const page = await listRecords(call.db, decl, storage, query, ctx.timeZone, reach);
        const records = await withAllowed(call.db, served, grants, userId, page.records);
        return ok({ ...page, records });
      }
      if (!mayLookUp(grants, decl.key)) throw forbidden();
      const title = decl.titleField;
      const byName = { ...query, filters: title in query.filters ? { [title]: query.filters[title]! } : {} };
      const page = await listRecords(call.db, decl, storage, { ...byName, sort: undefined }, ctx.timeZone);
      return ok({ ...page, records: page.records.map((record) => lookupView(decl, record)) });
    },
  });
}

export function detailCall(app: FastifyInstance, served: Served) {
  const { ctx, decl } = served;
  defineCall<Form>(app, ctx, {
    path: path(decl, 'detail'),
    access: viewAccess(decl),
    body: oneRecordSchema,
    handle: async (call) => {
      const [id] = idsOf(call.body);
      const reach = await reachFor(call, decl, viewAccess(decl).permission);
      const found = await reachedRecord(call.db, served, id!, reach);
      const [record] = await withAllowed(call.db, served, await call.grants(), signedIn(call).userId, [
        found,
      ]);
      if (!decl.attachments) return ok(record);
      return ok({ ...record, attachments: await attachmentsOf(call.db, decl, id!, ctx.timeZone) });
    },
  });
}

export function historyCall(app: FastifyInstance, served: Served) {
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
