// The tab strip (spec 2.14, 4.1): five pages → five tabs, context menu, split button, drag, reload.
import type { Page } from 'playwright-core';
import type { MenuAnswer } from '../../../src/shared/api/contract.ts';
import { scenario } from '../runner.ts';
import { check, checkEqual, hashMatches, notVisible, until, visible } from '../support/expect.ts';
import {
  activeTabTitle,
  expectTabs,
  L,
  login,
  menuLeaves,
  named,
  openFromMenu,
  reload,
  settled,
  tabStrip,
  tabs,
} from '../support/shell.ts';

interface Pages {
  home: { title: string; path: string };
  /** Four pages other than home, in menu order. */
  others: { title: string; path: string; entry: ReturnType<typeof menuLeaves>[number] }[];
  menu: MenuAnswer;
}

/** The first five pages of the server's menu: home and four others. */
function pagesOf(menu: MenuAnswer): Pages {
  const leaves = menuLeaves(menu);
  const homeLeaf = leaves.find((e) => e.leaf.path === '/index');
  const others = leaves
    .filter((e) => e.leaf.path !== '/index')
    .filter((e, i, all) => all.findIndex((o) => o.leaf.path === e.leaf.path) === i)
    .slice(0, 4)
    .map((entry) => ({ title: entry.leaf.title, path: entry.leaf.path!, entry }));
  check(others.length === 4, `the menu offers ${others.length + 1} pages; five are needed`);
  return { home: { title: homeLeaf?.leaf.title ?? L('route.index'), path: '/index' }, others, menu };
}

/** Opens a page from the menu and waits, as a person does, until its tab is there and selected. */
async function open(page: Page, pages: Pages, which: Pages['others'][number]) {
  await openFromMenu(page, which.entry, pages.menu);
  await hashMatches(page, new RegExp(`^#${which.path}$`));
  await until(`the tab ${which.title} selected`, async () => (await activeTabTitle(page)) === which.title);
}

const tab = (page: Page, title: string) => tabs(page).filter({ hasText: title }).first();

/** The tab context menus (each offers refresh). */
const contextMenus = (page: Page) =>
  page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: L('tabs.refresh') }) });

/** Right-clicks a tab and answers the context menu's item names. */
async function contextMenu(page: Page, title: string): Promise<string[]> {
  // A menu that is still closing lets the pointer through: start from none on screen.
  await notVisible(contextMenus(page), 'the previous context menu');
  await tab(page, title).click({ button: 'right' });
  const menu = contextMenus(page).filter({ visible: true });
  await visible(menu, `the context menu of tab ${title}`);
  await settled(menu);
  // antd fills the items in while the menu opens: read them once they have text.
  let names: string[] = [];
  await until(`the items of the context menu of tab ${title}`, async () => {
    names = (await menu.first().getByRole('menuitem').allInnerTexts()).map((x) => x.trim()).filter(Boolean);
    return names.length > 0;
  });
  return names;
}

async function closeContextMenu(page: Page) {
  await page.keyboard.press('Escape');
  await notVisible(contextMenus(page), 'the context menu');
}

async function tabAction(page: Page, title: string, action: string) {
  await contextMenu(page, title);
  await contextMenus(page).filter({ visible: true }).getByRole('menuitem', { name: action }).click();
  await notVisible(contextMenus(page), 'the context menu');
}

async function fivePages(page: Page, pages: Pages) {
  for (const p of pages.others) await open(page, pages, p);
}

scenario('tabs: opening five pages gives five tabs', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.staff);
  const pages = pagesOf(menu);
  await expectTabs(page, [pages.home.title], 'the tabs after login');
  await fivePages(page, pages);
  const titles = [pages.home.title, ...pages.others.map((p) => p.title)];
  await expectTabs(page, titles, 'five tabs');
  checkEqual(await activeTabTitle(page), pages.others[3]!.title, 'the active tab');
  // Opening an open page again selects its tab and adds none.
  await open(page, pages, pages.others[0]!);
  await expectTabs(page, titles, 'the tabs after opening an open page');
  checkEqual(await activeTabTitle(page), pages.others[0]!.title, 'the active tab');
  checkEqual(
    await page.title().then((x) => x.includes(pages.others[0]!.title)),
    true,
    'document title names the page',
  );
});

scenario('tabs: every context-menu action, closing a tab, and the split button', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.staff);
  const pages = pagesOf(menu);
  const [a, b, c, d] = pages.others as [
    Pages['others'][0],
    Pages['others'][0],
    Pages['others'][0],
    Pages['others'][0],
  ];
  const H = pages.home.title;
  const all = [
    L('tabs.refresh'),
    L('tabs.closeLeft'),
    L('tabs.closeRight'),
    L('tabs.closeOthers'),
    L('tabs.closeAll'),
  ];

  // Home offers refresh only.
  await fivePages(page, pages);
  checkEqual((await contextMenu(page, H)).join(','), L('tabs.refresh'), 'the home tab context menu');
  await closeContextMenu(page);
  checkEqual((await contextMenu(page, b.title)).join(','), all.join(','), 'a page tab context menu');
  await closeContextMenu(page);

  await tabAction(page, b.title, L('tabs.closeLeft'));
  await expectTabs(page, [H, b.title, c.title, d.title], 'tabs after close left of B');
  await tabAction(page, c.title, L('tabs.closeRight'));
  await expectTabs(page, [H, b.title, c.title], 'tabs after close right of C');
  await open(page, pages, a);
  await tabAction(page, c.title, L('tabs.closeOthers'));
  await expectTabs(page, [H, c.title], 'tabs after close others of C');
  await hashMatches(page, new RegExp(`^#${c.path}$`));

  await tabAction(page, c.title, L('tabs.refresh'));
  await hashMatches(page, new RegExp(`^#${c.path}$`));
  await expectTabs(page, [H, c.title], 'tabs after refresh');

  await open(page, pages, a);
  await tabAction(page, a.title, L('tabs.closeAll'));
  await expectTabs(page, [H], 'tabs after close all');
  await hashMatches(page, /^#\/index/);

  // Closing the tab in view moves to its next neighbour, else to the previous one.
  await open(page, pages, a);
  await open(page, pages, b);
  await open(page, pages, c);
  await tab(page, b.title).click();
  await hashMatches(page, new RegExp(`^#${b.path}$`));
  await closeTab(page, b.title);
  await expectTabs(page, [H, a.title, c.title], 'tabs after closing B');
  await hashMatches(page, new RegExp(`^#${c.path}$`));
  await closeTab(page, c.title);
  await expectTabs(page, [H, a.title], 'tabs after closing C');
  await hashMatches(page, new RegExp(`^#${a.path}$`));
  const homeClose = tabStrip(page)
    .locator('.ant-tabs-tab')
    .filter({ hasText: H })
    .getByRole('button', { name: /关闭|close|remove/i });
  checkEqual(await homeClose.count(), 0, 'close buttons on the home tab');

  // The split button closes all.
  await open(page, pages, b);
  await expectTabs(page, [H, a.title, b.title], 'tabs before the split button');
  await page.getByRole('button', { name: named(L('tabs.closeAll')) }).click();
  await expectTabs(page, [H], 'tabs after the split button');
  await hashMatches(page, /^#\/index/);
});

async function closeTab(page: Page, title: string) {
  const holder = tabStrip(page).locator('.ant-tabs-tab').filter({ hasText: title });
  await holder.getByRole('button', { name: /关闭|close|remove/i }).click();
}

scenario('tabs: drag a tab to reorder', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.staff);
  const pages = pagesOf(menu);
  const [a, b, c] = pages.others as [Pages['others'][0], Pages['others'][0], Pages['others'][0]];
  for (const p of [a, b, c]) await open(page, pages, p);
  await expectTabs(page, [pages.home.title, a.title, b.title, c.title]);
  const from = (await tab(page, c.title).boundingBox())!;
  const to = (await tab(page, a.title).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    const x = from.x + from.width / 2 + ((to.x + 4 - (from.x + from.width / 2)) * i) / steps;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.waitForTimeout(30);
  }
  await page.mouse.up();
  await expectTabs(page, [pages.home.title, c.title, a.title, b.title], 'the tabs after dragging C before A');
  await reload(page);
  await expectTabs(page, [pages.home.title, c.title, a.title, b.title], 'the reordered tabs after a reload');
});

scenario('tabs: a reload restores the open tabs and the page in view', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.staff);
  const pages = pagesOf(menu);
  await fivePages(page, pages);
  const titles = [pages.home.title, ...pages.others.map((p) => p.title)];
  await expectTabs(page, titles, 'five tabs');
  await tab(page, pages.others[1]!.title).click();
  await hashMatches(page, new RegExp(`^#${pages.others[1]!.path}$`));
  await reload(page);
  await expectTabs(page, titles, 'the tabs after a reload');
  await hashMatches(page, new RegExp(`^#${pages.others[1]!.path}$`));
  checkEqual(await activeTabTitle(page), pages.others[1]!.title, 'the active tab after a reload');
});

scenario('tabs: opening a path by URL right after closing its tab shows that page in its tab', async (t) => {
  const { page, users } = t;
  const { menu } = await login(page, users.staff);
  const pages = pagesOf(menu);
  const [a, b] = pages.others as [Pages['others'][0], Pages['others'][0]];
  await open(page, pages, a);
  await open(page, pages, b);
  // Close the tab in view with its close button and open its path again in the same breath.
  await page.evaluate(async (path) => {
    const selected = document.querySelector('[role="tablist"] [role="tab"][aria-selected="true"]');
    selected?.parentElement?.querySelector('button')?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    window.location.hash = path;
  }, b.path);
  await hashMatches(page, new RegExp(`^#${b.path}$`));
  await until(`the tab ${b.title} open and selected`, async () => (await activeTabTitle(page)) === b.title);
  const pageText = () =>
    page.getByRole('main').evaluate((main) => {
      const strip = main.querySelector('[role="tablist"]')?.closest('div[style]');
      return [...main.children]
        .filter((child) => child !== strip && !child.contains(strip ?? null))
        .map((child) => (child as HTMLElement).innerText)
        .join('')
        .trim();
    });
  await until(`the page of ${b.title} drawn under its tab`, async () => (await pageText()).length > 0);
});
