import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { AREAS, BUSINESS_ROUTES } from '../areas/index.ts';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/constants.ts';
import { areaPart } from './areaPart.tsx';
import { remembered } from './remembered.ts';

export interface PageModule {
  default: ComponentType;
}
export type PageLoader = () => Promise<PageModule>;

const businessPage =
  (key: string): PageLoader =>
  () =>
    import(/* webpackChunkName: "business" */ './businessPages.tsx').then((m) => m.loadBusinessPage(key));

/** A shell page given what the areas add to it, the same component every time. */
const withProps =
  <P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props: P): PageLoader =>
  () =>
    load().then(({ default: Page }) => ({ default: () => createElement(Page, props) }));

/** What the areas show on the home page, each loaded with its area's chunk. */
const homeParts = AREAS.flatMap((area) => (area.home ? [areaPart(area.home)] : []));

/** Route key → its lazily loaded page. A catalogue route without an entry here cannot be opened. */
export const PAGE_MODULES: Readonly<Record<string, PageLoader>> = {
  ...Object.fromEntries(BUSINESS_ROUTES.map((r) => [r.key, businessPage(r.key)])),
  ...Object.assign({}, ...AREAS.map((area) => area.pages ?? {})),
  login: () => import(/* webpackChunkName: "login" */ '../shell/pages/LoginPage.tsx'),
  index: withProps(() => import('../shell/pages/HomePage.tsx'), { parts: homeParts }),
  download: withProps(() => import('../shell/pages/DownloadPage.tsx'), {
    templates: AREAS.flatMap((area) => area.downloads ?? []),
  }),
  news: () => import('../shell/pages/NewsPage.tsx'),
  passwordEdit: () => import('../shell/pages/PasswordEditPage.tsx'),
  refresh: () => import('../shell/pages/RefreshPage.tsx'),
  redirect: () => import('../shell/pages/RedirectPage.tsx'),
  log: () => import('../shell/log/LogPage.tsx'),
  pendingNotification: () => import('../shell/messages/NotificationPage.tsx'),
};

export class ModuleNotFoundError extends Error {
  override name = 'ModuleNotFoundError';
  constructor(readonly routeKey: string) {
    super(`Cannot find module for route '${routeKey}'`);
  }
}

export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadTimeoutError';
  constructor(readonly routeKey: string) {
    super(`Loading the page of route '${routeKey}' timed out`);
  }
}

function withTimeout<T>(loading: Promise<T>, key: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(key)), timeoutMs);
    loading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

const loaded = new Map<string, Promise<PageModule>>();

/**
 * Loads a route's page: module-not-found for an unknown key, an error when the chunk has not arrived
 * after 120 s (spec 8). A failed load is forgotten so the next attempt tries again.
 */
export function loadPage(
  key: string,
  modules: Readonly<Record<string, PageLoader>> = PAGE_MODULES,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<PageModule> {
  return remembered(loaded, key, () => {
    const loader = modules[key];
    return loader ? withTimeout(loader(), key, timeoutMs) : Promise.reject(new ModuleNotFoundError(key));
  });
}

const components = new Map<string, LazyExoticComponent<ComponentType>>();

/** The same lazy component for a key every time, so kept-alive pages are not remounted. */
export function pageComponent(key: string): LazyExoticComponent<ComponentType> {
  let component = components.get(key);
  if (!component) {
    component = lazy(() => loadPage(key));
    components.set(key, component);
  }
  return component;
}
