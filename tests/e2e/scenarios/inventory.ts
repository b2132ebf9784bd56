// The purchase side's stock search (issue 10, "find the batch in the stock search"): a trader filters by
// colour and micronaire and sees the batch with the bales and conditioned tonnes of the whole search.
// `findInStockSearch` can be chained after a scenario that imports or registers a batch.
import type { Page } from 'playwright-core';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { BASE_GRADE_CERTIFICATE } from '../../../src/areas/warehouse/examples.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { formatWeight } from '../../../src/shared/format/index.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { scenario } from '../runner.ts';
import { checkEqual, visible } from '../support/expect.ts';
import { L, login, named, pickOption } from '../support/shell.ts';

export interface StockSearch {
  /** A batch number, or the start of several. */
  batchNo: string;
  /** The colour grade as its dictionary names it (e.g. 淡点污棉1级). */
  colour: string;
  micronaire: { from: string; to: string };
}

/** Opens the stock search, filters, and answers the main area with the rows and the totals row. */
export async function findInStockSearch(page: Page, search: StockSearch) {
  await page.goto(`/#${routeByKey('ResourcesList')!.path}`);
  const main = page.getByRole('main');
  await main.locator('input#batchNo').fill(search.batchNo);
  const colour = main.locator('.ant-select').filter({ has: page.locator('#colourGrade') });
  await pickOption(page, colour, search.colour);
  await page.keyboard.press('Escape');
  await main.locator('input#micronaire').fill(search.micronaire.from);
  await main.getByPlaceholder(L('resource.to')).first().fill(search.micronaire.to);
  await main.getByRole('button', { name: named(L('resource.search')) }).click();
  return { main, totals: main.locator('.resource-totals') };
}

scenario(
  'a trader finds a batch in the stock search by colour and micronaire, with the totals of the search',
  async (t) => {
    const { api, page, users, tenant } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const place = await api.save(admin.token, warehouse, {
      code: `S${suffix}`,
      name: `乌鲁木齐${suffix}`,
      kind: 'delivery',
    });
    const prefix = `IV${suffix}`;
    const save = (n: number, change: Record<string, string>) =>
      api.save(admin.token, batch, {
        ...BASE_GRADE_CERTIFICATE,
        batchNo: `${prefix}${n}`,
        warehouseId: place.id,
        colourGrade: '12',
        micronaire: '4.0',
        ...change,
      });
    await save(1, { baleCount: '186' });
    await save(2, { baleCount: '180' });
    await save(3, { micronaire: '4.6' }); // outside the micronaire asked for
    await save(4, { colourGrade: '21' }); // another colour

    await login(page, users.staff);
    const { main, totals } = await findInStockSearch(page, {
      batchNo: prefix,
      colour: '淡点污棉1级',
      micronaire: { from: '3.7', to: '4.2' },
    });
    await visible(main.locator('tr').filter({ hasText: `${prefix}1` }), 'the batch found');
    await visible(main.getByText(L('resource.total', { count: 2 })), 'two batches found');
    checkEqual(
      await main
        .locator('tr')
        .filter({ hasText: `${prefix}3` })
        .count(),
      0,
      'the other micronaire',
    );
    checkEqual(
      await main
        .locator('tr')
        .filter({ hasText: `${prefix}4` })
        .count(),
      0,
      'the other colour',
    );
    // 186 + 180 bales; 19.528 t conditioned each.
    await visible(totals.getByText('366', { exact: true }), 'the bales of the search');
    await visible(
      totals.getByText(formatWeight('39.056', tenant.config.weightDigit), { exact: true }),
      'the conditioned tonnes of the search',
    );
    await visible(totals.getByText(L('resource.totalsOfFilter')), 'the totals row named');
  },
);
