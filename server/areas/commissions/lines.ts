// The commission lines as the line views and reports read them, and the rule that keeps each person to their
// own: whoever does not hold the run screen (RoyaltyAccounting, finance) lists, totals, exports and opens only
// the lines of which they are the person, whatever they ask for. Enforced before the generic calls run.
import type { FastifyInstance } from 'fastify';
import { commissionLine } from '../../../src/areas/commissions/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { permissionsOn } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import { grantsOf } from '../../platform/http/calls.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { NOT_FOUND } from '../../platform/resources/problems.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';

export const commissionLineStorage: ResourceStorage = { table: 'commission_line_rows' };

/** The screen whose viewers read every person's lines. */
export const ALL_LINES_SCREEN = 'RoyaltyAccounting';

const BASE = resourcePath(commissionLine, 'list').replace(/\/list$/, '/');

export function ownLinesOnly(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith(BASE)) return;
    const session = request.userSession;
    if (!session) return;
    if (permissionsOn(await grantsOf(ctx, request), ALL_LINES_SCREEN).includes('view')) return;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const verb = request.url.slice(BASE.length).split('?')[0];
    if (verb === 'list') {
      body.personId = session.userId;
      request.body = body;
      return;
    }
    const ids = [body.id].flat().filter((id) => typeof id === 'string' && /^\d{1,18}$/.test(id));
    if (ids.length === 0) return;
    const rows = await ctx.db.query<{ own: boolean }>(
      'select person_id = $2 as own from commission_lines where id = any($1::bigint[])',
      [ids, session.userId],
    );
    if (rows.some((row) => !row.own)) throw badRequest(NOT_FOUND);
  });
}
