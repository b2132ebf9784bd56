// Build figures: one tenant vs all tenants in one run (cold processes, median of 3), a plain
// per-tenant-environment build for reference, and each tenant's login-route initial JS.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { listTenantCodes } from '../tenants/load.ts';
import { repoRoot } from '../tenants/paths.ts';
import type { BenchSection } from './types.ts';

const RUNS = 3;
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kib = (n: number) => (n / 1024).toFixed(1);

/** Wall seconds of one cold build process writing into a fresh folder. */
function timeBuild(script: string, args: string[]): number {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-bench-'));
  const started = performance.now();
  const r = spawnSync(process.execPath, [tsxCli, script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DIST_DIR: distDir },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${path.basename(script)} ${args.join(' ')} failed: ${r.stderr}`);
  fs.rmSync(distDir, { recursive: true, force: true });
  return seconds;
}

const cli = path.join(repoRoot, 'scripts/tenants/cli.ts');
const plain = path.join(repoRoot, 'scripts/bench/plainBuild.ts');

function medianOf(script: string, args: string[]): number {
  return median(Array.from({ length: RUNS }, () => timeBuild(script, args)));
}

/** Initial JS of the login route: the scripts index.html loads before any lazy chunk. */
function loginInitialJs(distDir: string, code: string): { raw: number; gzip: number } {
  const html = fs.readFileSync(path.join(distDir, code, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script[^>]+src="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  return files.reduce(
    (sum, f) => {
      const content = fs.readFileSync(path.join(distDir, code, f));
      return { raw: sum.raw + content.length, gzip: sum.gzip + gzipSync(content, { level: 9 }).length };
    },
    { raw: 0, gzip: 0 },
  );
}

export default async function buildBench(): Promise<BenchSection[]> {
  const codes = listTenantCodes();
  const [first] = codes as [string];
  const one = medianOf(cli, ['build', first]);
  const all = medianOf(cli, ['build', '--all']);
  const plainOne = medianOf(plain, [first]);
  const plainAll = medianOf(plain, codes);

  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-bench-'));
  spawnSync(process.execPath, [tsxCli, cli, 'build', '--all'], {
    cwd: repoRoot,
    env: { ...process.env, DIST_DIR: distDir },
  });
  const sizes = codes.map((code) => ({ code, ...loginInitialJs(distDir, code) }));
  fs.rmSync(distDir, { recursive: true, force: true });

  return [
    {
      title: `Tenant build, wall seconds (median of ${RUNS} cold runs, ${os.cpus().length} cores)`,
      columns: ['build', `one tenant (${first})`, `all ${codes.length} tenants`, 'ratio all/one'],
      rows: [
        ['shared app + tenant environments (ours)', one.toFixed(2), all.toFixed(2), (all / one).toFixed(2)],
        [
          'plain: full app per tenant environment',
          plainOne.toFixed(2),
          plainAll.toFixed(2),
          (plainAll / plainOne).toFixed(2),
        ],
      ],
      notes: [
        'Target: all tenants ≤ 1.5 × one tenant. Each run is a fresh process writing a fresh folder (no build cache).',
      ],
    },
    {
      title: 'Login route initial JS per tenant (scripts loaded by index.html)',
      columns: ['tenant', 'raw KiB', 'gzip KiB'],
      rows: sizes.map((s) => [s.code, kib(s.raw), kib(s.gzip)]),
      notes: ['Target: ≤ 150 KiB gzip; the shell loads after login.'],
    },
  ];
}
