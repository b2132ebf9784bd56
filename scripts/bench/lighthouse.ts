// Lighthouse (npm lighthouse 12) performance score of each tenant's login page, mobile and desktop presets,
// median of 3, in Debian's Chromium. The tenant is served as it is deployed: nginx from
// deploy/nginx/tenant.conf.template in front of the API server when nginx is installed, the API server
// alone otherwise. LIGHTHOUSE_TENANTS=jees (comma separated) limits the tenants; LIGHTHOUSE_RUNS sets the runs;
// LIGHTHOUSE_PRESETS=mobile limits the presets; LIGHTHOUSE_REPORTS=<folder> keeps each run's report (JSON) there to read its audits and trace.
// Beside the score it prints the medians of the metrics the score is made of (FCP, LCP, TBT, SI), which a
// busy machine moves less than the score's thresholds suggest.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startStack } from '../../tests/e2e/support/stack.ts';
import { distDir, repoRoot, tenantCodes } from '../../tests/e2e/support/tenants.ts';
import type { BenchSection } from './types.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGET = { mobile: 95, desktop: 100 } as const;
type Preset = keyof typeof TARGET;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const hasNginx = () => spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;
interface Run {
  score: number;
  metrics: Record<Metric, number>;
}

/** One Lighthouse run; a run that yields no score (e.g. no paint under load) is tried once more. */
async function score(url: string, preset: Preset, name: string): Promise<Run> {
  try {
    return await scoreOnce(url, preset, name);
  } catch {
    return scoreOnce(url, preset, name);
  }
}

async function scoreOnce(url: string, preset: Preset, name: string): Promise<Run> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const value = result?.lhr.categories.performance?.score;
    if (typeof value !== 'number') {
      const why = result?.lhr.runtimeError?.message ?? result?.lhr.runWarnings.join('; ') ?? 'no result';
      throw new Error(`no performance score for ${url} (${preset}): ${why}`);
    }
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      fs.writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(result?.lhr));
    }
    const audits = result?.lhr.audits ?? {};
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([k, id]) => [k, audits[id]?.numericValue ?? Number.NaN]),
    ) as Record<Metric, number>;
    return { score: Math.round(value * 100), metrics };
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

export default async function lighthouseBench(): Promise<BenchSection> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const codes = process.env.LIGHTHOUSE_TENANTS ? process.env.LIGHTHOUSE_TENANTS.split(',') : tenantCodes();
  if (!codes.every((c) => fs.existsSync(path.join(distDir, c, 'index.html')))) {
    const build = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/tenants/cli.ts', 'build', '--all'],
      {
        cwd: repoRoot,
        stdio: 'ignore',
        timeout: 5 * 60_000,
      },
    );
    if (build.status !== 0) throw new Error('the tenant build failed');
  }
  const presets = (process.env.LIGHTHOUSE_PRESETS?.split(',') ?? ['mobile', 'desktop']) as Preset[];
  const viaNginx = hasNginx();
  const stack = await startStack({
    codes,
    viaNginx,
    logDir: path.join(repoRoot, 'test-results', 'lighthouse'),
  });
  const rows: (string | number)[][] = [];
  try {
    for (const tenant of stack.tenants) {
      const url = `${tenant.baseURL}/#/login`;
      const done: Record<Preset, Run[]> = { mobile: [], desktop: [] };
      for (const preset of presets)
        for (let i = 0; i < runs; i++)
          done[preset].push(await score(url, preset, `${tenant.code}-${preset}-${i + 1}`));
      const scores = (p: Preset) => done[p].map((r) => r.score);
      const metric = (p: Preset, m: Metric) => median(done[p].map((r) => r.metrics[m]));
      const medianScore = (p: Preset) => (done[p].length ? median(scores(p)) : '-');
      rows.push([
        tenant.code,
        medianScore('mobile'),
        scores('mobile').join(' / '),
        (['FCP', 'LCP', 'SI'] as const).map((m) => (metric('mobile', m) / 1000).toFixed(2)).join(' / '),
        Math.round(metric('mobile', 'TBT')),
        medianScore('desktop'),
        scores('desktop').join(' / '),
        os.loadavg()[0]!.toFixed(2),
      ]);
    }
  } finally {
    await stack.stop();
  }
  return {
    title: 'Lighthouse performance of the login page (median of runs)',
    columns: [
      'tenant',
      'mobile',
      'mobile runs',
      'mobile FCP / LCP / SI s',
      'mobile TBT ms',
      'desktop',
      'desktop runs',
      'load (1 min)',
    ],
    rows,
    notes: [
      `Targets: mobile ≥ ${TARGET.mobile}, desktop ≥ ${TARGET.desktop} (printed, not asserted).`,
      'Metrics: medians of the mobile runs (simulated: a slow 4G phone with 4× CPU slowdown). Load: the 1-minute load average when the tenant finished; a loaded machine lowers scores.',
      `Lighthouse 12 default (mobile, simulated throttling) and desktop presets, ${runs} run(s) each, Chromium ${CHROMIUM} headless.`,
      viaNginx
        ? 'Served as deployed: nginx (deploy/nginx/tenant.conf.template, gzip, immutable assets) in front of the API server.'
        : 'nginx not installed: served by the API server directly.',
    ],
  };
}
