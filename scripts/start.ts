// npm start: builds missing or stale tenant bundles, then serves every tenant (API, login, socket, bundle).
import fs from 'node:fs';
import path from 'node:path';
import {
  CONFIG_HELP,
  databaseTarget,
  describeTarget,
  readConfig,
  type ServerConfig,
} from '../server/config.ts';
import { DEMO_PASSWORD, DEMO_USERS, ROLES } from '../server/platform/db/seed/data.ts';
import { distDir, repoRoot, tenantDistDir } from '../server/platform/tenants/paths.ts';
import { type OpenedTenant, openTenant, serveTenant, type TenantServer } from '../server/tenantServer.ts';
import { buildTenants } from './tenants/build.ts';

const SOURCES = ['src', 'locales', 'tenants'];

function newestSourceMtime(): number {
  let newest = 0;
  for (const dir of SOURCES) {
    const root = path.join(repoRoot, dir);
    if (!fs.existsSync(root)) continue;
    for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
      if (e.isFile()) newest = Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

/** Tenants whose bundle is missing, or all of them when anything under src/, locales/ or tenants/ is newer. */
export function staleBundles(codes: string[]): string[] {
  const manifestFile = path.join(distDir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) return codes;
  if (fs.statSync(manifestFile).mtimeMs < newestSourceMtime()) return codes;
  const built =
    (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { tenants?: Record<string, unknown> }).tenants ??
    {};
  return codes.filter((c) => !built[c] || !fs.existsSync(path.join(tenantDistDir(c), 'index.html')));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What a tenant's database is and what this start did to it, in a few words. */
function dataNote(config: ServerConfig, server: TenantServer): string {
  const { applied, seeded, demo } = server.migration;
  const target = databaseTarget(config, server.code);
  const where = target.url
    ? describeTarget(target)
    : `PGlite ${path.relative(process.cwd(), target.dataDir!) || target.dataDir}`;
  const done = [
    seeded ? 'new' : applied.length > 0 ? `${applied.length} migration(s) applied` : '',
    demo ? 'demo company loaded' : '',
  ].filter(Boolean);
  return done.length > 0 ? `${where} (${done.join(', ')})` : where;
}

/**
 * The summary, printed last so nothing scrolls it away: where each tenant is served and keeps its data, how
 * long the start took, the demo users.
 */
function printSummary(config: ServerConfig, servers: TenantServer[], timing: Timing) {
  const took = [
    timing.buildMs === undefined ? '' : `bundles built in ${seconds(timing.buildMs)}`,
    `databases ready in ${seconds(timing.databasesMs)}`,
  ].filter(Boolean);
  console.log(`\nServing (ready in ${seconds(timing.totalMs)}: ${took.join(', ')}):`);
  for (const s of servers)
    console.log(`  ${s.code.padEnd(8)} ${`${s.url}/`.padEnd(26)} ${dataNote(config, s)}`);
  console.log(`  ${memoryNote()}`);
  const roleName = new Map(ROLES.map((r) => [r.code as string, r.name]));
  console.log(`\nDemo users (every tenant, password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS)
    console.log(`  ${u.loginName.padEnd(10)} ${u.relName}  ${roleName.get(u.role) ?? u.role}`);
  console.log(
    `\n${config.logRequests ? 'Every request is logged.' : 'Requests are not logged, server errors are (--log-requests logs every request).'}` +
      ' Ctrl-C stops (open requests finish, sockets are closed with a reason).\n',
  );
}

const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/** Where the process's memory is: the JavaScript heap, and the embedded engines' memory outside it. */
function memoryNote(): string {
  const { rss, heapUsed, external } = process.memoryUsage();
  return `memory: ${mib(rss)} resident (JavaScript heap ${mib(heapUsed)}, outside it ${mib(external)}: the embedded databases' memory and buffers)`;
}

interface Timing {
  totalMs: number;
  buildMs?: number;
  databasesMs: number;
}

function onShutdown(servers: TenantServer[]) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping ${servers.length} server(s)…`);
    const results = await Promise.allSettled(servers.map((s) => s.close()));
    const failed = results.filter((r) => r.status === 'rejected');
    for (const f of failed) console.error((f as PromiseRejectedResult).reason);
    process.exit(failed.length > 0 ? 1 : 0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(`npm start -- [flags]\n\n${CONFIG_HELP}`);
    return;
  }
  const config = readConfig();
  const began = performance.now();
  const stale = config.build ? staleBundles(config.tenants) : [];
  if (stale.length > 0)
    console.log(`Building bundles: ${stale.join(', ')}; opening the databases meanwhile…`);
  // The bundles build while the databases open and migrate (the demo company loads into a new one): a
  // first start waits for the longer of the two, not for both.
  const building =
    stale.length > 0 ? buildTenants(stale, { quiet: true }).then(() => performance.now() - began) : undefined;
  const opening = Promise.all(config.tenants.map((code) => openTenant(config, code)));
  const [opened, buildMs] = await Promise.all([
    opening.then((tenants) => ({ tenants, ms: performance.now() - began })),
    building,
  ]).catch(async (error) => {
    for (const tenant of (await opening.catch(() => [])) as OpenedTenant[])
      await tenant.db.close().catch(() => {});
    throw error;
  });
  const servers: TenantServer[] = [];
  onShutdown(servers);
  for (const tenant of opened.tenants) servers.push(await serveTenant(config, tenant));
  printSummary(config, servers, { totalMs: performance.now() - began, buildMs, databasesMs: opened.ms });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
