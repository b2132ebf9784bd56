// A small scenario runner on playwright-core: one Chromium (Debian's, never downloaded), a fresh browser
// context per scenario. A failure keeps a screenshot of every page and the page console under
// test-results/e2e/<tenant>/<scenario>/, then the scenario runs once more with a Playwright trace
// (trace-*.zip, open with `npx playwright-core show-trace`); the outcome stays failed either way.
import fs from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { BUSINESS_ROUTES } from '../../src/areas/index.ts';
import { installBusinessRoutes } from '../../src/shared/routes/catalogue.ts';
import { ServerApi } from './support/api.ts';
import type { TenantUnderTest } from './support/tenants.ts';
import type { DemoUsers } from './support/users.ts';

// Scenarios find a screen's path in the route catalogue the app composes from the areas.
installBusinessRoutes(BUSINESS_ROUTES);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ScenarioContext {
  tenant: TenantUnderTest;
  /** The first page, in a fresh desktop context. */
  page: Page;
  context: BrowserContext;
  browser: Browser;
  api: ServerApi;
  users: DemoUsers;
  /** Another fresh context (closed, and traced, with the scenario). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A line kept in the scenario's log (printed on failure). */
  note(line: string): void;
}

export interface Scenario {
  name: string;
  run(t: ScenarioContext): Promise<void>;
  /** Scenario timeout; default 90 s. */
  timeoutMs?: number;
  /** Options of the first context (e.g. a mobile user agent). */
  contextOptions?: BrowserContextOptions;
  /**
   * Runs on every tenant: what it checks differs by tenant (branding, labels, print variants, watermark).
   * Otherwise it runs on one tenant of the run, the scenarios taking the tenants in turn.
   */
  everyTenant?: boolean;
}

const registry: Scenario[] = [];

/** Registers a scenario (on one tenant of the run, or on each with `everyTenant`). */
export function scenario(
  name: string,
  run: Scenario['run'],
  options: Omit<Scenario, 'name' | 'run'> = {},
): void {
  if (registry.some((s) => s.name === name)) throw new Error(`duplicate scenario name: ${name}`);
  registry.push({ name, run, ...options });
}

export const scenarios = (): readonly Scenario[] => registry;

export type Outcome =
  | { status: 'passed'; ms: number }
  | { status: 'failed'; ms: number; error: string; artifacts?: string; rerun?: 'passed' | 'failed' }
  | { status: 'skipped'; reason: string };

export interface Result {
  tenant: string;
  scenario: string;
  outcome: Outcome;
}

/** Scenarios known to fail because the shell or server lacks a feature: reported as skipped, with why. */
export interface Fixme {
  scenario: string;
  /** Only for these tenants; all when absent. */
  tenants?: string[];
  reason: string;
}

export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1440, height: 900 },
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  // The app honours it: antd shows and hides at once, so no step waits on an animation a loaded machine delays.
  reducedMotion: 'reduce',
};

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`${CHROMIUM_PATH} not found: install Debian's chromium (apt-get install -y chromium)`);
  // launch() gives the browser a fresh temporary user-data dir, removed when it closes.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export interface RunOptions {
  browser: Browser;
  tenant: TenantUnderTest;
  users: DemoUsers;
  scenarios: readonly Scenario[];
  fixmes: readonly Fixme[];
  resultsDir: string;
  /** Re-run a failed scenario once with a trace. */
  trace: boolean;
  /** Stop starting scenarios (the run is being aborted). */
  stopped?: () => boolean;
  onResult(result: Result): void;
  /** This tenant's place among the run's tenants, which picks the tenant-independent scenarios it runs. */
  turn?: { index: number; of: number };
}

/** The scenarios a tenant runs: those that differ by tenant, and its turn of the others. */
export function scenariosFor(all: readonly Scenario[], turn = { index: 0, of: 1 }): Scenario[] {
  let shared = -1;
  return all.filter((s) => s.everyTenant || ++shared % turn.of === turn.index);
}

/** Runs the scenarios for one tenant, one after the other. */
export async function runTenant(o: RunOptions): Promise<Result[]> {
  const results: Result[] = [];
  for (const s of scenariosFor(o.scenarios, o.turn)) {
    if (o.stopped?.()) break;
    const fixme = o.fixmes.find(
      (f) => f.scenario === s.name && (!f.tenants || f.tenants.includes(o.tenant.code)),
    );
    let outcome: Outcome = fixme
      ? { status: 'skipped', reason: `fixme: ${fixme.reason}` }
      : await runOne(o, s, false);
    if (outcome.status === 'failed' && o.trace) {
      const again = await runOne(o, s, true);
      outcome = { ...outcome, rerun: again.status === 'passed' ? 'passed' : 'failed' };
    }
    const result = { tenant: o.tenant.code, scenario: s.name, outcome };
    results.push(result);
    o.onResult(result);
  }
  return results;
}

async function runOne(o: RunOptions, s: Scenario, traced: boolean): Promise<Outcome> {
  const started = Date.now();
  const contexts: BrowserContext[] = [];
  const log: string[] = [];
  const note = (line: string) => log.push(`${new Date().toISOString()} ${line}`);
  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await o.browser.newContext({ ...DESKTOP, ...options, baseURL: o.tenant.baseURL });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(20_000);
    context.on('page', (p) => {
      p.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text()}`);
      });
      p.on('pageerror', (e) => note(`pageerror: ${e.message}`));
    });
    if (traced) await context.tracing.start({ screenshots: true, snapshots: true, title: s.name });
    contexts.push(context);
    return context;
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const context = await newContext(s.contextOptions);
    const page = await context.newPage();
    const t: ScenarioContext = {
      tenant: o.tenant,
      page,
      context,
      browser: o.browser,
      api: new ServerApi(o.tenant.baseURL),
      users: o.users,
      newContext,
      note,
    };
    const timeoutMs = s.timeoutMs ?? 90_000;
    await Promise.race([
      s.run(t),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`scenario timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    await closeAll(
      contexts,
      traced ? path.join(o.resultsDir, o.tenant.code, slug(s.name)) : undefined,
      traced,
    );
    return { status: 'passed', ms: Date.now() - started };
  } catch (err) {
    clearTimeout(timer);
    const dir = path.join(o.resultsDir, o.tenant.code, slug(s.name));
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    try {
      fs.mkdirSync(dir, { recursive: true });
      await closeAll(contexts, dir, traced);
      fs.writeFileSync(
        path.join(dir, traced ? 'rerun-error.txt' : 'error.txt'),
        `${s.name} (${o.tenant.code})\n\n${message}\n\n${log.join('\n')}\n`,
      );
    } catch (artifactErr) {
      note(`could not keep artifacts: ${(artifactErr as Error).message}`);
    }
    return {
      status: 'failed',
      ms: Date.now() - started,
      error: firstLines(err instanceof Error ? err.message : String(err)),
      artifacts: path.relative(process.cwd(), dir),
    };
  }
}

const firstLines = (text: string) => text.split('\n').slice(0, 6).join('\n');

/**
 * Closes the scenario's contexts. With a folder: a failure (not traced) keeps a screenshot of each page;
 * a traced re-run keeps its trace.
 */
async function closeAll(
  contexts: BrowserContext[],
  keepIn: string | undefined,
  traced: boolean,
): Promise<void> {
  for (const [i, context] of contexts.entries()) {
    if (keepIn && !traced) {
      for (const [j, page] of context.pages().entries()) {
        await page
          .screenshot({ path: path.join(keepIn, `context${i + 1}-page${j + 1}.png`), timeout: 5_000 })
          .catch(() => undefined);
      }
    }
    if (traced) {
      fs.mkdirSync(keepIn!, { recursive: true });
      await context.tracing
        .stop({ path: path.join(keepIn!, `trace-context${i + 1}.zip`) })
        .catch(() => undefined);
    }
    await context.close().catch(() => undefined);
  }
}

/** `N passed, M failed` (and `, K skipped` when any). */
export function summaryLine(results: readonly Result[]): string {
  const count = (status: Outcome['status']) => results.filter((r) => r.outcome.status === status).length;
  const skipped = count('skipped');
  return `${count('passed')} passed, ${count('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
