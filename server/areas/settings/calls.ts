import type { FastifyInstance } from 'fastify';
import {
  FORM_DEFAULTS_PATH,
  PUBLISHED_TEMPLATE_PATH,
  type PublishedTemplate,
} from '../../../src/framework/resource/index.ts';
import {
  type DictionaryEntry,
  type DictionaryRequest,
  type HelpArticle,
  type HelpArticleRequest,
  type Instrument,
  PATHS,
} from '../../../src/shared/api/contract.ts';
import { businessRouteByKey } from '../../../src/shared/routes/businessRoutes.ts';
import { API_MODULES, permissionsOn } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import { servedResources } from '../../platform/resources/served.ts';
import { formatDate, formatDateTime } from '../../platform/time.ts';
import { settingOn } from './values.ts';

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

/** The lookups every screen reads: dictionary words, instruments, help articles. */
/** Where each kind of print template is kept. */
const TEMPLATE_TABLES: Readonly<Record<string, string>> = {
  contractTemplate: 'contract_templates',
  billTemplate: 'bill_templates',
};

function publishedTemplateCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<{ variant: string }>(app, ctx, {
    path: PUBLISHED_TEMPLATE_PATH,
    // Whoever may view the records a page prints reads its template; editing templates is another right.
    access: 'session',
    body: {
      type: 'object',
      required: ['variant'],
      properties: { variant: { type: 'string', title: '打印页面', minLength: 1, maxLength: 64 } },
    },
    handle: async (call) => {
      const route = businessRouteByKey.get(call.body.variant);
      const table = route?.print ? TEMPLATE_TABLES[route.print.templates] : undefined;
      if (!route?.resource || !table) throw badRequest(`没有名为 ${call.body.variant} 的打印页面`);
      if (!permissionsOn(await call.grants(), route.resource).includes('view')) throw forbidden();
      const [template] = await call.db.query<PublishedTemplate>(
        `select name, content from ${table} where variant = $1 and status = 'active' order by version desc limit 1`,
        [route.key],
      );
      return ok(template ?? null);
    },
  });
}

/** The settings declarations name as their fields' defaults (nothing else is answered here). */
const defaultSettings = () => [
  ...new Set(
    servedResources().flatMap(({ decl }) =>
      Object.values(decl.fields).flatMap((field) => (field.defaultSetting ? [field.defaultSetting] : [])),
    ),
  ),
];

function formDefaultsCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall(app, ctx, {
    path: FORM_DEFAULTS_PATH,
    // Every form that has such a field is some role's: the values are a rate or a term, not a secret.
    access: 'session',
    body: { type: 'object', properties: {} },
    handle: async ({ db, now }) => {
      const day = formatDateTime(now, ctx.timeZone).slice(0, 10);
      const keys = defaultSettings();
      const values = await Promise.all(keys.map((key) => settingOn(db, key, day)));
      return ok(Object.fromEntries(keys.map((key, index) => [key, values[index]])));
    },
  });
}

export function settingsCalls(app: FastifyInstance, ctx: ServerContext): void {
  formDefaultsCall(app, ctx);
  publishedTemplateCall(app, ctx);
  dictionaryCall(app, ctx);
  instrumentCall(app, ctx);
  helpArticleCall(app, ctx);
}
