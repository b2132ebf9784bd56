// npm start: builds missing or stale tenant bundles, then serves every tenant (API, login, socket, bundle).
import fs from 'node:fs';
import path from 'node:path';
import { CONFIG_HELP, databaseTarget, describeTarget, readConfig } from '../server/config.ts';
import { DEMO_PASSWORD, DEMO_USERS, ROLES } from '../server/platform/db/seed/data.ts';
import { distDir, repoRoot, tenantDistDir } from '../server/platform/tenants/paths.ts';
import { startTenantServer, type TenantServer } from '../server/tenantServer.ts';
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

function printBanner(servers: TenantServer[]) {
  console.log('\nServing:');
  for (const s of servers) console.log(`  ${s.code.padEnd(8)} ${s.url}/`);
  const roleName = new Map(ROLES.map((r) => [r.code as string, r.name]));
  console.log(`\nDemo users (every tenant, password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS)
    console.log(`  ${u.loginName.padEnd(10)} ${u.relName}  ${roleName.get(u.role) ?? u.role}`);
  console.log('\nCtrl-C stops (open requests finish, sockets are closed with a reason).\n');
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
  const stale = config.build ? staleBundles(config.tenants) : [];
  if (stale.length > 0) {
    console.log(`Building bundles: ${stale.join(', ')}…`);
    await buildTenants(stale, { quiet: true });
  }
  const servers: TenantServer[] = [];
  onShutdown(servers);
  // Tenants start side by side: opening an embedded database is mostly waiting on its files.
  await Promise.all(
    config.tenants.map(async (code) => {
      const server = await startTenantServer(config, code);
      servers.push(server);
      const { applied, seeded, demo } = server.migration;
      const note = [
        applied.length ? `migrated ${applied.join(', ')}` : '',
        seeded ? 'seeded' : '',
        demo ? 'demo company loaded' : '',
      ].filter(Boolean);
      console.log(
        `${code}: ${describeTarget(databaseTarget(config, code))}${note.length ? ` (${note.join(', ')})` : ''}`,
      );
    }),
  );
  servers.sort((a, b) => config.tenants.indexOf(a.code) - config.tenants.indexOf(b.code));
  printBanner(servers);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
