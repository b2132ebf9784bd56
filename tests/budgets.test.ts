// Size budgets of the built bundles (sizes from the build, never times); the figures behind them are
// printed by `npm run bench build`.
import path from 'node:path';
import { inject } from 'vitest';
import { buildFigures } from '../scripts/bench/build.ts';
import {
  areaLeakBreaches,
  gzipSizeIn,
  heavyCodeBreaches,
  LOGIN_INITIAL_LIMIT_KIB,
  loginInitialBreaches,
  loginInitialScripts,
  missingGroups,
} from '../scripts/tenants/budgets.ts';
import { type ChunkManifest, readChunkManifest } from '../scripts/tenants/chunks.ts';
import { listTenantCodes } from '../server/platform/tenants/load.ts';
import { AREAS } from '../src/areas/index.ts';

const distDir = inject('tenantDist');
const appDir = path.join(distDir, '.app');
const manifest = readChunkManifest(appDir);
const appSize = gzipSizeIn(appDir);

describe('the built bundles', () => {
  test.each(listTenantCodes())(
    `%s: the login screen's initial JS is at most ${LOGIN_INITIAL_LIMIT_KIB} KiB gzip`,
    (code) => {
      const tenantDir = path.join(distDir, code);
      expect(loginInitialBreaches(loginInitialScripts(tenantDir), gzipSizeIn(tenantDir))).toEqual([]);
    },
  );

  test('the login and shell imports carry the chunk names the budgets read', () => {
    expect(missingGroups(manifest)).toEqual([]);
  });

  test('no chart or spreadsheet code is loaded with the login screen or the shell', () => {
    expect(heavyCodeBreaches(manifest, appSize)).toEqual([]);
  });

  test('each business area loads in its own chunks', () => {
    expect(AREAS.filter(({ key }) => !manifest.groups[`area-${key}`]).map(({ key }) => key)).toEqual([]);
  });

  test("no area's first screen loads another area's code", () => {
    expect(areaLeakBreaches(manifest, appSize)).toEqual([]);
  });
});

test("the build bench's figures are sizes read from the build, every area's among them", () => {
  const figures = buildFigures(distDir, listTenantCodes());
  expect(figures.logins.map((login) => login.code)).toEqual(listTenantCodes());
  expect(
    figures.logins.every((login) => login.initial.gzip > 0 && login.screen.gzip >= login.initial.gzip),
  ).toBe(true);
  expect(figures.areas.map((area) => area.area)).toEqual(
    expect.arrayContaining(AREAS.map((area) => area.key)),
  );
  expect(figures.business.files).toBeGreaterThan(0);
  expect(figures.business.gzip).toBeGreaterThan(0);
});

describe('a broken budget names the file and its size', () => {
  const sizes: Record<string, number> = { 'a.js': 120 * 1024, 'b.js': 40 * 1024, 'x.js': 300 * 1024 };
  const sizeOf = (file: string) => sizes[file]!;
  const broken: ChunkManifest = {
    groups: { login: ['a.js', 'x.js'], shell: [], 'area-contracts': ['b.js', 'x.js'], business: ['s.js'] },
    files: {
      'a.js': { packages: ['react-dom'], areas: [] },
      'b.js': { packages: [], areas: ['contracts'] },
      'x.js': { packages: ['antd', 'exceljs'], areas: ['hedging'] },
      's.js': { packages: [], areas: [] },
    },
  };

  test('login initial JS over the limit', () => {
    expect(loginInitialBreaches(['a.js', 'b.js'], sizeOf)).toEqual([
      'login initial JS is 160.0 KiB gzip, over 150.5 KiB: a.js 120.0 KiB, b.js 40.0 KiB',
    ]);
    expect(loginInitialBreaches(['a.js'], sizeOf)).toEqual([]);
  });

  test('spreadsheet code in a login chunk', () => {
    expect(heavyCodeBreaches(broken, sizeOf)).toEqual([
      'x.js (300.0 KiB gzip), loaded by the login chunks, holds exceljs',
    ]);
  });

  test("another area's code in an area's first screen", () => {
    expect(areaLeakBreaches(broken, sizeOf)).toEqual([
      "x.js (300.0 KiB gzip), loaded by area-contracts's first screen, holds area hedging",
    ]);
  });

  test("an area's code in what every business screen loads", () => {
    const leaky: ChunkManifest = {
      groups: {
        ...broken.groups,
        'area-contracts': ['b.js'],
        business: ['s.js', 'b.js'],
        'area-hedging': [],
      },
      files: broken.files,
    };
    expect(areaLeakBreaches(leaky, sizeOf)).toEqual([
      "b.js (40.0 KiB gzip), loaded by area-hedging's first screen, holds area contracts",
    ]);
  });

  test('a chunk name the budgets read is missing', () => {
    expect(missingGroups({ ...broken, groups: { login: [], shell: [] } })).toEqual([
      'app',
      'routes',
      'providers',
      'business',
    ]);
  });
});
