import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { BODY_CODE, type Envelope } from '../src/shared/api/contract.ts';
import { installBusinessRoutes } from '../src/shared/routes/catalogue.ts';
import { userModule } from './platform/account/index.ts';
import {
  DEFAULT_LOGIN_LIMITS,
  type LoginLimits,
  type ServerContext,
  type TenantInfo,
} from './platform/context.ts';
import { DatabaseBusy, type Db, withBusinessDay } from './platform/db/index.ts';
import { BusinessError, badRequest, ok } from './platform/http/envelope.ts';
import { speakRequestLanguage } from './platform/http/language.ts';
import { ajv, describeValidationError } from './platform/http/validation.ts';
import { loadTranslator } from './platform/i18n.ts';
import { messageModule } from './platform/messages/index.ts';
import { SocketHub } from './platform/realtime/hub.ts';
import type { Composition } from './platform/resources/area.ts';
import { gatherCrossings } from './platform/resources/crossings.ts';
import { serveAreas } from './platform/resources/index.ts';
import { BUSINESS_TIME_ZONE, businessDate } from './platform/time.ts';

export interface AppOptions extends Composition {
  db: Db;
  tenant: TenantInfo;
  /** The tenant's built bundle (dist/<code>); absent = API only. */
  staticDir?: string;
  clock?: () => Date;
  timeZone?: string;
  loginLimits?: LoginLimits;
  /** Sockets one session may hold at once (`--sockets-per-session`); default 8. */
  socketsPerSession?: number;
  /** Waits ms (a slowed login); default a timer. */
  sleep?: (ms: number) => Promise<void>;
  logger?: FastifyServerOptions['logger'];
  /** Log every request at info; otherwise only server errors are (the error handler logs them). */
  logRequests?: boolean;
  /** Behind a reverse proxy: the proxies (addresses, subnets or hop count) whose X-Forwarded-For is believed. */
  trustProxy?: false | string | number;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function toEnvelope(error: FastifyError | BusinessError): { status: number; body: Envelope } {
  if (error instanceof BusinessError)
    return {
      status: 200,
      body: {
        code: error.code,
        msg: error.message,
        ...(error.data === undefined ? {} : { data: error.data }),
      },
    };
  if (error instanceof DatabaseBusy)
    return { status: 503, body: { code: BODY_CODE.busy, msg: '服务器繁忙，请稍后再试' } };
  if (error.validation?.[0])
    return { status: 200, body: { code: 400, msg: describeValidationError(error.validation[0] as never) } };
  if (error.statusCode === 415)
    return {
      status: 200,
      body: { code: BODY_CODE.unsupported, msg: '不支持的请求格式，请以表单或 JSON 提交' },
    };
  if (error.statusCode === 413) return { status: 200, body: { code: 400, msg: '请求内容过大' } };
  if (error.statusCode && error.statusCode < 500)
    return { status: 200, body: { code: 400, msg: '请求格式不正确' } };
  return { status: 500, body: { code: BODY_CODE.serverError, msg: '服务器内部错误，请稍后再试' } };
}

function parseJson(body: string): unknown {
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest('请求内容不是有效的 JSON');
  }
}

function registerPlumbing(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  // Forms and JSON only: anything else (text/plain included) answers 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toEnvelope(error);
    if (status >= 500 && status !== 503) request.log.error(error);
    if (status === 503) reply.header('Retry-After', '1');
    // A refused socket upgrade needs a real HTTP status: browsers never read the body.
    reply.status(request.ws && body.code !== 200 ? body.code : status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: BODY_CODE.notFound, msg: `请求地址出错: ${request.url}` });
  });
}

/** Calls (not the bundle, not a socket, which would hold its slot while open) take a slot of the database. */
function admitCalls(app: FastifyInstance, db: Db) {
  const admit = db.admit;
  if (!admit) return;
  const released = new WeakMap<object, () => void>();
  app.addHook('onRequest', async (request) => {
    if (!/^\/(api|login)\//.test(request.url) || request.headers.upgrade) return;
    released.set(request, await admit());
  });
  const release = async (request: object) => released.get(request)?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

/** The bundle gzipped as nginx serves it (deploy/nginx): a phone on the road fetches a third of the bytes. */
function serveBundle(app: FastifyInstance, dir: string) {
  app.register(async (bundle) => {
    await bundle.register(fastifyCompress, { encodings: ['gzip'] });
    await bundle.register(fastifyStatic, {
      root: path.resolve(dir),
      cacheControl: false,
      setHeaders: (res, file) => {
        const hashed = file.split(path.sep).includes('static');
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
        // No other site may frame the app (clickjacking); its own pages may.
        if (file.endsWith('.html')) {
          res.setHeader('X-Frame-Options', 'SAMEORIGIN');
          res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
        }
      },
    });
  });
}

/** A served call: its path and the JSON schema of its body (for checks that cover every call). */
export interface ServedRoute {
  method: string;
  url: string;
  body?: { properties?: Record<string, Record<string, unknown>> };
}

/**
 * The composition root: one tenant's server — the platform (login, menus, messages, socket) and the business
 * areas it is given (server/areas/index.ts composes them with their route catalogue) — and optionally its
 * bundle. The caller owns and closes db.
 */
export async function buildApp(
  options: AppOptions,
): Promise<{ app: FastifyInstance; ctx: ServerContext; routes: ServedRoute[] }> {
  installBusinessRoutes(options.routes);
  // An area composed without one it asks stops the app here, before anything is served.
  const crossings = gatherCrossings(options.areas);
  const clock = options.clock ?? (() => new Date());
  const timeZone = options.timeZone ?? BUSINESS_TIME_ZONE;
  const hub = new SocketHub(options.db, clock, timeZone, options.socketsPerSession);
  const ctx: ServerContext = {
    db: withBusinessDay(options.db, () => businessDate(clock(), timeZone)),
    tenant: options.tenant,
    clock,
    timeZone,
    t: loadTranslator(),
    loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    hub,
    crossings,
  };
  const hops = options.trustProxy;
  // A hop count trusts that many proxies nearest the server.
  const trustProxy =
    typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : (hops ?? false);
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    trustProxy,
  });
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, body: route.schema?.body as ServedRoute['body'] });
  });
  registerPlumbing(app);
  admitCalls(app, options.db);
  speakRequestLanguage(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  app.addHook('preClose', async () => hub.stop());
  // Clients only send heartbeats: a small frame limit keeps a misbehaving one from costing memory.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(userModule, { ctx });
  await app.register(messageModule, { ctx });
  serveAreas(app, ctx, options.areas);
  // For load balancers and container health checks: answers once the database does.
  app.get('/healthz', async () => {
    await ctx.db.query('select 1');
    return ok({ tenant: ctx.tenant.code });
  });
  if (options.staticDir && fs.existsSync(options.staticDir)) serveBundle(app, options.staticDir);
  await hub.start();
  await app.ready();
  return { app, ctx, routes };
}
