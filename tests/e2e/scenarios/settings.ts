// Menu search, display settings (theme, colour, size, collapse, language), fullscreen, and their
// restoration after logging out and in again (spec 2.1, 4.2, 9).
import type { Locator, Page } from 'playwright-core';
import { cookieName, LOCALES, type Locale } from '../../../src/shared/constants.ts';
import { THEMES } from '../../../src/shell/settings/themes.ts';
import { scenario } from '../runner.ts';
import { check, checkEqual, hashMatches, notVisible, until, visible } from '../support/expect.ts';
import {
  closeDisclaimerIfOpen,
  cookie,
  expectTabs,
  header,
  L,
  login,
  logout,
  menuLeaves,
  named,
  openFromMenu,
  pickOption,
  settled,
  tabStrip,
  tabTitles,
} from '../support/shell.ts';

const settingsDrawer = (page: Page, locale: Locale = 'zh-chs') =>
  page.getByRole('dialog', { name: L('settings.title', {}, locale) });

async function openSettings(page: Page, locale: Locale = 'zh-chs'): Promise<Locator> {
  const drawer = settingsDrawer(page, locale);
  if (!(await drawer.isVisible()))
    await header(page)
      .getByRole('button', { name: L('header.settings', {}, locale) })
      .click();
  await visible(drawer, 'the display settings');
  await settled(drawer);
  return drawer;
}

async function closeSettings(page: Page, locale: Locale = 'zh-chs') {
  const drawer = settingsDrawer(page, locale);
  await drawer
    .getByRole('button', { name: /close|关闭|閉じる|關閉/i })
    .first()
    .click();
  await notVisible(drawer, 'the display settings');
}

/** Picks a choice shown as a radio or segment (theme, size) by its visible name. */
async function choose(drawer: Locator, name: string) {
  await drawer.getByText(name, { exact: true }).first().click();
}

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const headerBackground = (page: Page) => header(page).evaluate((el) => getComputedStyle(el).backgroundColor);

/** The primary colour as a person sees it: the text colour of the active tab. */
const primaryColour = (page: Page) =>
  tabStrip(page)
    .getByRole('tab', { selected: true })
    .evaluate((el) => getComputedStyle(el).color);

/** Height of an ordinary button (the tab strip's split button), which follows the component size. */
async function controlHeight(page: Page): Promise<number> {
  const box = await page.getByRole('button', { name: named(L('tabs.closeAll')) }).boundingBox();
  check(box, 'the split button is not on screen');
  return box.height;
}

const asideWidth = async (page: Page) =>
  Math.round((await page.getByRole('complementary').first().boundingBox())?.width ?? -1);

scenario('search: s opens it, esc closes it, a result navigates', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.staff);
  const search = page.getByPlaceholder(L('search.placeholder'));
  // Keys go to the page, not a field (a click could land on a desk card and open its screen).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('s');
  await visible(search, 'the menu search');
  await page.keyboard.press('Escape');
  await notVisible(search, 'the menu search');

  const target = menuLeaves(menu).find((e) => e.leaf.path !== '/index')!;
  await page.keyboard.press('s');
  await visible(search, 'the menu search');
  await search.fill(target.leaf.title);
  const fullTitle = [target.groupTitle, ...target.trail].join(' / ');
  const result = page.getByText(fullTitle, { exact: true });
  await visible(result, `the result "${fullTitle}"`);
  await result.click();
  await hashMatches(page, new RegExp(`^#${target.leaf.path}$`));
  await notVisible(search, 'the menu search after choosing');
  await until(`a tab for ${target.leaf.title}`, async () =>
    (await tabTitles(page)).includes(target.leaf.title),
  );
});

const HTML_LANG: Record<Locale, RegExp> = {
  'zh-chs': /^zh(-CN|-Hans|-chs)?$/i,
  'zh-cht': /^zh-(TW|HK|Hant|cht)$/i,
  en: /^en(-\w+)?$/i,
  ja: /^ja(-JP)?$/i,
};

scenario(
  'language: each language sets <html lang>, the lang cookie and the labels',
  async (t) => {
    const { page, context, tenant, users } = t;
    await login(page, users.staff);
    let current: Locale = 'zh-chs';
    for (const locale of [...LOCALES.filter((l) => l !== 'zh-chs'), 'zh-chs' as const]) {
      const drawer = await openSettings(page, current);
      await pickOption(
        page,
        drawer.getByLabel(L('settings.language', {}, current)),
        L(`locale.${locale}`, {}, current),
      );
      current = locale;
      // The app re-renders in the new language, and a pending disclaimer opens again.
      await closeDisclaimerIfOpen(page);
      await until(`<html lang> for ${locale}`, async () =>
        HTML_LANG[locale].test((await page.locator('html').getAttribute('lang')) ?? ''),
      );
      const lang = await until(`the lang cookie for ${locale}`, () =>
        cookie(context, cookieName(tenant.code, 'lang')),
      );
      checkEqual(lang.value, locale, 'lang cookie');
      await visible(
        header(page).getByRole('button', { name: L('header.settings', {}, locale) }),
        `the header labelled in ${locale}`,
      );
    }
  },
  { everyTenant: true },
);

scenario('theme: each theme changes the shell', async (t) => {
  const { page, users } = t;
  await login(page, users.staff);
  checkEqual(await headerBackground(page), rgb(THEMES[0]!.header), 'the default (first) theme header');
  for (const theme of [...THEMES.slice(1), THEMES[0]!]) {
    const drawer = await openSettings(page);
    await choose(drawer, L(`theme.${theme.name}`));
    await until(
      `the header of theme ${theme.name}`,
      async () => (await headerBackground(page)) === rgb(theme.header),
    );
  }
});

scenario('size: changing the component size goes through /refresh and really changes sizes', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.settings);
  const other = menuLeaves(menu).find((e) => e.leaf.path !== '/index')!;
  await openFromMenu(page, other, menu);
  await hashMatches(page, new RegExp(`^#${other.leaf.path}$`));
  const tabsBefore = [L('route.index'), other.leaf.title];
  await expectTabs(page, tabsBefore, 'the tabs before the size change');
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(new URL(f.url()).hash);
  });
  const before = await controlHeight(page);
  await choose(await openSettings(page), L('size.mini'));
  await until('a pass through /refresh', () => seen.some((h) => h.startsWith('#/refresh')));
  await hashMatches(page, new RegExp(`^#${other.leaf.path}$`));
  const after = await until('smaller controls', async () => {
    const h = await controlHeight(page);
    return h < before ? h : false;
  });
  check(after < before, `mini controls are ${after}px, not smaller than ${before}px`);
  await expectTabs(page, tabsBefore, 'the tabs after the size change');
});

scenario('fullscreen: the header toggle enters and leaves fullscreen', async (t) => {
  const { page, users } = t;
  await login(page, users.staff);
  const isFull = () => page.evaluate(() => document.fullscreenElement !== null);
  await header(page)
    .getByRole('button', { name: L('header.fullscreen') })
    .click();
  await until('fullscreen', isFull);
  await visible(
    header(page).getByRole('button', { name: L('header.exitFullscreen') }),
    'the exit-fullscreen button',
  );
  await header(page)
    .getByRole('button', { name: L('header.exitFullscreen') })
    .click();
  await until('fullscreen to end', async () => !(await isFull()));
  await visible(header(page).getByRole('button', { name: L('header.fullscreen') }), 'the fullscreen button');
  // Leaving fullscreen by the browser (Esc) resets the toggle too.
  await header(page)
    .getByRole('button', { name: L('header.fullscreen') })
    .click();
  await until('fullscreen', isFull);
  await page.evaluate(() => document.exitFullscreen());
  await visible(
    header(page).getByRole('button', { name: L('header.fullscreen') }),
    'the fullscreen button after Esc',
  );
});

scenario('settings: logging out and in again restores tabs, theme, colour, size and collapse', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.settings);
  const defaults = {
    colour: await primaryColour(page),
    height: await controlHeight(page),
    aside: await asideWidth(page),
  };
  await page.keyboard.press('Escape');
  const leaves = menuLeaves(menu)
    .filter((e) => e.leaf.path !== '/index')
    .slice(0, 2);
  for (const leaf of leaves) await openFromMenu(page, leaf, menu);
  const tabs = [L('route.index'), ...leaves.map((e) => e.leaf.title)];
  await expectTabs(page, tabs, 'the tabs before logging out');

  const theme = THEMES[3]!;
  const colour = '#E0457B';
  let drawer = await openSettings(page);
  await choose(drawer, L(`theme.${theme.name}`));
  const hex = drawer
    .getByRole('textbox', { name: /hex|颜色|主题色/i })
    .or(drawer.locator('.ant-color-picker-trigger'));
  await hex.first().click();
  const input = page.locator('.ant-color-picker-hex-input input, .ant-color-picker-input input').first();
  await input.fill(colour.slice(1));
  await input.press('Enter');
  await until('the new primary colour', async () => (await primaryColour(page)) === rgb(colour));
  await page.keyboard.press('Escape');
  drawer = await openSettings(page);
  await choose(drawer, L('size.mini'));
  await until('mini controls', async () => (await controlHeight(page)) < defaults.height);
  const miniHeight = await controlHeight(page);
  await page.keyboard.press('Escape');
  await header(page)
    .getByRole('button', { name: L('header.collapse') })
    .click();
  await until('the side menu collapsed to 65 px', async () => (await asideWidth(page)) === 65);
  checkEqual(defaults.aside, 200, 'side menu width before collapsing');

  await logout(page);
  await login(page, users.settings, { goto: false });
  await expectTabs(page, tabs, 'the tabs after logging in again');
  await until(
    'the theme after logging in again',
    async () => (await headerBackground(page)) === rgb(theme.header),
  );
  await until('the colour after logging in again', async () => (await primaryColour(page)) === rgb(colour));
  await until('the side menu still collapsed', async () => (await asideWidth(page)) === 65);
  checkEqual(await controlHeight(page), miniHeight, 'control height after logging in again');
  void closeSettings;
});
