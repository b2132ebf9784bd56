// Starts what the browser talks to: the API server(s) of scripts/start.ts on a fresh temporary data
// folder, optionally fronted by nginx rendered from deploy/nginx/tenant.conf.template, and stops it all.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeStandalone } from '../../../scripts/deploy/nginx.ts';
import { PATHS } from '../../../src/shared/api/contract.ts';
import { distDir, readTenantConfig, repoRoot, type TenantUnderTest } from './tenants.ts';

export interface Stack {
  tenants: TenantUnderTest[];
  /** Where the server's output goes. */
  logFile: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  codes: string[];
  /** Put nginx (deploy/nginx/tenant.conf.template) in front of each tenant's server. */
  viaNginx?: boolean;
  /** Folder for logs. */
  logDir: string;
  log?: (line: string) => void;
}

/** STACK_PORTS=47600-47699 keeps every port the stack opens inside that range (a shared machine's share). */
function portRange(): [number, number] {
  const m = /^(\d+)-(\d+)$/.exec(process.env.STACK_PORTS ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [20_000, 49_999];
}

/** A free loopback TCP port (inside STACK_PORTS when set). */
export async function freePort(): Promise<number> {
  if (!process.env.STACK_PORTS)
    return new Promise((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
  return freePortRange(1);
}

/** `count` consecutive free loopback ports (the server numbers its tenants from a base port). */
async function freePortRange(count: number): Promise<number> {
  const [low, high] = portRange();
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = low + Math.floor(Math.random() * (high - low + 2 - count));
    const ok = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i))).then((all) =>
      all.every(Boolean),
    );
    if (ok) return base;
  }
  throw new Error(`no range of ${count} free ports found`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the tenant answers its page and the API answers an envelope (401 without a session). */
async function waitForHealth(baseURL: string, timeoutMs: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the server exited before ${baseURL} answered`);
    try {
      const page = await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(3_000) });
      const api = await fetch(`${baseURL}${PATHS.menu}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        signal: AbortSignal.timeout(3_000),
      });
      const body = (await api.json().catch(() => ({}))) as { code?: number };
      if (page.ok && typeof body.code === 'number') return;
      last = `page HTTP ${page.status}, api ${api.status} ${JSON.stringify(body)}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${baseURL} not healthy after ${timeoutMs} ms (${last})`);
}

/** Stops a child and its process group: SIGTERM, then SIGKILL after a grace period. */
async function stopChild(child: ChildProcess, graceMs = 8_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await Promise.race([exited, sleep(2_000)]);
  }
}

export async function startStack(o: StackOptions): Promise<Stack> {
  const log = o.log ?? (() => undefined);
  fs.mkdirSync(o.logDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-e2e-data-'));
  const logFile = path.join(o.logDir, 'server.log');
  const out = fs.openSync(logFile, 'w');
  const basePort = await freePortRange(o.codes.length);
  const ports = new Map(o.codes.map((code, i) => [code, basePort + i]));

  // scripts/start.ts: one process serving every tenant, each on its own port (base, base+1, …) and its own
  // PGlite folder under a fresh temporary data dir. Flags win over the environment; the database and port
  // variables CI sets for the server tests are removed so the run never lands on a shared PostgreSQL.
  const args = [
    '--import',
    'tsx',
    process.env.E2E_SERVER_SCRIPT ?? 'scripts/start.ts',
    '--host',
    '127.0.0.1',
    '--port',
    String(basePort),
    '--data-dir',
    dataDir,
    '--tenants',
    o.codes.join(','),
    '--no-build',
    // Scenarios start from the empty business the test harness has, not the demo company.
    '--no-demo',
    '--log-level',
    'warn',
    ...(o.viaNginx ? ['--trust-proxy'] : []),
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const key of Object.keys(env))
    if (/^(DATABASE_URL|PORT_|DB_SCHEMA_PREFIX|TENANTS$|DATA_DIR$|PORT$|HOST$)/.test(key)) delete env[key];
  log(`starting the server: node ${args.join(' ')} (log: ${path.relative(repoRoot, logFile)})`);
  const server = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  const children: ChildProcess[] = [server];
  const nginxPrefixes: string[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const child of [...children].reverse()) await stopChild(child);
    fs.closeSync(out);
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const p of nginxPrefixes) fs.rmSync(p, { recursive: true, force: true });
  };
  try {
    const alive = () => server.exitCode === null && server.signalCode === null;
    const tenants: TenantUnderTest[] = [];
    for (const code of o.codes) {
      const direct = `http://127.0.0.1:${ports.get(code)}`;
      await waitForHealth(direct, 120_000, alive);
      tenants.push({ code, config: readTenantConfig(code), baseURL: direct });
      log(`${code}: server healthy at ${direct}`);
    }
    if (o.viaNginx) {
      for (const t of tenants) {
        const port = await freePort();
        const prefix = fs.mkdtempSync(path.join(os.tmpdir(), `cotton-nginx-${t.code}-`));
        nginxPrefixes.push(prefix);
        const conf = writeStandalone(prefix, {
          code: t.code,
          name: t.config.name,
          serverName: `${t.code}.localhost`,
          upstream: new URL(t.baseURL).host,
          listen: `127.0.0.1:${port}`,
          root: path.join(distDir, t.code),
        });
        const check = spawnSync('nginx', ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
        if (check.status !== 0) throw new Error(`nginx -t failed for ${t.code}:\n${check.stderr}`);
        const nginx = spawn('nginx', ['-p', prefix, '-c', conf], {
          stdio: ['ignore', out, out],
          detached: true,
        });
        children.push(nginx);
        const viaNginx = `http://127.0.0.1:${port}`;
        await waitForHealth(viaNginx, 20_000, () => nginx.exitCode === null);
        log(`${t.code}: nginx at ${viaNginx} in front of ${t.baseURL}`);
        t.baseURL = viaNginx;
      }
    }
    return { tenants, logFile, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
