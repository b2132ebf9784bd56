import { generatePath, matchPath } from 'react-router-dom';
import type { Locale } from '../shared/constants.ts';
import { type BusinessRoute, ROUTE_PARAMS, routeTitleKey } from '../shared/routes/businessRoutes.ts';
import { allRoutes } from '../shared/routes/catalogue.ts';
import { ALL_LOCALES, messageOf, wordsOf } from '../test/locales.ts';
import { AREAS, BUSINESS_ROUTES } from './index.ts';

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

test('every meta key and every path of the one catalogue is unique', () => {
  const all = allRoutes();
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

const titleIn = (locale: Locale, route: BusinessRoute) => messageOf(locale, routeTitleKey(route));

test.each(ALL_LOCALES)('every route has a %s title', (locale) => {
  const missing = BUSINESS_ROUTES.filter((r) => !titleIn(locale, r)?.trim()).map((r) => r.key);
  expect(missing).toEqual([]);
});

test("a built route's title is its area's word, a planned one's the shell's", () => {
  const spot = BUSINESS_ROUTES.find((route) => route.key === 'SpotContract')!;
  expect(routeTitleKey(spot)).toBe('contracts:route.SpotContract');
  expect(titleIn('zh-chs', spot)).toBe('现货采购合同');
  expect(titleIn('en', spot)).toBe('Spot purchase contracts');
  const planned = BUSINESS_ROUTES.find((route) => route.key === 'InvoicingPurchaseReport')!;
  expect(routeTitleKey(planned)).toBe('route.InvoicingPurchaseReport');
  const shellTitles = (wordsOf('zh-chs') as { route: Record<string, string> }).route;
  expect(BUSINESS_ROUTES.filter((route) => route.namespace && shellTitles[route.key])).toEqual([]);
});

test('titles differ between languages (no copied placeholders)', () => {
  const same = BUSINESS_ROUTES.filter((r) => titleIn('zh-chs', r) === titleIn('en', r));
  expect(same).toEqual([]);
});

test("no code names a built route's title by the shell's key: it is its area's word", async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const built = new Set(BUSINESS_ROUTES.filter((route) => route.namespace).map((route) => route.key));
  const src = path.resolve(import.meta.dirname, '..');
  const named = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) =>
      [...readFileSync(path.join(src, file), 'utf8').matchAll(/['"`]route\.(\w+)['"`]/g)]
        .filter(([, key]) => built.has(key!))
        .map(([literal]) => `${file}: ${literal}`),
    );
  expect(named).toEqual([]);
});

test.each(ALL_LOCALES)('every area titles its side-menu group in %s', (locale) => {
  const titles = (wordsOf(locale) as { menuArea?: Record<string, string> }).menuArea ?? {};
  expect(AREAS.map((area) => area.key).filter((key) => !titles[key])).toEqual([]);
});
