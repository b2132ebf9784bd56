// Login, branding, watermark, menus, routing without a session, logout (spec 1, 2.1, 2.2, 3, 4.4).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { type Envelope, type LoginData, PATHS } from '../../../src/shared/api/contract.ts';
import { cookieName, SESSION_LIFETIME_MS } from '../../../src/shared/constants.ts';
import { scenario } from '../runner.ts';
import { check, checkEqual, hashMatches, notVisible, until, visible } from '../support/expect.ts';
import {
  cookie,
  fillLogin,
  gotoLogin,
  header,
  L,
  login,
  loginButton,
  logout,
  logoutDialog,
  menuLeaves,
  named,
  openLogoutConfirm,
  responseOf,
  sideMenu,
  topMenu,
} from '../support/shell.ts';
import { repoRoot, type TenantUnderTest } from '../support/tenants.ts';

/** What the storage says about the logged-in user (spec 3: kept in browser storage). */
const storedText = (page: Page) =>
  page.evaluate(() => {
    const all: string[] = [];
    for (const store of [localStorage, sessionStorage])
      for (let i = 0; i < store.length; i++) all.push(store.getItem(store.key(i)!) ?? '');
    return all.join('\n');
  });

scenario(
  'login: a wrong password shows a clear message, then the right one opens the shell',
  async (t) => {
    const { page, context, tenant, users } = t;
    const user = users.staff;
    await gotoLogin(page);
    await fillLogin(page, user.loginName, `${user.password}x`);
    const refused = responseOf(page, PATHS.login);
    await loginButton(page).click();
    const answer = (await (await refused).json()) as Envelope;
    check(answer.code !== 200, `the server accepted a wrong password (code ${answer.code})`);
    const reason = answer.msg ?? answer.message ?? '';
    check(reason.length > 0, 'the server gave no message for a wrong password');
    await visible(page.getByText(reason), `the message "${reason}"`);
    await hashMatches(page, /^#\/login/);
    check(
      !(await cookie(context, cookieName(tenant.code, 'token'))),
      'a token cookie was set by a refused login',
    );

    await fillLogin(page, user.loginName, user.password);
    const accepted = responseOf(page, PATHS.login);
    await loginButton(page).click();
    const data = ((await (await accepted).json()) as Envelope<LoginData>).data!;
    await hashMatches(page, /^#\/index/);
    await visible(header(page), 'the shell header');

    const token = await until('the token cookie', () => cookie(context, cookieName(tenant.code, 'token')));
    checkEqual(token.value, data.token, 'token cookie');
    const lifetime = token.expires * 1000 - Date.now();
    check(
      Math.abs(lifetime - SESSION_LIFETIME_MS) < 10 * 60_000,
      `token cookie lives ${(lifetime / 3_600_000).toFixed(2)} h, expected 1 day`,
    );
    const uuid = await cookie(context, cookieName(tenant.code, 'uuid'));
    check(uuid, 'no uuid cookie after login');
    const stored = await storedText(page);
    for (const value of [user.loginName, user.relName, user.departName, data.user.id])
      check(stored.includes(value), `browser storage lacks the user's ${value}`);
    check(stored.includes('messCount'), 'browser storage lacks messCount');
  },
  { everyTenant: true },
);

/** The bytes behind an <img>/<link> address (http or data:). */
async function bytesOf(page: Page, url: string): Promise<Buffer> {
  if (url.startsWith('data:')) {
    const [meta, body = ''] = url.slice(5).split(',', 2);
    return meta?.endsWith(';base64') ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body));
  }
  const res = await page.request.get(new URL(url, page.url()).href);
  check(res.ok(), `${url} answered HTTP ${res.status()}`);
  return Buffer.from(await res.body());
}

const asset = (tenant: TenantUnderTest, file: string) =>
  fs.readFileSync(path.join(repoRoot, 'tenants/assets', tenant.code, file));

scenario(
  "branding: the page title, logo and favicon are the tenant's",
  async (t) => {
    const { page, tenant, users } = t;
    const { branding, title, name } = tenant.config;
    await gotoLogin(page);
    await until(`the title to name ${title['zh-chs']}`, async () =>
      (await page.title()).includes(title['zh-chs']),
    );

    const favicon = await page.locator('link[rel~="icon"]').first().getAttribute('href');
    check(favicon, 'the page has no favicon link');
    check(
      (await bytesOf(page, favicon)).equals(asset(tenant, branding.favicon)),
      `favicon ${favicon} is not the tenant's`,
    );

    const loginLogo = await visible(
      page.getByRole('img', { name }),
      `the logo named ${name} on the login page`,
    );
    const loginLogoBytes = await bytesOf(page, (await loginLogo.getAttribute('src'))!);
    check(
      [branding.logo, branding.icon, branding.logoCollapsed].some((f) =>
        loginLogoBytes.equals(asset(tenant, f)),
      ),
      "the login page's logo is not one of the tenant's images",
    );

    await login(page, users.staff, { goto: false });
    const logo = await visible(header(page).getByRole('img', { name }), `the header logo named ${name}`);
    const logoBytes = await bytesOf(page, (await logo.getAttribute('src'))!);
    check(logoBytes.equals(asset(tenant, branding.logo)), "the header logo is not the tenant's logo");
    await until('the document title after login to name the tenant', async () =>
      (await page.title()).includes(title['zh-chs']),
    );
  },
  { everyTenant: true },
);

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

scenario(
  'watermark: department and real name, the masked phone only where the tenant says',
  async (t) => {
    const { page, context, tenant, users } = t;
    // The watermark is painted on a canvas: record what is drawn, as a person would read it on screen.
    await context.addInitScript(() => {
      const drawn: string[] = [];
      (window as unknown as { __drawn: string[] }).__drawn = drawn;
      for (const proto of [CanvasRenderingContext2D.prototype, OffscreenCanvasRenderingContext2D.prototype]) {
        for (const method of ['fillText', 'strokeText'] as const) {
          const original = proto[method] as (...args: unknown[]) => void;
          (proto as unknown as Record<string, unknown>)[method] = function (
            this: unknown,
            ...args: unknown[]
          ) {
            drawn.push(String(args[0]));
            return original.apply(this, args);
          };
        }
      }
    });
    const { user } = await login(page, users.staff);
    const { fields, maskPhone: masked } = tenant.config.watermark;
    const expected = fields.map((f) =>
      f === 'phone'
        ? masked
          ? maskPhone(user.phone)
          : user.phone
        : f === 'departName'
          ? user.departName
          : user.relName,
    );
    const drawnText = () =>
      page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn.join('\n'));
    const text = await until(`the watermark to show ${expected.join(' ')}`, async () => {
      const all = await drawnText();
      return expected.every((e) => all.includes(e)) ? all : false;
    });
    checkEqual(user.departName, users.staff.departName, "the user's department");
    if (!fields.includes('phone') || masked)
      check(!text.includes(user.phone), 'the watermark shows the full phone number');
    if (!fields.includes('phone'))
      check(
        !text.includes(maskPhone(user.phone)),
        'the watermark shows a phone the tenant does not configure',
      );

    // The layer is on screen, and comes back when someone removes it.
    const layers = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLElement>('body *')].filter((el) =>
            /url\("?data:image/.test(el.style.backgroundImage),
          ).length,
      );
    await until('a watermark layer on the page', async () => (await layers()) > 0);
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('body *'))
        if (/url\("?data:image/.test(el.style.backgroundImage)) el.remove();
    });
    await until('the removed watermark to come back', async () => (await layers()) > 0);
  },
  { everyTenant: true },
);

scenario(
  'menus: the header and side menus show what the server sent',
  async (t) => {
    const { page, users } = t;
    const { menu } = await login(page, users.staff);
    check(menu.menu.length > 0, 'the server sent no menu group');
    // Items the header has no room for are behind its overflow (…), as antd's horizontal menu does.
    const shownInHeader = async (title: string) =>
      topMenu(page).getByRole('menuitem', { name: title }).isVisible();
    const overflowed: string[] = [];
    for (const item of menu.menuTop.filter((i) => !i.hidden))
      if (!(await shownInHeader(item.title))) overflowed.push(item.title);
    check(overflowed.length < menu.menuTop.length, 'the header shows none of its menu items');
    if (overflowed.length > 0) {
      await topMenu(page).locator('.ant-menu-overflow-item-rest').hover();
      const more = page.locator('.ant-menu-submenu-popup');
      for (const title of overflowed)
        await visible(more.getByRole('menuitem', { name: title }), `header menu item ${title} under …`);
      await page.mouse.move(0, 500);
    }
    const group = menu.menu[0]!;
    const shown = group.menu.filter((i) => !i.hidden);
    for (const item of shown)
      await visible(
        sideMenu(page).getByRole('menuitem', { name: item.title }),
        `side menu item ${item.title}`,
      );
    const items = sideMenu(page).locator(':scope > li[role="menuitem"], :scope > li > [role="menuitem"]');
    await until(
      `the side menu to hold exactly the ${shown.length} items of the server`,
      async () => (await items.count()) === shown.length,
    );
    // A leaf opens the page it names.
    const leaf = menuLeaves(menu).find((e) => e.leaf.path !== '/index' && e.trail.length === 1);
    check(leaf, 'the menu has no page other than home');
    await sideMenu(page).getByRole('menuitem', { name: leaf.leaf.title, exact: true }).click();
    await hashMatches(page, new RegExp(`^#${leaf.leaf.path}$`));
  },
  { everyTenant: true },
);

scenario('routing: /#/index without a session lands on the login page', async (t) => {
  const { page } = t;
  await page.goto('/#/index');
  await hashMatches(page, /^#\/login/);
  await visible(page.getByLabel(L('login.username')), 'the login form');
  await notVisible(header(page), 'the shell header');
});

scenario('routing: /#/nosuch shows the 404 page', async (t) => {
  const { page, users } = t;
  await login(page, users.staff);
  await page.goto('/#/nosuch');
  await visible(page.getByText(L('notFound.text')), 'the 404 text');
  await visible(page.getByText('404', { exact: true }), 'the 404 status');
});

scenario('logout: cancel says 取消退出操作, confirm ends the session and opens login', async (t) => {
  const { page, context, tenant, users } = t;
  await login(page, users.staff);
  await openLogoutConfirm(page);
  await logoutDialog(page)
    .getByRole('button', { name: named(L('dialogs.cancel')) })
    .click();
  await visible(page.getByText('取消退出操作', { exact: true }), 'the message 取消退出操作');
  await hashMatches(page, /^#\/index/);
  check(await cookie(context, cookieName(tenant.code, 'token')), 'cancel removed the session cookie');

  const loggedOut = responseOf(page, PATHS.logout);
  await logout(page);
  check((await loggedOut).ok(), 'the logout call failed');
  await visible(page.getByLabel(L('login.username')), 'the login form');
  check(!(await cookie(context, cookieName(tenant.code, 'token'))), 'the session cookie is still there');
  check(
    !(await page.evaluate(() => JSON.stringify(localStorage))).includes('"relName"'),
    'the user info was kept',
  );
  // The old session is gone: the shell is closed to this browser.
  await page.goto('/#/index');
  await hashMatches(page, /^#\/login/);
});
