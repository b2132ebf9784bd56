import type { FastifyInstance } from 'fastify';
import {
  type DictionaryEntry,
  type DictionaryRequest,
  type HelpArticle,
  type HelpArticleRequest,
  type Instrument,
  PATHS,
  type PartnerKind,
  type PartnerSummary,
} from '../../../src/shared/api/contract.ts';
import type { ServerContext } from '../../context.ts';
import { defineCall } from '../../http/calls.ts';
import { badRequest, ok } from '../../http/envelope.ts';
import { formatDate } from '../../time.ts';
import { API_MODULES } from './permissions.ts';

const PARTNER_KINDS: PartnerKind[] = ['client', 'supplier', 'warehouse', 'bank', 'broker'];

function dictionaryCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<DictionaryRequest>(app, ctx, {
    path: PATHS.dictionary,
    // The words every screen shows for its coded values: any role a new administrator makes needs them.
    access: 'session',
    body: {
      type: 'object',
      required: ['code'],
      properties: { code: { type: 'string', title: '字典编码', minLength: 1, maxLength: 100 } },
    },
    handle: async ({ body }) =>
      ok(
        await ctx.db.query<DictionaryEntry>(
          'select value, label, sort from dictionary_entries where code = $1 order by sort, value',
          [body.code],
        ),
      ),
  });
}

interface PartnerListRequest {
  kind?: PartnerKind;
  name?: string;
}

/** Every partner in use (the app fills pickers from it), optionally of one kind or matching a name. */
function partnerListCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<PartnerListRequest>(app, ctx, {
    path: PATHS.partnerList,
    access: { module: API_MODULES.partner, permission: 'view' },
    body: {
      type: 'object',
      properties: {
        kind: { type: 'string', title: '往来单位类型', enum: PARTNER_KINDS },
        name: { type: 'string', title: '单位名称', maxLength: 100 },
      },
    },
    handle: async ({ body }) =>
      ok(
        await ctx.db.query<PartnerSummary>(
          `select id::text, name, kinds from partners
            where status = 'enabled'
              and ($1::text is null or $1 = any(kinds)) and ($2::text is null or strpos(name, $2) > 0)
            order by id`,
          [body.kind ?? null, body.name || null],
        ),
      ),
  });
}

function instrumentCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall(app, ctx, {
    path: PATHS.instrumentInfo,
    access: { module: API_MODULES.instrument, permission: 'view' },
    handle: async () => {
      const rows = await ctx.db.query<{
        symbol: string;
        exchange_symbol: string;
        month: string;
        last_trading_day: Date | string;
        lot_tonnes: string;
        tick_yuan: string;
      }>('select * from instruments order by month');
      const data: Instrument[] = rows.map((r) => ({
        symbol: r.symbol,
        exchangeSymbol: r.exchange_symbol,
        month: r.month,
        lastTradingDay: formatDate(r.last_trading_day),
        lotTonnes: Number(r.lot_tonnes),
        tickYuan: Number(r.tick_yuan),
      }));
      return ok(data);
    },
  });
}

function helpArticleCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<HelpArticleRequest>(app, ctx, {
    path: PATHS.helpArticle,
    access: 'session',
    body: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', title: '文章编号', minLength: 1, maxLength: 100 } },
    },
    handle: async ({ body }) => {
      const [article] = await ctx.db.query<HelpArticle>(
        'select name, text, version from help_articles where id = $1',
        [body.id],
      );
      if (!article) throw badRequest(`未找到帮助文章：${body.id}`);
      return ok(article);
    },
  });
}

export async function systemModule(app: FastifyInstance, opts: { ctx: ServerContext }): Promise<void> {
  dictionaryCall(app, opts.ctx);
  partnerListCall(app, opts.ctx);
  instrumentCall(app, opts.ctx);
  helpArticleCall(app, opts.ctx);
}
