import { generatePath, matchPath } from 'react-router-dom';
import { wordsOf } from '../../test/locales.ts';
import { BUSINESS_ROUTES, ROUTE_PARAMS } from './businessRoutes.ts';
import { ROUTES } from './catalogue.ts';

const zhChs = wordsOf('zh-chs');
const zhCht = wordsOf('zh-cht');
const en = wordsOf('en');
const ja = wordsOf('ja');

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

test('every meta key and every path of the one catalogue is unique', () => {
  const all = ROUTES;
  expect(all).toEqual(expect.arrayContaining([...BUSINESS_ROUTES]));
  const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
  expect(duplicates(all.map((r) => r.key))).toEqual([]);
  // react-router matches paths case-insensitively, so compare them that way.
  expect(duplicates(all.map((r) => r.path.toLowerCase()))).toEqual([]);
});

test('parametrised paths use only the spec parameters, each once, as whole segments', () => {
  for (const route of BUSINESS_ROUTES) {
    const params = paramsOf(route.path);
    expect(
      params.every((p) => (ROUTE_PARAMS as readonly string[]).includes(p)),
      route.path,
    ).toBe(true);
    expect(new Set(params).size, route.path).toBe(params.length);
    expect(route.path, route.key).toMatch(/^(\/(:?[A-Za-z][\w]*))+$/);
  }
});

test('a detail URL built from its path matches it back with every parameter', () => {
  const details = BUSINESS_ROUTES.filter((r) => paramsOf(r.path).length > 0);
  expect(details.length).toBeGreaterThan(50);
  for (const route of details) {
    const values = Object.fromEntries(paramsOf(route.path).map((p) => [p, `${p}-值 1`]));
    const url = generatePath(route.path, values);
    const matched = matchPath(route.path, url)?.params ?? {};
    const decoded = Object.fromEntries(
      Object.entries(matched).map(([k, v]) => [k, decodeURIComponent(v ?? '')]),
    );
    expect(decoded, route.key).toEqual(values);
  }
});

test('detail pages carry an id and stay out of the menus', () => {
  for (const route of BUSINESS_ROUTES.filter((r) => r.kind === 'detail')) {
    expect(route.path, route.key).toContain(':id');
    expect(route.hidden, route.key).toBe(true);
  }
});

test('only VisualChart, UnSaleProfitStatement and ProfitReturn are not cached among shell routes', () => {
  const uncached = BUSINESS_ROUTES.filter((r) => r.layout === 'shell' && !r.cache).map((r) => r.key);
  expect(uncached.sort()).toEqual(['ProfitReturn', 'UnSaleProfitStatement', 'VisualChart']);
});

test('the spec paths of each area are all there', () => {
  const paths = new Set(BUSINESS_ROUTES.map((r) => r.path));
  for (const path of [
    '/pri/contractTemplate/:id/:flag/:sp/:name',
    '/pur/purContractApproval/contractApproval/:id/:flag',
    '/pur/Contractdetails/:id/:flag/:sp/:name',
    '/pur/ResourcesList/:id/:resourceId/:name/:type',
    '/pur/SpotContractDetails/:id/:name',
    '/pending/teamHedge/detail/:id/:name',
    '/speculation/deal',
    '/capital/PayApplyCheckEnd',
    '/furRiskManage/marginCall',
    '/sales/ClientManageData/:id/:name',
    '/salesManage/BillApplyCheck',
    '/Pcm/PurchaseContractMarginAllot',
    '/BusiReport/CostAndProftFour',
    '/PayInvoice/InvoiceWeightRecord/details/:id/:name',
    '/platformManagement/platformShoppingCart',
    '/pending/receiptconfirmationSpm',
    '/resourcePackageOne/interlinkage',
    '/ResourceDetailSm',
  ]) {
    expect(paths.has(path), path).toBe(true);
  }
  const printPages = BUSINESS_ROUTES.filter((r) => r.kind === 'print');
  expect(printPages).toHaveLength(18);
  expect(printPages.every((r) => r.layout === 'bare')).toBe(true);
});

test.each([
  ['zh-chs', zhChs],
  ['zh-cht', zhCht],
  ['en', en],
  ['ja', ja],
])('every route has a %s title', (_locale, messages) => {
  const titles = (messages as { route: Record<string, string> }).route;
  const missing = BUSINESS_ROUTES.filter((r) => !titles[r.key]?.trim()).map((r) => r.key);
  expect(missing).toEqual([]);
});

test('titles differ between languages (no copied placeholders)', () => {
  const same = BUSINESS_ROUTES.filter(
    (r) => (zhChs.route as Record<string, string>)[r.key] === (en.route as Record<string, string>)[r.key],
  );
  expect(same).toEqual([]);
  expect((zhChs.route as Record<string, string>).SpotContract).toBe('现货采购合同');
  expect((en.route as Record<string, string>).SpotContract).toBe('Spot purchase contracts');
});
