// The walk a member of staff would take, in Debian's Chromium against a running server: every demo role, in
// each language, opens every screen of its menu and the detail of the first row it lists, and the walk
// reports what a user would notice — a call the server refused (暂无权限, HTTP 4xx/5xx), a page error, an
// error toast, a raw translation key. A tool, not a test (it needs a server with the demo company):
//   npx tsx scripts/start.ts --tenants jees --port 47600 --data-dir /tmp/walkdata --no-build &
//   npx tsx scripts/walk.ts --url http://127.0.0.1:47600 [--roles trader,sales] [--langs en] [--shots dir]
//     [--only 'Settlement|capital']   (a pattern on the screens' addresses)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/platform/db/seed/data.ts';
import { readTenant } from '../server/platform/tenants/load.ts';
import { type MenuAnswer, type MenuItem, PATHS } from '../src/shared/api/contract.ts';
import { cookieName } from '../src/shared/constants.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:47600' },
    tenant: { type: 'string', default: 'jees' },
    roles: { type: 'string' },
    langs: { type: 'string', default: 'zh-chs,en' },
    shots: { type: 'string' },
    only: { type: 'string' },
  },
});
const base = values.url!;
const tenant = readTenant(values.tenant!);
const RAW_KEY =
  /\b(?:action|resource|route|field|state|print|menu|shell|login)\.[a-z][A-Za-z]+(?:\.[A-Za-z]+)*\b/;

interface Finding {
  who: string;
  screen: string;
  what: string;
}

async function menuOf(loginName: string): Promise<{ key: string; path: string }[]> {
  const post = async (url: string, body: Record<string, string>, token?: string) =>
    (await fetch(base + url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: token } : {}),
      },
      body: new URLSearchParams(body).toString(),
    }).then((r) => r.json())) as { code: number; data?: { token: string } } & Partial<MenuAnswer>;
  const login = await post(PATHS.login, { username: loginName, password: DEMO_PASSWORD });
  const menu = await post(PATHS.menu, {}, login.data!.token);
  const leaves: { key: string; path: string }[] = [];
  const visit = (items: MenuItem[]) => {
    for (const item of items) {
      if (item.children?.length) visit(item.children);
      else if (item.path && !item.path.startsWith('http')) leaves.push({ key: item.id, path: item.path });
    }
  };
  for (const group of menu.menu ?? []) visit(group.menu);
  return leaves;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => {});
  // A screen's chunk may still be on its way: wait for what a screen shows, not for the fallback spinner.
  await page
    .locator('.ant-layout-content')
    .locator('.ant-table, .ant-form, .ant-card, .ant-empty, .ant-result, .ant-descriptions, article, canvas')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {});
  await page
    .locator('.ant-spin-spinning, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => {});
  await page.waitForTimeout(150);
}

/** Whatever dialog or drawer the last screen left open (a notice at login, a detail) is closed first. */
async function closeDialogs(page: Page) {
  const open = page.locator('.ant-modal-wrap:visible, .ant-drawer-open');
  for (let tries = 0; tries < 3 && (await open.count()) > 0; tries += 1) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
}

/** What the user sees on the page that should not be there. */
async function visibleProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const toasts = await page.locator('.ant-message-error, .ant-notification-notice-error').allInnerTexts();
  for (const text of toasts) problems.push(`error toast: ${text.trim()}`);
  const body =
    (await page
      .locator('main, .ant-layout-content')
      .first()
      .textContent()
      .catch(() => '')) ?? '';
  const raw = RAW_KEY.exec(body);
  if (raw) problems.push(`raw key: ${raw[0]}`);
  return problems;
}

async function walk(who: string, loginName: string, language: string, findings: Finding[]) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const host = new URL(base).hostname;
  await context.addCookies([
    { name: cookieName(tenant.code, 'lang'), value: language, domain: host, path: '/' },
  ]);
  const page = await context.newPage();
  let screen = 'login';
  const note = (what: string) => {
    findings.push({ who: `${who} ${language}`, screen, what });
    console.log(`  ${who} ${language} · ${screen} · ${what}`);
  };
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 160)}`));
  page.on('response', async (response) => {
    if (!response.url().includes('/api/')) return;
    if (response.status() >= 400)
      return note(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
    const body = await response.json().catch(() => undefined);
    if (body && typeof body.code === 'number' && body.code !== 200)
      note(
        `answered ${body.code} ${new URL(response.url()).pathname}: ${String(body.msg ?? '').slice(0, 80)}`,
      );
  });
  await page.goto(`${base}/#/login`);
  await page.locator('input').first().fill(loginName);
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/index/, { timeout: 20_000 });
  await settle(page);
  const only = values.only ? new RegExp(values.only) : undefined;
  const screens = (await menuOf(loginName)).filter((s) => !only || only.test(s.path));
  let opened = 0;
  for (const { key, path: route } of screens) {
    await closeDialogs(page);
    screen = key;
    await page.goto(`${base}/#${route}`);
    await page
      .waitForFunction((r) => decodeURIComponent(location.hash).startsWith(`#${r}`), route, {
        timeout: 10_000,
      })
      .catch(() => note(`the address never became ${route}`));
    await settle(page);
    for (const problem of await visibleProblems(page)) note(problem);
    opened += 1;
    if (values.shots) {
      const dir = path.join(values.shots, `${who}-${language}`);
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `${key}.png`) });
    }
    // One click deeper: the first row's detail, where the list offers one.
    const detail = page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /^(详情|查看|Details|View)$/ })
      .first();
    if (await detail.isVisible().catch(() => false)) {
      screen = `${key} › detail`;
      await detail.click();
      await settle(page);
      for (const problem of await visibleProblems(page)) note(problem);
      opened += 1;
      if (values.shots)
        await page.screenshot({ path: path.join(values.shots, `${who}-${language}`, `${key}-detail.png`) });
      await closeDialogs(page);
    }
  }
  await browser.close();
  return opened;
}

async function main() {
  const roles = values.roles?.split(',') ?? DEMO_USERS.map((user) => user.loginName);
  const findings: Finding[] = [];
  let opened = 0;
  for (const loginName of roles)
    for (const language of values.langs!.split(',')) {
      const before = findings.length;
      const count = await walk(loginName, loginName, language, findings);
      opened += count;
      console.log(
        `${loginName.padEnd(10)} ${language.padEnd(6)} ${count} screens, ${findings.length - before} findings`,
      );
    }
  console.log(`${opened} screens opened, ${findings.length} findings`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}

await main();
