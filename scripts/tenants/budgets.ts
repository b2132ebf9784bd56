// Size budgets of a built bundle, read from the build (sizes, never times): checked by tests/budgets.test.ts,
// printed by the bench. Each check answers the breaches as sentences naming the file and its size.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BOOT_FILES_ID, type BootFiles, type ChunkManifest } from './chunks.ts';

// 150 until the four money areas came: their routes and dictionaries ride in the entry (0.5 KiB); moving every
// area's dictionaries out of the entry is the next cut.
export const LOGIN_INITIAL_LIMIT_KIB = 150.5;
/** Chunk groups the login screen loads next to the entry; the shell's after login. */
export const LOGIN_GROUPS = ['app', 'routes', 'providers', 'login'];
export const SHELL_GROUPS = ['shell'];
/** Chart and spreadsheet libraries: loaded with the screens that use them, never at login or with the shell. */
export const HEAVY_PACKAGES = ['echarts', 'zrender', 'exceljs', 'papaparse'];

/** Gzip size of a file in bytes (level 9, as the bench and the build manifest count). */
export type SizeOf = (file: string) => number;

export const gzipSizeIn =
  (dir: string): SizeOf =>
  (file) =>
    gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The files a tenant's index.html starts before any lazy chunk is asked for (see buildConfig's loader). */
export function bootFilesOf(tenantDir: string): BootFiles {
  const html = fs.readFileSync(path.join(tenantDir, 'index.html'), 'utf8');
  const json = new RegExp(`<script type="application/json" id="${BOOT_FILES_ID}">(.*?)</script>`).exec(
    html,
  )?.[1];
  if (!json) throw new Error(`${tenantDir}/index.html names no boot files`);
  return JSON.parse(json) as BootFiles;
}

/** The scripts a tenant's index.html loads before any lazy chunk (its own config bundle and the app entry). */
export const loginInitialScripts = (tenantDir: string): string[] => bootFilesOf(tenantDir).scripts;

/** Login initial JS over the limit: the total and every file with its size. */
export function loginInitialBreaches(
  files: string[],
  sizeOf: SizeOf,
  limitKiB = LOGIN_INITIAL_LIMIT_KIB,
): string[] {
  const sizes = files.map((file) => ({ file, bytes: sizeOf(file) }));
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  if (total <= limitKiB * 1024) return [];
  const list = sizes
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${s.file} ${kib(s.bytes)}`)
    .join(', ');
  return [`login initial JS is ${kib(total)} gzip, over ${limitKiB} KiB: ${list}`];
}

const filesOf = (manifest: ChunkManifest, groups: string[]) => [
  ...new Set(groups.flatMap((g) => manifest.groups[g] ?? [])),
];

/** Named groups the budgets rely on that the build does not have (a renamed import hides a budget). */
export function missingGroups(manifest: ChunkManifest): string[] {
  return [...LOGIN_GROUPS, ...SHELL_GROUPS, BUSINESS_GROUP].filter((g) => !manifest.groups[g]);
}

/** Chart or spreadsheet code in a file the login screen or the shell loads. */
export function heavyCodeBreaches(manifest: ChunkManifest, sizeOf: SizeOf): string[] {
  const places: [string, string[]][] = [
    ['login', LOGIN_GROUPS],
    ['shell', SHELL_GROUPS],
  ];
  return places.flatMap(([place, groups]) =>
    filesOf(manifest, groups).flatMap((file) => {
      const heavy = (manifest.files[file]?.packages ?? []).filter((p) => HEAVY_PACKAGES.includes(p));
      return heavy.length
        ? [`${file} (${kib(sizeOf(file))} gzip), loaded by the ${place} chunks, holds ${heavy.join(', ')}`]
        : [];
    }),
  );
}

/** What every business screen loads besides its area's chunks. */
export const BUSINESS_GROUP = 'business';

/**
 * Files an area's first screen loads (chunk groups business and area-<area>) that hold another area's code.
 * The business group holds no area's code at all.
 */
export function areaLeakBreaches(manifest: ChunkManifest, sizeOf: SizeOf): string[] {
  const shared = manifest.groups[BUSINESS_GROUP] ?? [];
  return Object.entries(manifest.groups).flatMap(([group, files]) => {
    const area = /^area-(.+)$/.exec(group)?.[1];
    if (!area) return [];
    return [...new Set([...shared, ...files])].flatMap((file) => {
      const others = (manifest.files[file]?.areas ?? []).filter((a) => a !== area);
      return others.length
        ? [
            `${file} (${kib(sizeOf(file))} gzip), loaded by ${group}'s first screen, holds area ${others.join(', ')}`,
          ]
        : [];
    });
  });
}

/** Raw and gzip bytes of each area's files (a file shared by several areas counts for each). */
export function areaBytes(
  manifest: ChunkManifest,
  dir: string,
): { area: string; files: number; bytes: number; gzipBytes: number }[] {
  const byArea = new Map<string, string[]>();
  for (const [file, { areas }] of Object.entries(manifest.files))
    for (const area of areas) byArea.set(area, [...(byArea.get(area) ?? []), file]);
  const gzipOf = gzipSizeIn(dir);
  return [...byArea]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, files]) => ({
      area,
      files: files.length,
      bytes: files.reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0),
      gzipBytes: files.reduce((sum, f) => sum + gzipOf(f), 0),
    }));
}
