// How a person finds things in the shell: roles, accessible names and visible text. Labels that the spec
// does not fix are read from locales/<lang>/<namespace>.json (so a relabel is one edit); the spec's own messages are
// written out literally in the scenarios, so changing one of them fails the suite.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import type { MenuAnswer, MenuItem, UserInfo } from '../../../src/shared/api/contract.ts';
import { PATHS } from '../../../src/shared/api/contract.ts';
import { cookieName, LOCALES, type Locale } from '../../../src/shared/constants.ts';
import { check, hashMatches, notVisible, until, visible } from './expect.ts';
import type { TenantUnderTest } from './tenants.ts';
import { repoRoot } from './tenants.ts';
import type { DemoUser } from './users.ts';

type Messages = { [key: string]: string | Messages };
const localeCache = new Map<string, Record<string, Messages>>();

/** Every namespace of a locale (locales/<lang>/<namespace>.json). */
function namespaces(locale: Locale): Record<string, Messages> {
  let m = localeCache.get(locale);
  if (!m) {
    const dir = path.join(repoRoot, 'locales', locale);
    m = Object.fromEntries(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.slice(0, -5), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Messages]),
    );
    localeCache.set(locale, m);
  }
  return m;
}

function lookup(space: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = space;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A UI label from the locale files (default zh-chs), `ns:key` or common then shell; a missing key fails loudly. */
export function L(
  key: string,
  vars: Record<string, string | number> = {},
  locale: Locale = 'zh-chs',
): string {
  const all = namespaces(locale);
  const split = key.indexOf(':');
  const node =
    split > 0
      ? lookup(all[key.slice(0, split)], key.slice(split + 1))
      : (lookup(all.common, key) ?? lookup(all.shell, key));
  if (typeof node !== 'string') throw new Error(`locale key ${key} missing in locales/${locale}/`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Exact accessible name, tolerant of the space antd puts between two CJK characters of a button
 * ("登录" renders as "登 录").
 */
export const named = (text: string): RegExp =>
  new RegExp(`^\\s*${[...text].map(escapeRegExp).join('\\s*')}\\s*$`);

export const allLocales = LOCALES;

/**
 * Waits until a freshly opened dialog, drawer or dropdown has finished its opening animation, as a person
 * sees it settle before clicking in it (antd ignores some clicks made while it is still zooming in).
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.first().evaluate(async (el) => {
    const holder =
      el.closest('.ant-modal-wrap, .ant-modal-root, .ant-drawer, .ant-dropdown, .ant-select-dropdown') ?? el;
    await Promise.all(holder.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
  });
}

/** The unread badge on the message bell (antd Badge) as the text a user sees; '' when there is none. */
export async function badgeText(page: Page): Promise<string> {
  const badge = page
    .locator('.ant-badge')
    .filter({ has: page.getByRole('button', { name: BELL_NAME }) })
    .locator('sup')
    .first();
  if (!(await badge.isVisible().catch(() => false))) return '';
  return (await badge.innerText()).replace(/\s+/g, '');
}

export const header = (page: Page) => page.getByRole('banner');
/** The bell's accessible name: messages.bell with the unread count, e.g. 消息（3 条未读）. */
const BELL_NAME = new RegExp(`^${escapeRegExp(L('messages.bell', { count: 0 })).replace('0', '\\d+')}$`);
export const bellButton = (page: Page) => header(page).getByRole('button', { name: BELL_NAME }).first();

export const sideMenu = (page: Page) => page.getByRole('menu', { name: L('menu.label') });
export const topMenu = (page: Page) => page.getByRole('menu', { name: L('menu.topLabel') });
export const tabStrip = (page: Page) => page.getByRole('tablist').first();
export const tabs = (page: Page) => tabStrip(page).getByRole('tab');

/** The visible titles of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  const all = tabs(page);
  const n = await all.count();
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await all.nth(i).innerText()).trim());
  return out;
}

export async function expectTabs(page: Page, expected: string[], what = 'the open tabs'): Promise<void> {
  await until(`${what} to be [${expected.join(', ')}]`, async () => {
    const titles = await tabTitles(page);
    return titles.length === expected.length && titles.every((t, i) => t === expected[i]) ? titles : false;
  });
}

export async function activeTabTitle(page: Page): Promise<string> {
  return (await tabStrip(page).getByRole('tab', { selected: true }).innerText()).trim();
}

/** A toast / message a user reads on screen. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice, .ant-notification-notice, [role="alert"]').filter({ hasText: text });

export function tokenCookieName(tenant: TenantUnderTest) {
  return cookieName(tenant.code, 'token');
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

export interface LoggedIn {
  user: UserInfo;
  menu: MenuAnswer;
}

export async function gotoLogin(page: Page): Promise<void> {
  await page.goto('/#/login');
  await visible(page.getByLabel(L('login.username')), 'the login form');
}

export async function fillLogin(page: Page, loginName: string, password: string): Promise<void> {
  await page.getByLabel(L('login.username')).fill(loginName);
  await page.getByLabel(L('login.password'), { exact: true }).fill(password);
}

export const loginButton = (page: Page) => page.getByRole('button', { name: named(L('login.submit')) });

/**
 * Logs in through the form and waits for the shell; answers what the server sent (user, menu).
 * Pass `landing` when a restored session is expected to open elsewhere than /index.
 */
export async function login(page: Page, user: DemoUser, { goto = true } = {}): Promise<LoggedIn> {
  if (goto) await gotoLogin(page);
  await fillLogin(page, user.loginName, user.password);
  const menuAnswer = responseOf(page, PATHS.menu, 20_000);
  const disclaimer = responseOf(page, PATHS.queryDisclaimer, 20_000).catch(() => undefined);
  await loginButton(page).click();
  const menu = (await (await menuAnswer).json()) as MenuAnswer;
  await until('the shell after login', async () => !/^#\/login/.test(new URL(page.url()).hash));
  await visible(header(page), 'the shell header', 20_000);
  check(menu.code === 200 && menu.data, `menu call answered ${menu.code} ${menu.msg ?? ''}`);
  await settleDisclaimer(page, disclaimer);
  return { user: menu.data!, menu };
}

/** Reloads the page and waits for the shell (and for the disclaimer that may open by itself). */
export async function reload(page: Page): Promise<void> {
  // Listened for once the new document has committed, so an answer to the old page is not taken.
  await page.reload({ waitUntil: 'commit' });
  const disclaimer = responseOf(page, PATHS.queryDisclaimer, 20_000).catch(() => undefined);
  await visible(header(page), 'the shell header after a reload', 20_000);
  await settleDisclaimer(page, disclaimer);
}

/**
 * The disclaimer opens by itself while the user has not accepted it (its own scenario covers that). When
 * the server says it is pending, this waits for it to open and closes it, unaccepted, so it does not stand
 * over the page the scenario works with.
 */
async function settleDisclaimer(page: Page, answer: Promise<Response | undefined>): Promise<void> {
  const body = (await (await answer)?.json().catch(() => undefined)) as { data?: unknown } | undefined;
  if (body?.data !== 1) return;
  const dialog = disclaimerDialog(page);
  await visible(dialog, 'the disclaimer that opens by itself');
  await closeDisclaimerIfOpen(page);
}

/** Closes the disclaimer (its × button) when it is open, e.g. after a language change re-renders the app. */
export async function closeDisclaimerIfOpen(page: Page): Promise<void> {
  const dialog = disclaimerDialog(page);
  if (!(await dialog.isVisible())) return;
  await dialog
    .getByRole('button', { name: anyLocale('dialogs.close') })
    .first()
    .click();
  await notVisible(dialog, 'the closed disclaimer');
}

const anyLocale = (key: string) =>
  new RegExp(`^\\s*(${allLocales.map((l) => escapeRegExp(L(key, {}, l))).join('|')})\\s*$`);

/** The disclaimer dialog, whatever the language. */
export const disclaimerDialog = (page: Page) =>
  page.getByRole('dialog', { name: anyLocale('dialogs.disclaimer.title') });

/** The logout confirmation (antd confirm: role dialog, its title from the locale). */
export const logoutDialog = (page: Page) =>
  page
    .getByRole('dialog')
    .filter({ hasText: L('dialogs.logout.title') })
    .last();

/** Logs out through the user menu and the confirmation dialog. */
export async function logout(page: Page): Promise<void> {
  await openLogoutConfirm(page);
  await logoutDialog(page)
    .getByRole('button', { name: named(L('dialogs.logout.ok')) })
    .click();
  await hashMatches(page, /^#\/login/);
}

/** Desktop: the user menu's logout item; mobile: the header's logout button opens the dialog directly. */
export async function openLogoutConfirm(page: Page): Promise<void> {
  const userMenu = header(page).getByRole('button', { name: L('header.userMenu') });
  if ((await userMenu.count()) > 0) {
    await userMenu.hover();
    await userMenu.click();
    await page.getByRole('menuitem', { name: L('header.logout') }).click();
  } else {
    await header(page)
      .getByRole('button', { name: L('header.logout') })
      .click();
  }
  await visible(logoutDialog(page), 'the logout confirmation');
  await settled(logoutDialog(page));
}

/** The menu leaves a person can open (no group, not hidden, not an external http link). */
export function menuLeaves(menu: MenuAnswer): { leaf: MenuItem; groupTitle: string; trail: string[] }[] {
  const out: { leaf: MenuItem; groupTitle: string; trail: string[] }[] = [];
  const walk = (items: MenuItem[], groupTitle: string, trail: string[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (item.children && item.children.length > 0) walk(item.children, groupTitle, [...trail, item.title]);
      else if (item.path && item.title && !/^https?:/.test(item.path))
        out.push({ leaf: item, groupTitle, trail: [...trail, item.title] });
    }
  };
  for (const group of menu.menu) walk(group.menu, group.title, []);
  return out;
}

/** Opens a menu leaf the way a person does: its header group, its submenus, the item. */
export async function openFromMenu(
  page: Page,
  entry: { groupTitle: string; trail: string[]; leaf?: MenuItem },
  menu: MenuAnswer,
): Promise<void> {
  if (menu.menuTop.length > 1) {
    const top = topMenu(page).getByRole('menuitem', { name: entry.groupTitle });
    if (await top.isVisible()) await top.click();
  }
  const side = sideMenu(page);
  for (const sub of entry.trail.slice(0, -1)) {
    const submenu = side.getByRole('menuitem', { name: sub }).first();
    if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click();
  }
  await side.getByRole('menuitem', { name: entry.trail.at(-1)!, exact: true }).click();
  // As a person does: the page is in view and its tab selected before the next click.
  if (entry.leaf?.path) {
    const title = entry.trail.at(-1)!;
    await hashMatches(page, new RegExp(`^#${escapeRegExp(entry.leaf.path)}$`));
    await until(`the tab ${title} selected`, async () => {
      const selected = tabStrip(page).getByRole('tab', { selected: true });
      return (await selected.count()) > 0 && (await selected.first().innerText()).trim() === title;
    });
  }
}

/**
 * Waits for a response of one of the contract paths. Armed before the action that causes it, so a
 * scenario that fails in between never awaits it: its rejection is handled here (awaiting it still
 * throws), or it would end the whole runner when the page closes.
 */
export function responseOf(page: Page, p: string, timeout = 15_000): Promise<Response> {
  const waiting = page.waitForResponse((r) => new URL(r.url()).pathname === p, { timeout });
  waiting.catch(() => undefined);
  return waiting;
}

export async function dialogClosed(page: Page, name: string | RegExp): Promise<void> {
  await notVisible(page.getByRole('dialog', { name }), `the ${String(name)} dialog`);
}

/** The options of the open select dropdown, as drawn on screen (antd keeps a separate hidden a11y list). */
export const selectOptions = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

/** Opens a select and picks the option showing `label`. */
export async function pickOption(page: Page, combobox: Locator, label: string | RegExp): Promise<void> {
  await combobox.click();
  const text = typeof label === 'string' ? new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) : label;
  const option = selectOptions(page).filter({ hasText: text }).first();
  await visible(option, `the option ${String(label)}`);
  await settled(option);
  await option.click();
}

export { hashMatches, visible };
