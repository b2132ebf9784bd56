// The frame of every screen (issue 15, on screen): no white margin round the app, the header and the tab
// strip stay while a long page scrolls, and a wide list keeps its action column in view.
import type { Page } from 'playwright-core';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { scenario } from '../runner.ts';
import { check, checkEqual, hashMatches, until, visible } from '../support/expect.ts';
import { L, login, tabStrip } from '../support/shell.ts';

async function openPath(page: Page, key: string) {
  const path = routeByKey(key)!.path;
  await page.evaluate((to) => {
    window.location.hash = to;
  }, path);
  await hashMatches(page, new RegExp(`^#${path}$`));
}

/** The column header named `title` of the list in view (kept-alive pages stay in the DOM, hidden). */
const columnHeader = (page: Page, title: string) =>
  page.locator('thead th:visible').filter({ hasText: title }).first();

scenario(
  'screen: no body margin, header and tabs stay on scroll, the action column stays in view',
  async (t) => {
    const { page, users } = t;
    await login(page, users.admin);
    await page.setViewportSize({ width: 1280, height: 500 });
    checkEqual(await page.evaluate(() => getComputedStyle(document.body).margin), '0px', 'the body margin');

    // The batch list has more columns than a 1280 px window shows.
    await openPath(page, 'MtfmBatchData');
    const actions = columnHeader(page, L('resource.actions'));
    await visible(actions, 'the action column of the batch list');
    const box = await actions.boundingBox();
    check(
      box && box.x + box.width <= 1280,
      `the action column ends in the window (at ${box && box.x + box.width})`,
    );

    await openPath(page, 'moduleList');
    await until(
      'the menu tree list has rows',
      async () => (await page.locator('tbody tr.ant-table-row:visible').count()) > 10,
    );
    check(
      await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight),
      'the menu tree list is taller than the window',
    );
    await page.mouse.move(700, 300);
    await page.mouse.wheel(0, 2000);
    await until('the page scrolled', async () => (await page.evaluate(() => window.scrollY)) > 100);
    checkEqual((await page.getByRole('banner').boundingBox())?.y, 0, 'the header top after scrolling');
    const strip = await tabStrip(page).boundingBox();
    check(strip && strip.y >= 56 && strip.y < 120, `the tab strip stays below the header (at ${strip?.y})`);
  },
);
