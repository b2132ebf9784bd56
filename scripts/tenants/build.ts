import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRsbuild, type Rspack } from '@rsbuild/core';
import { appDistDir, distDir, tenantDistDir } from '../../server/platform/tenants/paths.ts';
import { productionConfig } from './buildConfig.ts';

export const APP_VERSION = '1.20.1';

export interface BuiltFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface TenantBuild {
  code: string;
  appVersion: string;
  /** sha256 over every file's path and content: equal hashes mean identical bundles. */
  contentHash: string;
  /** Seconds of the tenant's own environment; the shared app build is reported once, under `app`. */
  buildSeconds: number;
  files: BuiltFile[];
  totalBytes: number;
  totalGzipBytes: number;
}

export interface BuildManifest {
  appVersion: string;
  builtAt: string;
  wallSeconds: number;
  app: { buildSeconds: number };
  tenants: Record<string, TenantBuild>;
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Gzip sizes by content: every tenant carries the same app files, compressed once rather than per tenant. */
const gzipSizes = new Map<string, number>();

function gzipSize(content: Buffer): number {
  const key = createHash('sha256').update(content).digest('hex');
  let size = gzipSizes.get(key);
  if (size === undefined) {
    size = gzipSync(content, { level: 9 }).length;
    gzipSizes.set(key, size);
  }
  return size;
}

export function describeTenantDist(code: string, buildSeconds: number): TenantBuild {
  const dir = tenantDistDir(code);
  const hash = createHash('sha256');
  const files = listFiles(dir).map((rel) => {
    const content = fs.readFileSync(path.join(dir, rel));
    hash.update(rel).update('\0').update(content);
    return { path: rel, bytes: content.length, gzipBytes: gzipSize(content) };
  });
  return {
    code,
    appVersion: APP_VERSION,
    contentHash: hash.digest('hex'),
    buildSeconds,
    files,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
  };
}

function environmentSeconds(stats: Rspack.Stats | Rspack.MultiStats | undefined): Map<string, number> {
  const list = stats && 'stats' in stats ? stats.stats : stats ? [stats] : [];
  return new Map(
    list.map((s) => [s.compilation.name ?? '', ((s.endTime ?? 0) - (s.startTime ?? 0)) / 1000] as const),
  );
}

/** Builds the app once and every given tenant around it in one Rsbuild run; writes dist/manifest.json. */
export async function buildTenants(
  codes: string[],
  options: { quiet?: boolean } = {},
): Promise<BuildManifest> {
  const started = performance.now();
  fs.rmSync(appDistDir, { recursive: true, force: true });
  for (const code of codes) fs.rmSync(tenantDistDir(code), { recursive: true, force: true });
  const rsbuild = await createRsbuild({
    rsbuildConfig: { ...productionConfig(codes), logLevel: options.quiet ? 'error' : 'warn' },
  });
  const { stats, close } = await rsbuild.build();
  await close();
  if (stats?.hasErrors()) throw new Error('The build failed; see the errors above.');
  const seconds = environmentSeconds(stats);
  const manifest: BuildManifest = {
    appVersion: APP_VERSION,
    builtAt: new Date().toISOString(),
    wallSeconds: (performance.now() - started) / 1000,
    app: { buildSeconds: seconds.get('app') ?? 0 },
    tenants: Object.fromEntries(
      codes.map((code) => [code, describeTenantDist(code, seconds.get(code) ?? 0)]),
    ),
  };
  writeManifest(manifest);
  return manifest;
}

/** Merges into an existing manifest so building one tenant keeps the others' entries. */
function writeManifest(manifest: BuildManifest): void {
  const file = path.join(distDir, 'manifest.json');
  const previous = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest)
    : undefined;
  const tenants = { ...(previous?.tenants ?? {}), ...manifest.tenants };
  for (const code of Object.keys(tenants)) if (!fs.existsSync(tenantDistDir(code))) delete tenants[code];
  fs.writeFileSync(file, `${JSON.stringify({ ...manifest, tenants }, null, 2)}\n`);
}
