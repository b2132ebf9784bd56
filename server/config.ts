import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { DatabaseTarget } from './platform/db/index.ts';
import { DEFAULT_SOCKETS_PER_SESSION } from './platform/realtime/hub.ts';
import { listTenantCodes } from './platform/tenants/load.ts';
import { repoRoot } from './platform/tenants/paths.ts';
import { BUSINESS_TIME_ZONE } from './platform/time.ts';

/** Configuration of the tenant servers: flags win over environment variables, which win over defaults. */
export interface ServerConfig {
  tenants: string[];
  host: string;
  /** Port of the first tenant; the others follow (+1, +2 …) unless PORT_<CODE> says otherwise. */
  basePort: number;
  ports: Record<string, number>;
  dataDir: string;
  databaseUrl: string | undefined;
  schemaPrefix: string;
  poolSize: number;
  build: boolean;
  /** The proxies whose X-Forwarded-For is believed: false, addresses/subnets ('loopback' …) or a hop count. */
  trustProxy: false | string | number;
  timeZone: string;
  logLevel: string;
  /** Log every request at info (off: only server errors are logged). */
  logRequests: boolean;
  /** Load the demo company into a fresh database; undefined = only on embedded PGlite. */
  demo: boolean | undefined;
  /** Sockets one session (a browser's login, all its tabs) may hold at once; a further one is closed. */
  socketsPerSession: number;
}

export const CONFIG_HELP = `Flags (environment variable in brackets):
  --tenants a,b      tenants to serve, default all tenants/*.json   [TENANTS]
  --host h           address to listen on, default 127.0.0.1         [HOST]
  --port n           port of the first tenant, others follow, default 8080 [PORT]
                     one tenant's own port                           [PORT_<CODE>, e.g. PORT_JGJ=9001]
  --data-dir d       PGlite data folders (<d>/<code>), default .data [DATA_DIR]
  --database-url u   PostgreSQL server; each tenant in schema <prefix><code> [DATABASE_URL]
                     one tenant's own database                       [DATABASE_URL_<CODE>]
  --schema-prefix p  schema prefix on PostgreSQL, default tenant_     [DB_SCHEMA_PREFIX]
  --pool-size n      PostgreSQL connections per tenant, default 10   [DB_POOL_SIZE]
  --no-build         do not build missing or stale bundles           [SKIP_BUILD=1]
  --trust-proxy      behind a proxy on this host: the client address is the one it adds to
                     X-Forwarded-For (loopback proxies trusted)      [TRUST_PROXY=1]
  --trusted-proxies p  the proxies to trust instead: addresses or subnets, comma-separated,
                     or the number of proxy hops                     [TRUSTED_PROXIES]
  --time-zone z      zone of times in answers, default Asia/Shanghai  [TIME_ZONE]
  --log-level l      fatal|error|warn|info|debug, default info        [LOG_LEVEL]
  --log-requests     log every request at info, default off          [LOG_REQUESTS=1]
  --sockets-per-session n  real-time sockets one session may hold (one per tab), default 8;
                     a further one is closed with a reason           [SOCKETS_PER_SESSION]
  --demo, --no-demo  load the demo company into a fresh database; default
                     on for PGlite, off for PostgreSQL               [DEMO=1|0]`;

/** The server's flags; commands that reach a server (npm run message) take the same ones. */
export const SERVER_FLAGS = {
  tenants: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  'schema-prefix': { type: 'string' },
  'pool-size': { type: 'string' },
  'no-build': { type: 'boolean' },
  'trust-proxy': { type: 'boolean' },
  'trusted-proxies': { type: 'string' },
  'time-zone': { type: 'string' },
  'log-level': { type: 'string' },
  'log-requests': { type: 'boolean' },
  'sockets-per-session': { type: 'string' },
  demo: { type: 'boolean' },
  'no-demo': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

const envFlag = (v: string | undefined) => v !== undefined && /^(1|true|yes)$/i.test(v);
const envKey = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/**
 * Only the proxies that exist are trusted, so a client's own X-Forwarded-For cannot choose its address: the
 * address is the rightmost one that a trusted proxy did not add.
 */
function trustedProxies(list: string | undefined, behindLocalProxy: boolean): ServerConfig['trustProxy'] {
  const given = list?.trim();
  if (given) return /^\d+$/.test(given) ? Number(given) : given;
  return behindLocalProxy ? 'loopback' : false;
}

export function readConfig(argv: string[] = process.argv.slice(2), env = process.env): ServerConfig {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: SERVER_FLAGS,
    strict: false,
  });
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const requested = (str('tenants') ?? env.TENANTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = listTenantCodes();
  const unknown = requested.filter((c) => !known.includes(c));
  if (unknown.length > 0)
    throw new Error(`Unknown tenant ${unknown.join(', ')}; known: ${known.join(', ')}.`);
  const tenants = requested.length > 0 ? requested : known;
  const basePort = Number(str('port') ?? env.PORT ?? 8080);
  const ports = Object.fromEntries(
    tenants.map((code, i) => [code, Number(env[`PORT_${envKey(code)}`] ?? basePort + i)]),
  );
  return {
    tenants,
    host: str('host') ?? env.HOST ?? '127.0.0.1',
    basePort,
    ports,
    dataDir: path.resolve(repoRoot, str('data-dir') ?? env.DATA_DIR ?? '.data'),
    databaseUrl: str('database-url') ?? (env.DATABASE_URL || undefined),
    schemaPrefix: str('schema-prefix') ?? env.DB_SCHEMA_PREFIX ?? 'tenant_',
    poolSize: Number(str('pool-size') ?? env.DB_POOL_SIZE ?? 10),
    build: !(values['no-build'] === true || envFlag(env.SKIP_BUILD)),
    trustProxy: trustedProxies(
      str('trusted-proxies') ?? env.TRUSTED_PROXIES,
      values['trust-proxy'] === true || envFlag(env.TRUST_PROXY),
    ),
    timeZone: str('time-zone') ?? env.TIME_ZONE ?? BUSINESS_TIME_ZONE,
    logLevel: str('log-level') ?? env.LOG_LEVEL ?? 'info',
    logRequests: values['log-requests'] === true || envFlag(env.LOG_REQUESTS),
    demo: demoWanted(values, env),
    socketsPerSession: positiveInteger(
      'sockets-per-session',
      str('sockets-per-session') ?? env.SOCKETS_PER_SESSION,
      DEFAULT_SOCKETS_PER_SESSION,
    ),
  };
}

/** A count the operator sets: a whole number from 1, else the start stops saying which flag is wrong. */
function positiveInteger(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9]\d{0,5}$/.test(value.trim()))
    throw new Error(`--${flag} must be a whole number from 1, not "${value}".`);
  return Number(value);
}

function demoWanted(values: Record<string, unknown>, env: NodeJS.ProcessEnv): boolean | undefined {
  if (values['no-demo'] === true) return false;
  if (values.demo === true) return true;
  if (env.DEMO === undefined || env.DEMO === '') return undefined;
  return envFlag(env.DEMO);
}

/** Whether a fresh database of this target gets the demo company: asked for, or by default on PGlite. */
export const wantsDemo = (config: ServerConfig, target: DatabaseTarget): boolean =>
  config.demo ?? !target.url;

/** Where a tenant's data lives: its own database, a schema of the shared one, or a PGlite folder. */
export function databaseTarget(config: ServerConfig, code: string, env = process.env): DatabaseTarget {
  const own = env[`DATABASE_URL_${envKey(code)}`];
  if (own) return { url: own, schema: 'public', poolSize: config.poolSize };
  if (config.databaseUrl)
    return {
      url: config.databaseUrl,
      schema: `${config.schemaPrefix}${code}`.toLowerCase().replace(/[^a-z0-9_]/g, '_'),
      poolSize: config.poolSize,
    };
  return { dataDir: path.join(config.dataDir, code) };
}

export const describeTarget = (t: DatabaseTarget) =>
  t.url ? `PostgreSQL ${t.url.replace(/\/\/[^@]*@/, '//')} schema ${t.schema}` : `PGlite ${t.dataDir}`;
