// Build figures: one tenant vs all tenants and vs 20 tenants in one run (cold processes, median of 3), a plain
// per-tenant-environment build for reference, each tenant's login JS and the bytes of each area's chunks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { listTenantCodes } from '../../server/platform/tenants/load.ts';
import { repoRoot } from '../../server/platform/tenants/paths.ts';
import {
  areaBytes,
  BUSINESS_GROUP,
  LOGIN_GROUPS,
  LOGIN_INITIAL_LIMIT_KIB,
  loginInitialScripts,
} from '../tenants/budgets.ts';
import { type ChunkManifest, readChunkManifest } from '../tenants/chunks.ts';
import type { BenchSection } from './types.ts';

const RUNS = 3;
const MANY = 20;
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kib = (n: number) => (n / 1024).toFixed(1);

/** One cold build process writing into `distDir`; a failed build stops the bench with what it said. */
function build(distDir: string, script: string, args: string[], env: Record<string, string> = {}): void {
  const r = spawnSync(process.execPath, [tsxCli, script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, DIST_DIR: distDir },
    encoding: 'utf8',
  });
  if (r.status !== 0)
    throw new Error(
      `${path.basename(script)} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr}${r.stdout}`,
    );
}

/** Wall seconds of one cold build process writing into a fresh folder. */
function timeBuild(script: string, args: string[], env: Record<string, string> = {}): number {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-bench-'));
  try {
    const started = performance.now();
    build(distDir, script, args, env);
    return (performance.now() - started) / 1000;
  } finally {
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}

const cli = path.join(repoRoot, 'scripts/tenants/cli.ts');
const plain = path.join(repoRoot, 'scripts/bench/plainBuild.ts');

function medianOf(script: string, args: string[], env: Record<string, string> = {}): number {
  return median(Array.from({ length: RUNS }, () => timeBuild(script, args, env)));
}

/** A scratch copy of tenants/ grown to `count` tenants with `tenants new` (removed by the caller). */
function scratchTenants(count: number): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-bench-tenants-')), 'tenants');
  fs.cpSync(path.join(repoRoot, 'tenants'), dir, { recursive: true });
  const [from] = listTenantCodes();
  for (let i = listTenantCodes().length; i < count; i++) {
    const r = spawnSync(process.execPath, [tsxCli, cli, 'new', `bench${i}`, '--from', from!], {
      cwd: repoRoot,
      env: { ...process.env, TENANTS_DIR: dir },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`tenants new bench${i} failed: ${r.stderr}`);
  }
  return dir;
}

/** Raw and gzip bytes of files of one folder. */
function sizes(dir: string, files: string[]): { raw: number; gzip: number } {
  return files.reduce(
    (sum, f) => {
      const content = fs.readFileSync(path.join(dir, f));
      return { raw: sum.raw + content.length, gzip: sum.gzip + gzipSync(content, { level: 9 }).length };
    },
    { raw: 0, gzip: 0 },
  );
}

/** The login screen's JS: the scripts index.html loads, and everything its first chunks load with them. */
function loginJs(distDir: string, code: string) {
  const dir = path.join(distDir, code);
  const initial = loginInitialScripts(dir);
  const groups = readChunkManifest(path.join(distDir, '.app')).groups;
  const screen = [...new Set([...initial, ...LOGIN_GROUPS.flatMap((g) => groups[g] ?? [])])];
  return { initial: sizes(dir, initial), screen: sizes(dir, screen), files: screen.length };
}

/** Files holding the code of several areas: whichever of those areas' screens opens first loads them all. */
function sharedAreaFiles(manifest: ChunkManifest, dir: string): string[] {
  return Object.entries(manifest.files)
    .filter(([, { areas }]) => areas.length > 1)
    .map(
      ([file, { areas }]) =>
        `${file} (${kib(sizes(dir, [file]).gzip)} KiB gzip) holds the code of ${areas.length} areas (${areas.join(', ')}), so it counts in each of their rows.`,
    );
}

/** The sizes of a build of the tenants `codes` (login screens, areas, the business group), as figures. */
export function buildFigures(distDir: string, codes: readonly string[]) {
  const appDir = path.join(distDir, '.app');
  const chunkManifest = readChunkManifest(appDir);
  const business = chunkManifest.groups[BUSINESS_GROUP] ?? [];
  return {
    logins: codes.map((code) => ({ code, ...loginJs(distDir, code) })),
    areas: areaBytes(chunkManifest, appDir),
    shared: sharedAreaFiles(chunkManifest, appDir),
    business: { files: business.length, gzip: sizes(appDir, business).gzip },
  };
}

/**
 * The figures of one build of every tenant, all read before its scratch folder goes (the business group's
 * size was read after it, so the section failed on a chunk of a folder already removed).
 */
function readBuild(codes: readonly string[]) {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-bench-'));
  try {
    build(distDir, cli, ['build', '--all']);
    return buildFigures(distDir, codes);
  } finally {
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}

export default async function buildBench(): Promise<BenchSection[]> {
  const codes = listTenantCodes();
  const [first] = codes as [string];
  const one = medianOf(cli, ['build', first]);
  const all = medianOf(cli, ['build', '--all']);
  const manyDir = scratchTenants(MANY);
  const many = (() => {
    try {
      return medianOf(cli, ['build', '--all'], { TENANTS_DIR: manyDir });
    } finally {
      fs.rmSync(path.dirname(manyDir), { recursive: true, force: true });
    }
  })();
  const plainOne = medianOf(plain, [first]);
  const plainAll = medianOf(plain, codes);

  const { logins, areas, shared, business } = readBuild(codes);

  return [
    {
      title: `Tenant build, wall seconds (median of ${RUNS} cold runs, ${os.cpus().length} cores)`,
      columns: ['build', `one tenant (${first})`, 'all tenants', 'ratio all/one'],
      rows: [
        [
          `shared app + tenant environments (ours), ${codes.length} tenants`,
          one.toFixed(2),
          all.toFixed(2),
          (all / one).toFixed(2),
        ],
        [
          `ours, ${MANY} tenants (tenants new copies)`,
          one.toFixed(2),
          many.toFixed(2),
          (many / one).toFixed(2),
        ],
        [
          `plain: full app per tenant environment, ${codes.length} tenants`,
          plainOne.toFixed(2),
          plainAll.toFixed(2),
          (plainAll / plainOne).toFixed(2),
        ],
      ],
      notes: [
        `Targets: ${codes.length} tenants ≤ 1.5 × one, ${MANY} tenants ≤ 2 × one. Each run is a fresh process writing a fresh folder (no build cache); the ${MANY} are the repository's tenants plus copies made by \`tenants new\` in a scratch folder, removed after. Other work on the machine shows in these figures.`,
      ],
    },
    {
      title: 'Login screen JS per tenant (gzip level 9)',
      columns: ['tenant', 'initial raw KiB', 'initial gzip KiB', 'whole login screen gzip KiB', 'files'],
      rows: logins.map((s) => [s.code, kib(s.initial.raw), kib(s.initial.gzip), kib(s.screen.gzip), s.files]),
      notes: [
        `Initial: the scripts index.html loads (budget ≤ ${LOGIN_INITIAL_LIMIT_KIB} KiB gzip, checked by tests/budgets.test.ts). Whole login screen: those plus the chunk groups ${LOGIN_GROUPS.filter((g) => g !== 'app').join(', ')} (route tree, antd providers, login page) that load with them.`,
      ],
    },
    {
      title: "Each area's chunks (app build, shared by every tenant)",
      columns: ['area', 'files', 'raw KiB', 'gzip KiB'],
      rows: areas.map((a) => [a.area, a.files, kib(a.bytes), kib(a.gzipBytes)]),
      notes: [
        ...shared,
        `Besides its area's chunks, a business screen loads the chunk group ${BUSINESS_GROUP} (the shared screens, no area's code): ${business.files} files, ${kib(business.gzip)} KiB gzip, most of them antd and libraries the shell may already have loaded.`,
        'An area is the code under src/areas/<area>/ (its catalogue, routes.ts, dictionaries.ts and catalogue.ts, excepted), or a chunk named area-<area>; chunks holding no area code (framework, shell, libraries) are not listed.',
      ],
    },
  ];
}
