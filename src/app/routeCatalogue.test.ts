import { allRoutes } from '../shared/routes/catalogue.ts';
import { loadPage, PAGE_MODULES } from './pageRegistry.ts';

test('every route of the catalogue has a page module', () => {
  const missing = allRoutes()
    .filter((r) => !PAGE_MODULES[r.key])
    .map((r) => r.key);
  expect(missing).toEqual([]);
});

test.each([
  ['userList', 'a built system list'],
  ['SpotContract', 'a business list not built yet'],
  ['purchasePrint', 'a print page'],
])('the page of %s (%s) loads', async (key) => {
  const page = await loadPage(key);
  expect(typeof page.default).toBe('function');
});
