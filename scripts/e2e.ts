// npm run test:e2e [-- options]: builds every tenant, starts the server(s) on a fresh temporary data
// folder, runs the Playwright scenarios of tests/e2e/ (those that differ by tenant on each, the others on one in turn) in Debian's
// Chromium, keeps screenshots and traces of failures under test-results/e2e/ (e2e-nginx/ with --via-nginx),
// stops everything, and ends with the line `N passed, M failed` (`, K skipped` when any). Exit 1 on any
// failure.
//
//   --tenant <codes>   only these tenants (comma separated; default every tenants/*.json)
//   --grep <regex>     only scenarios whose name matches
//   --no-build         use the bundles already in dist/
//   --via-nginx        put nginx (deploy/nginx/tenant.conf.template) in front of each server
//   --workers <n>      tenants run in parallel (default 2)
//   --no-trace         do not re-run a failed scenario with a Playwright trace (screenshots are kept)
//   --list             print the scenarios and exit
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixmes } from '../tests/e2e/fixme.ts';
import { launchChromium, type Result, runTenant, scenarios, summaryLine } from '../tests/e2e/runner.ts';
import '../tests/e2e/scenarios/index.ts';
import { startStack } from '../tests/e2e/support/stack.ts';
import { repoRoot, tenantCodes } from '../tests/e2e/support/tenants.ts';
import { demoUsers } from '../tests/e2e/support/users.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    grep: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'via-nginx': { type: 'boolean', default: false },
    workers: { type: 'string', default: '2' },
    'no-trace': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});

/** The whole run stops by itself whatever happens. */
const HARD_LIMIT_MS = Number(process.env.E2E_HARD_LIMIT_MS ?? 15 * 60_000);
const started = Date.now();
const say = (line: string) => console.log(line);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

const known = tenantCodes();
const codes = values.tenant ? values.tenant.split(',').map((c) => c.trim()) : known;
const unknown = codes.filter((c) => !known.includes(c));
if (unknown.length > 0) {
  console.error(`unknown tenant(s) ${unknown.join(', ')}; known: ${known.join(', ')}`);
  process.exit(2);
}
const grep = values.grep ? new RegExp(values.grep, 'i') : undefined;
const selected = scenarios().filter((s) => !grep || grep.test(s.name));

if (values.list) {
  for (const s of selected) say(s.name);
  process.exit(0);
}
if (selected.length === 0) {
  console.error('no scenario matches');
  process.exit(2);
}

const resultsDir = path.join(repoRoot, 'test-results', values['via-nginx'] ? 'e2e-nginx' : 'e2e');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

if (!values['no-build']) {
  say('==> building every tenant (npm run tenants -- build --all)');
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/tenants/cli.ts', 'build', '--all'], {
    cwd: repoRoot,
    stdio: 'inherit',
    timeout: 5 * 60_000,
  });
  if (build.status !== 0) {
    say('the tenant build failed');
    say('0 passed, 1 failed');
    process.exit(1);
  }
}

say(
  `==> ${selected.length} scenario(s), ${selected.filter((s) => s.everyTenant).length} on every tenant and the others on one in turn; tenants: ${codes.join(', ')}`,
);
let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let finished = false;
let aborting = false;
const results: Result[] = [];

async function shutdown() {
  await browser?.close().catch(() => undefined);
  await stack?.stop().catch((e) => say(`stopping the servers: ${(e as Error).message}`));
}

const hardStop = setTimeout(async () => {
  if (finished) return;
  say(`e2e run exceeded ${secs(HARD_LIMIT_MS)}; stopping`);
  await shutdown();
  say(
    summaryLine([
      ...results,
      { tenant: '-', scenario: 'run', outcome: { status: 'failed', ms: 0, error: 'hard limit' } },
    ]),
  );
  process.exit(1);
}, HARD_LIMIT_MS);
hardStop.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    aborting = true;
    say(`${signal}: stopping`);
    await shutdown();
    process.exit(130);
  });
}

let exitCode = 0;
try {
  stack = await startStack({
    codes,
    viaNginx: values['via-nginx'],
    logDir: resultsDir,
    log: (l) => say(`    ${l}`),
  });
  browser = await launchChromium();
  say(`==> Chromium ${browser.version()} (${'/usr/bin/chromium'}), headless`);
  const users = demoUsers();
  const tenants = stack.tenants;
  const queue = [...tenants];
  const workers = Math.max(1, Math.min(Number(values.workers) || 1, queue.length));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let tenant = queue.shift(); tenant; tenant = queue.shift()) {
        await runTenant({
          browser: browser!,
          tenant,
          turn: { index: tenants.indexOf(tenant), of: tenants.length },
          users,
          scenarios: selected,
          fixmes,
          resultsDir,
          trace: !values['no-trace'],
          stopped: () => aborting,
          onResult: (r) => {
            results.push(r);
            const o = r.outcome;
            if (o.status === 'passed') say(`  ✓ ${r.tenant} › ${r.scenario} (${secs(o.ms)})`);
            else if (o.status === 'skipped') say(`  - ${r.tenant} › ${r.scenario} [skipped: ${o.reason}]`);
            else {
              say(`  ✗ ${r.tenant} › ${r.scenario} (${secs(o.ms)})`);
              say(`      ${o.error.replace(/\n/g, '\n      ')}`);
              if (o.rerun)
                say(`      re-run with a trace: ${o.rerun}${o.rerun === 'passed' ? ' (flaky)' : ''}`);
              if (o.artifacts) say(`      screenshots, trace and log: ${o.artifacts}/`);
            }
          },
        });
      }
    }),
  );
} catch (err) {
  say(`e2e run aborted: ${(err as Error).stack ?? err}`);
  if (stack) say(`server log: ${path.relative(repoRoot, stack.logFile)}`);
  results.push({ tenant: '-', scenario: 'setup', outcome: { status: 'failed', ms: 0, error: String(err) } });
  exitCode = 1;
} finally {
  await shutdown();
  finished = true;
}

const failed = results.filter((r) => r.outcome.status === 'failed');
const skipped = results.filter((r) => r.outcome.status === 'skipped');
say('');
say(`e2e finished in ${secs(Date.now() - started)}`);
if (skipped.length > 0) {
  say('skipped:');
  for (const r of skipped)
    say(`  - ${r.tenant} › ${r.scenario}: ${(r.outcome as { reason: string }).reason}`);
}
if (failed.length > 0) {
  say('failed:');
  for (const r of failed) say(`  ✗ ${r.tenant} › ${r.scenario}`);
  exitCode = 1;
}
say(summaryLine(results));
process.exit(exitCode);
