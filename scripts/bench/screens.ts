// From a click on 登录 to the first list screen, per tenant, in Debian's Chromium with the CPU slowed 4×
// (CDP Emulation.setCPUThrottlingRate): the JavaScript fetched on the way (as transferred, gzip) and the time.
// The admin follows a link to the batch list (/#/login?redirect=/pri/MtfmBatchData), as from a bookmark.
// Median of SCREENS_RUNS (default 3) runs, each in a fresh browser context (empty cache).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/platform/db/seed/data.ts';
import { startStack } from '../../tests/e2e/support/stack.ts';
import { distDir, repoRoot, tenantCodes } from '../../tests/e2e/support/tenants.ts';
import { buildTenants } from '../tenants/build.ts';
import type { BenchSection } from './types.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const LIST_PATH = '/pri/MtfmBatchData';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Sums the transferred bytes of every script that finishes loading while `counting` is on. */
async function countScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const scripts = new Set<string>();
  const tally = { counting: false, bytes: 0, files: 0 };
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!tally.counting || !scripts.has(e.requestId)) return;
    tally.bytes += e.encodedDataLength;
    tally.files += 1;
  });
  return tally;
}

async function oneRun(baseURL: string): Promise<{ seconds: number; bytes: number; files: number }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const tally = await countScripts(page);
    await page.goto(`${baseURL}/#/login?redirect=${encodeURIComponent(LIST_PATH)}`);
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.waitForLoadState('networkidle');
    tally.counting = true;
    const started = performance.now();
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.hash.startsWith(`#${LIST_PATH}`), { timeout: 120_000 });
    const table = page.locator('main .ant-table-tbody tr:not(.ant-table-measure-row)').first();
    await table.waitFor({ timeout: 120_000 });
    await page.locator('main .ant-table .ant-spin-spinning').waitFor({ state: 'detached', timeout: 120_000 });
    const seconds = (performance.now() - started) / 1000;
    await page.waitForLoadState('networkidle');
    return { seconds, bytes: tally.bytes, files: tally.files };
  } finally {
    await browser.close();
  }
}

export default async function screensBench(): Promise<BenchSection> {
  const runs = Math.max(1, Number(process.env.SCREENS_RUNS ?? 3));
  const codes = tenantCodes();
  if (!codes.every((c) => fs.existsSync(path.join(distDir, c, 'index.html'))))
    await buildTenants(codes, { quiet: true });
  const stack = await startStack({ codes, logDir: path.join(repoRoot, 'test-results', 'screens') });
  const rows: (string | number)[][] = [];
  try {
    for (const tenant of stack.tenants) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await oneRun(tenant.baseURL));
      rows.push([
        tenant.code,
        (median(results.map((r) => r.bytes)) / 1024).toFixed(1),
        median(results.map((r) => r.files)),
        median(results.map((r) => r.seconds)).toFixed(2),
        results.map((r) => r.seconds.toFixed(2)).join(' / '),
      ]);
    }
  } finally {
    await stack.stop();
  }
  return {
    title: `From the login click to the first list screen (${LIST_PATH}), Chromium with ${CPU_SLOWDOWN}× CPU slowdown`,
    columns: ['tenant', 'JS fetched KiB (gzip)', 'JS files', 'seconds (median)', 'runs'],
    rows,
    notes: [
      `admin logs in on /#/login?redirect=${LIST_PATH}; counted from the click until the batch table has drawn its rows and stopped loading. JS: scripts that finished loading after the click, as transferred (gzip from the server, headers included). Median of ${runs} runs, each a fresh browser (empty cache), on loopback without network throttling; the API server serves the bundle. Other work on the machine shows in the times.`,
    ],
  };
}
