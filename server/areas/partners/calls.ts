import type { FastifyInstance } from 'fastify';
import { PATHS, type PartnerKind, type PartnerSummary } from '../../../src/shared/api/contract.ts';
import { API_MODULES, permissionsOn } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { forbidden, ok } from '../../platform/http/envelope.ts';
import { mayLookUp } from '../../platform/resources/lookups.ts';

const PARTNER_KINDS: PartnerKind[] = ['client', 'supplier', 'warehouse', 'bank', 'broker'];

interface PartnerListRequest {
  kind?: PartnerKind;
  name?: string;
}

/** Every partner in use (the app fills pickers from it), optionally of one kind or matching a name. */
export function partnerListCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<PartnerListRequest>(app, ctx, {
    path: PATHS.partnerList,
    // Partner pickers: whoever may view the partners, or a screen with a partner field.
    access: 'session',
    body: {
      type: 'object',
      properties: {
        kind: { type: 'string', title: '往来单位类型', enum: PARTNER_KINDS },
        name: { type: 'string', title: '单位名称', maxLength: 100 },
      },
    },
    handle: async ({ body, grants }) => {
      const held = await grants();
      if (!permissionsOn(held, API_MODULES.partner).includes('view') && !mayLookUp(held, API_MODULES.partner))
        throw forbidden();
      return ok(
        await ctx.db.query<PartnerSummary>(
          `select id::text, name, kinds from partners
            where status = 'enabled'
              and ($1::text is null or $1 = any(kinds)) and ($2::text is null or strpos(name, $2) > 0)
            order by partners.id`,
          [body.kind ?? null, body.name || null],
        ),
      );
    },
  });
}
