// Every business screen of the administrator's menu, opened in English over data the server would answer
// (dictionary words stored in Chinese, business data in Latin letters): no Chinese or Japanese may remain
// in its text but the tenant's own words (names, titles and terms of the tenant config).

import { configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { HttpResponse, http } from 'msw';
import { Provider } from 'react-redux';
import { generatePath, MemoryRouter, Route, Routes } from 'react-router-dom';
import { api } from '../api/api.ts';
import { writeCookie } from '../api/credentials.ts';
import { GRANT_TREE_PATH } from '../areas/access/grants.ts';
import { BUSINESS_ROUTES } from '../areas/index.ts';
import { commandLabel, registeredResource } from '../framework/resource/index.ts';
import type { FieldDecl, Label, ResourceDecl } from '../framework/resource/types.ts';
import { BusinessRoutePage } from '../framework/screens/BusinessRoutePage.tsx';
import { PATHS } from '../shared/api/contract.ts';
import type { BusinessRoute } from '../shared/routes/businessRoutes.ts';
import { routeTitleKey } from '../shared/routes/routeRecords.ts';
import { tenant, tenantTerm } from '../shared/tenant/index.ts';
import '../test/jsdomPolyfills.ts';
import { ALL_DICTIONARIES, ALL_RESOURCES } from '../test/declarations.ts';
import { messageOf } from '../test/locales.ts';
import { mockState } from '../test/msw/fixtures.ts';
import { server, startMockServer } from '../test/msw/server.ts';
import { storedDictionary } from '../test/storedDictionaries.ts';
import { loadEveryArea } from './areas.ts';
import './businessPages.tsx';
import { initI18n } from './i18n.ts';

startMockServer();

// The screens as the app loads them: each area's declarations and words by its loader.
await initI18n('en');
await loadEveryArea();

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+/g;
const HAS_CJK = new RegExp(CJK.source);

/** The tenant's name: a proper name, the same in every language (its terms read in English: termsIn). */
const TENANT_WORDS = [tenant.name];

/** The menu leaves the administrator gets: non-hidden business routes whose resource is built. */
const MENU_SCREENS = BUSINESS_ROUTES.filter(
  (route) => !route.hidden && route.menuGroup && route.resource && registeredResource(route.resource),
);

/**
 * One screen per resource and kind of page: screens that narrow one resource by a scope show the same words
 * (their titles are checked with the menu), and each screen costs seconds of rendering.
 */
const WALKED_SCREENS = [
  ...new Map(MENU_SCREENS.map((route) => [`${route.resource}|${route.kind}`, route] as const)).values(),
];

/** A value of a field as the server would answer it, business data in Latin letters. */
function sampleValue(key: string, field: FieldDecl): unknown {
  switch (field.type) {
    case 'enum': {
      const first = ALL_DICTIONARIES[field.dictionary]?.at(-1)?.value ?? 'x';
      return field.multiple ? [first] : first;
    }
    case 'money':
    case 'weight':
    case 'number':
    case 'percent':
      return '12.50';
    case 'integer':
      return '3';
    case 'date':
      return '2026-11-20';
    case 'datetime':
      return '2026-11-20 10:00:00';
    case 'boolean':
      return true;
    case 'batch':
      return '65001251001';
    case 'text':
    case 'longText':
      return `Sample ${key}`;
    default:
      return '1';
  }
}

function sampleRecord(decl: ResourceDecl): Record<string, unknown> {
  const record: Record<string, unknown> = { id: '1' };
  for (const [key, field] of Object.entries(decl.fields)) {
    record[key] = sampleValue(key, field);
    record[`${key}Name`] = `Acme ${key}`;
  }
  if (decl.workflow) record[decl.workflow.field] = decl.workflow.initial;
  if (decl.lines) record[decl.lines.key] = [sampleRecord(decl.lines.declaration)];
  return record;
}

const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'success', data });

const declOf = (request: Request, verb: string) =>
  ALL_RESOURCES.find((d) => new URL(request.url).pathname === `/api/${d.area}/${d.resource}/${verb}`);

/** A history naming every step the document can take: its transitions, its commands, and saves. */
function sampleHistory(decl: ResourceDecl) {
  const actions = [
    'create',
    'update',
    ...(decl.workflow?.transitions ?? []).map((transition) => transition.action),
    ...Object.keys(decl.commands ?? {}),
  ];
  const states = Object.keys(decl.workflow?.states ?? {});
  return [...new Set(actions)].map((action, index) => ({
    id: String(index + 1),
    action,
    fromState: states[0] ?? null,
    toState: states[index % Math.max(states.length, 1)] ?? null,
    userName: 'Wang Jianguo',
    time: '2026-11-20 10:00:00',
    comment: index === 0 ? 'Checked with the client' : null,
  }));
}

/**
 * The answers of an administrator's session: every right, the stored dictionaries, one record a list,
 * that record's detail (in `state`, when given) and a history of every step.
 */
function adminServer(state?: string) {
  const codes = [
    ...new Set(
      ALL_RESOURCES.flatMap((decl) => [
        ...Object.values(decl.permissions),
        ...(decl.workflow?.transitions ?? []).map((transition) => transition.permission),
        ...Object.values(decl.commands ?? {}).map((command) => command.permission),
      ]),
    ),
  ];
  const form = async (request: Request) => new URLSearchParams(await request.text());
  server.use(
    http.post(`*${PATHS.userPrivileges}`, () => ok(codes)),
    http.post(`*${PATHS.dictionary}`, async ({ request }) =>
      ok(storedDictionary((await form(request)).get('code') ?? '')),
    ),
    http.post(`*${PATHS.partnerList}`, () =>
      ok([{ id: '1', name: 'Acme Cotton', kinds: ['client', 'supplier', 'warehouse'] }]),
    ),
    http.post('*/api/*/detail', ({ request }) => {
      const decl = declOf(request, 'detail');
      if (!decl) return ok(null);
      const record = sampleRecord(decl);
      if (state && decl.workflow) record[decl.workflow.field] = state;
      return ok(record);
    }),
    http.post('*/api/*/history', ({ request }) => {
      const decl = declOf(request, 'history');
      return ok(decl ? sampleHistory(decl) : []);
    }),
    http.post('*/api/*/list', ({ request }) => {
      const decl = ALL_RESOURCES.find(
        (d) => new URL(request.url).pathname === `/api/${d.area}/${d.resource}/list`,
      );
      const records = decl ? [sampleRecord(decl)] : [];
      return ok({ records, total: records.length, pages: 1, size: 15 });
    }),
    // The role editor's menu tree: titles and code names stored in Chinese, as the seed wrote them.
    http.post(`*${GRANT_TREE_PATH}`, () =>
      ok({
        nodes: [
          {
            id: '9',
            parentId: null,
            kind: 'group',
            code: 'pri',
            title: '系统设置',
            titleKey: 'menuGroup.pri',
            codes: [],
          },
          {
            id: '1',
            parentId: '9',
            kind: 'leaf',
            code: 'WarehouseList',
            title: '仓库管理',
            titleKey: 'warehouse:route.WarehouseList',
            codes: [{ code: 'view', name: '查看' }],
          },
        ],
        roleWide: [{ code: 'ownClients', name: '仅本人客户' }],
      }),
    ),
    http.post('*/api/*', () => ok(null)),
  );
}

/** Resolves once no mocked call has been in flight for a while (dictionaries, lookups, lists). */
async function settled() {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight += 1;
    last = Date.now();
  };
  const end = () => {
    inFlight -= 1;
    last = Date.now();
  };
  server.events.on('request:start', start);
  server.events.on('response:mocked', end);
  try {
    while (inFlight > 0 || Date.now() - last < 300 || document.querySelector('.ant-spin-spinning'))
      await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    server.events.removeListener('request:start', start);
    server.events.removeListener('response:mocked', end);
  }
}

/** An i18n key shown as such: `ns:key.path` or a key of the common and shell words. */
const RAW_KEY =
  /\b[a-z]+:[A-Za-z]+\.[A-Za-z.]+|\b(?:resource|field|fields|state|action|section|route|menuGroup|dictionary|dictionaryWord|validation|setting)\.[A-Za-z]+/g;

/** The Chinese or Japanese left in the page once the tenant's words are taken out, and keys never resolved. */
function untranslated(): string[] {
  let text = document.body.textContent ?? '';
  for (const word of TENANT_WORDS) text = text.split(word).join(' ');
  return [...new Set([...(text.match(CJK) ?? []), ...(text.match(RAW_KEY) ?? [])])];
}

function openScreen(route: BusinessRoute) {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const path = generatePath(route.path, Object.fromEntries(params.map((param) => [param, '1'])));
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <ConfigProvider locale={enUS} theme={{ token: { motion: false } }}>
        <AntApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route.path} element={<BusinessRoutePage route={route} />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </Provider>,
  );
}

beforeAll(() => {
  writeCookie('token', mockState.token);
});

test('the administrator’s menu offers business screens to walk', () => {
  expect(MENU_SCREENS.length).toBeGreaterThan(20);
});

test('every menu title and menu group reads in English', () => {
  const chinese = MENU_SCREENS.flatMap((route) => [routeTitleKey(route), `menuGroup.${route.menuGroup}`])
    .map((key) => [key, messageOf('en', key)] as const)
    .filter(([, word]) => !word || HAS_CJK.test(word));
  expect(chinese).toEqual([]);
});

test.each(WALKED_SCREENS.map((route) => [route.key, route] as const))(
  'the %s screen reads in English',
  async (_key, route) => {
    adminServer();
    openScreen(route);
    await settled();
    expect(untranslated()).toEqual([]);
    // Its create form, where it has one: labels, hints and the sections of the form.
    const create = screen.queryByRole('button', { name: 'New' });
    if (create) {
      fireEvent.click(create);
      await settled();
      expect(document.querySelector('.ant-drawer')).not.toBeNull();
      expect(untranslated()).toEqual([]);
      cleanup();
      openScreen(route);
      await settled();
    }
    // Each command the list offers (an import, a split): its drawer's form.
    const decl = registeredResource(route.resource!)!;
    await walkCommands(route, decl, 'resource');
    // A row's detail where the list opens it in a drawer: sections, state, lines and history.
    const view = screen.queryAllByRole('button', { name: 'View' })[0];
    if (view) {
      fireEvent.click(view);
      await settled();
      expect(document.querySelector('.ant-drawer')).not.toBeNull();
      expect(untranslated()).toEqual([]);
    }
    cleanup();
  },
  60_000,
);

/** The English words of a button: a command as its label reads, a transition by its action word. */
const englishOf = (label: Label) =>
  typeof label === 'string' ? (messageOf('en', label) ?? label) : tenantTerm(label.term, 'en');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const buttonNamed = (name: string) =>
  screen.queryAllByRole('button', { name: new RegExp(`^\\s*${escapeRegExp(name)}\\s*$`) })[0];

/** Opens every command drawer the screen shows one after another, each checked, then closed. */
async function walkCommands(route: BusinessRoute, decl: ResourceDecl, target: 'record' | 'resource') {
  for (const [name, command] of Object.entries(decl.commands ?? {})) {
    if ((command.target ?? 'record') !== target || command.ownScreen) continue;
    const button = buttonNamed(englishOf(commandLabel(decl, name)));
    if (!button) continue;
    fireEvent.click(button);
    await settled();
    expect(document.querySelector('.ant-drawer-open'), `${route.key} › ${name}`).not.toBeNull();
    expect(untranslated(), `${route.key} › ${name}`).toEqual([]);
    cleanup();
    openScreen(route);
    await settled();
  }
}

/** Detail routes, one per resource (each costs seconds): the records lists open one click deeper. */
const DETAIL_SCREENS = [
  ...new Map(
    BUSINESS_ROUTES.filter(
      (route) => route.kind === 'detail' && route.resource && registeredResource(route.resource),
    ).map((route) => [route.resource, route] as const),
  ).values(),
];

/** The states in which a document shows other buttons: the first, and where each command or step starts. */
function statesToWalk(decl: ResourceDecl): (string | undefined)[] {
  const workflow = decl.workflow;
  if (!workflow) return [undefined];
  return [
    ...new Set([
      workflow.initial,
      ...Object.values(decl.commands ?? {}).flatMap((command) => command.states?.slice(0, 1) ?? []),
      ...workflow.transitions.map((transition) => transition.from[0]!),
    ]),
  ];
}

test('the walk reaches the details, history and command drawers of the business screens', () => {
  expect(DETAIL_SCREENS.length).toBeGreaterThan(15);
});

test.each(DETAIL_SCREENS.map((route) => [route.key, route] as const))(
  'the %s detail, its history, command drawers and transition dialogs read in English',
  async (_key, route) => {
    const decl = registeredResource(route.resource!)!;
    for (const state of statesToWalk(decl)) {
      adminServer(state);
      openScreen(route);
      await settled();
      expect(untranslated(), `${route.key} in ${state}`).toEqual([]);
      await walkCommands(route, decl, 'record');
      const state_ = state ?? '';
      for (const transition of decl.workflow?.transitions ?? []) {
        if (!transition.from.includes(state_)) continue;
        const button = buttonNamed(englishOf(`action.${transition.action}`));
        if (!button) continue;
        fireEvent.click(button);
        await settled();
        expect(document.querySelector('.ant-modal'), `${route.key} › ${transition.action}`).not.toBeNull();
        expect(untranslated(), `${route.key} › ${transition.action}`).toEqual([]);
        cleanup();
        openScreen(route);
        await settled();
      }
      cleanup();
    }
  },
  120_000,
);
