import type { FastifyInstance } from 'fastify';
import { futuresMonth, lastTradingDay, tradingMonths } from '../../../src/domain/index.ts';
import {
  FORM_DEFAULTS_PATH,
  PUBLISHED_TEMPLATE_PATH,
  type PublishedTemplate,
  type PublishedTemplateRequest,
} from '../../../src/framework/resource/index.ts';
import {
  type DictionaryEntry,
  type DictionaryRequest,
  type HelpArticle,
  type HelpArticleRequest,
  type Instrument,
  PATHS,
} from '../../../src/shared/api/contract.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../../src/shared/constants.ts';
import { businessRoute } from '../../../src/shared/routes/catalogue.ts';
import { API_MODULES, permissionsOn } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import { exchangeRulesOn } from '../../platform/exchange.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import { servedResources } from '../../platform/resources/served.ts';
import { settingOn } from '../../platform/settings.ts';
import { formatDateTime } from '../../platform/time.ts';

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
    // The months trading on the business day (what month pickers offer), each with its last trading day, and
    // the lot and tick of the day: the exchange's rules and settings (issue 21), not a table seeded once.
    handle: async ({ db, now }) => {
      const day = formatDateTime(now, ctx.timeZone).slice(0, 10);
      const rules = await exchangeRulesOn(db, day);
      const data: Instrument[] = tradingMonths(day, rules).map((code) => {
        const month = futuresMonth(code, day)!;
        return {
          symbol: month.code,
          exchangeSymbol: month.exchangeCode,
          month: `${month.year}-${String(month.month).padStart(2, '0')}`,
          lastTradingDay: lastTradingDay(month, rules),
          lotTonnes: Number(rules.lotTonnes),
          tickYuan: Number(rules.tick),
        };
      });
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
  defineCall<PublishedTemplateRequest>(app, ctx, {
    path: PUBLISHED_TEMPLATE_PATH,
    // Whoever may view the records a page prints reads its template; editing templates is another right.
    access: 'session',
    body: {
      type: 'object',
      required: ['variant'],
      properties: {
        variant: { type: 'string', title: '打印页面', minLength: 1, maxLength: 64 },
        language: { type: 'string', title: '打印语言', enum: [...LOCALES] },
      },
    },
    handle: async (call) => {
      const route = businessRoute(call.body.variant);
      const table = route?.print ? TEMPLATE_TABLES[route.print.templates] : undefined;
      if (!route?.resource || !table) throw badRequest(`没有名为 ${call.body.variant} 的打印页面`);
      if (!permissionsOn(await call.grants(), route.resource).includes('view')) throw forbidden();
      const published = await call.db.query<Omit<PublishedTemplate, 'languages' | 'house'>>(
        `select name, content, language from ${table} where variant = $1 and status = 'active'
          order by language = $2 desc, language = $3 desc, version desc`,
        [route.key, call.body.language ?? DEFAULT_LOCALE, DEFAULT_LOCALE],
      );
      const [template] = published;
      if (!template) return ok(null);
      const day = formatDateTime(call.now, ctx.timeZone).slice(0, 10);
      const [creditCode, address] = await Promise.all(
        ['companyCreditCode', 'companyAddress'].map((key) => settingOn(call.db, key, day)),
      );
      const languages = LOCALES.filter((language) => published.some((row) => row.language === language));
      return ok({ ...template, languages, house: { creditCode: creditCode!, address: address! } });
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
