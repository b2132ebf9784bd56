import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { BODY_CODE, type Envelope } from '../src/shared/api/contract.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, type ServerContext, type TenantInfo } from './context.ts';
import type { Db } from './db/index.ts';
import { BusinessError, badRequest, ok } from './http/envelope.ts';
import { ajv, describeValidationError } from './http/validation.ts';
import { loadTranslator } from './i18n.ts';
import { messageModule } from './modules/message/index.ts';
import { resourceModule } from './modules/resource/index.ts';
import { systemModule } from './modules/system/index.ts';
import { userModule } from './modules/user/index.ts';
import { SocketHub } from './realtime/hub.ts';

export interface AppOptions {
  db: Db;
  tenant: TenantInfo;
  /** The tenant's built bundle (dist/<code>); absent = API only. */
  staticDir?: string;
  clock?: () => Date;
  timeZone?: string;
  loginLimits?: LoginLimits;
  logger?: FastifyServerOptions['logger'];
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy?: boolean | string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function toEnvelope(error: FastifyError | BusinessError): { status: number; body: Envelope } {
  if (error instanceof BusinessError) return { status: 200, body: { code: error.code, msg: error.message } };
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
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toEnvelope(error);
    if (status >= 500) request.log.error(error);
    // A refused socket upgrade needs a real HTTP status: browsers never read the body.
    reply.status(request.ws && body.code !== 200 ? body.code : status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: BODY_CODE.notFound, msg: `请求地址出错: ${request.url}` });
  });
}

function serveBundle(app: FastifyInstance, dir: string) {
  app.register(fastifyStatic, {
    root: path.resolve(dir),
    cacheControl: false,
    setHeaders: (res, file) => {
      const hashed = file.split(path.sep).includes('static');
      res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
}

/** One tenant's server: API, login, socket and (optionally) its bundle. The caller owns and closes db. */
export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; ctx: ServerContext }> {
  const clock = options.clock ?? (() => new Date());
  const timeZone = options.timeZone ?? 'Asia/Shanghai';
  const hub = new SocketHub(options.db, clock, timeZone);
  const ctx: ServerContext = {
    db: options.db,
    tenant: options.tenant,
    clock,
    timeZone,
    t: loadTranslator(),
    loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    hub,
  };
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  registerPlumbing(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  app.addHook('preClose', async () => hub.stop());
  // Clients only send heartbeats: a small frame limit keeps a misbehaving one from costing memory.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(userModule, { ctx });
  await app.register(messageModule, { ctx });
  await app.register(systemModule, { ctx });
  await app.register(resourceModule, { ctx });
  // For load balancers and container health checks: answers once the database does.
  app.get('/healthz', async () => {
    await ctx.db.query('select 1');
    return ok({ tenant: ctx.tenant.code });
  });
  if (options.staticDir && fs.existsSync(options.staticDir)) serveBundle(app, options.staticDir);
  await hub.start();
  await app.ready();
  return { app, ctx };
}
