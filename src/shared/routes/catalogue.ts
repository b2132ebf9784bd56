// The one route catalogue: the shell's own routes, and the business routes the composition root hands over
// at start (installBusinessRoutes: the areas' routes and the planned ones, composed in businessRoutes.ts).
// The router, the tab pool, the framework's screens and the server's menu seed and access checks read it.
// Titles are i18n keys (routeTitleKey): a built route's in its area's namespace, the others' in the shell's
// (the server reads zh-chs for menu titles).

import type { UrlPrefix } from '../../framework/resource/types.ts';
import { type BusinessRoute, URL_PREFIXES } from './businessRoutes.ts';

export type RouteLayout = 'shell' | 'bare';

export interface RouteRecord {
  /** Route meta key; a menu leaf's id is this key. */
  key: string;
  /** react-router path pattern, hash based (e.g. /pur/SpotContractDetails/:id/:name). */
  path: string;
  layout: RouteLayout;
  /** Needs a session: every shell route; bare routes do not (their data calls still do). */
  auth: boolean;
  /** Kept alive while its tab is hidden (spec 2.3: all but the "no cache" ones). */
  cache: boolean;
  /** A helper or detail route that never appears as a menu leaf. */
  hidden?: boolean;
  /** Menu group the server seeds it under (a header item); absent for routes not in menus. */
  menuGroup?: MenuGroupKey;
  /**
   * Within a long menu group, the side-menu group of its business area the server seeds it under
   * (`<menu group>_<area>`, titled `menuArea.<area>`); absent in a short group.
   */
  menuSubgroup?: string;
  /** false for navigation helpers (refresh, redirect) that never open a tab. */
  tab?: boolean;
  /** Where "close all" moves on to, one second after home, when the user's menu offers it (spec 2.13). */
  landing?: boolean;
}

/** Header (top) menu groups, in order: the workbench, then the business areas. Titles: `menuGroup.<key>`. */
export type MenuGroupKey = 'workbench' | UrlPrefix;
export const MENU_GROUPS: readonly MenuGroupKey[] = ['workbench', ...URL_PREFIXES];

const shell = (key: string, path: string, extra: Partial<RouteRecord> = {}): RouteRecord => ({
  key,
  path,
  layout: 'shell',
  auth: true,
  cache: true,
  ...extra,
});
const bare = (key: string, path: string, extra: Partial<RouteRecord> = {}): RouteRecord => ({
  key,
  path,
  layout: 'bare',
  auth: false,
  cache: false,
  hidden: true,
  ...extra,
});

const SHELL_ROUTES: readonly RouteRecord[] = [
  bare('login', '/login'),
  bare('pendingNotification', '/pending/notification'),
  shell('index', '/index', { menuGroup: 'workbench' }),
  shell('download', '/index/download', { menuGroup: 'workbench' }),
  shell('log', '/index/log', { menuGroup: 'workbench' }),
  shell('news', '/index/news', { menuGroup: 'workbench' }),
  shell('passwordEdit', '/index/passwordEdit', { menuGroup: 'workbench' }),
  shell('refresh', '/refresh', { hidden: true, cache: false, tab: false }),
  shell('redirect', '/redirect/*', { hidden: true, cache: false, tab: false }),
];

export const HOME_ROUTE_KEY = 'index';

interface Installed {
  business: readonly BusinessRoute[];
  all: readonly RouteRecord[];
  byKey: ReadonlyMap<string, RouteRecord>;
  businessByKey: ReadonlyMap<string, BusinessRoute>;
}

let installed: Installed | undefined;

/** Hands over the composed business routes; the composition root does it before anything reads a route. */
export function installBusinessRoutes(business: readonly BusinessRoute[]): void {
  const all = [...SHELL_ROUTES, ...business];
  installed = {
    business,
    all,
    byKey: new Map(all.map((route) => [route.key, route])),
    businessByKey: new Map(business.map((route) => [route.key, route])),
  };
}

function catalogue(): Installed {
  if (!installed) throw new Error('The business routes are not installed: compose the areas first');
  return installed;
}

/** Every route: the shell's, then the business routes. */
export const allRoutes = (): readonly RouteRecord[] => catalogue().all;

export const businessRoutes = (): readonly BusinessRoute[] => catalogue().business;

export const routeByKey = (key: string): RouteRecord | undefined => catalogue().byKey.get(key);

/** The business route of a key (a shell route is none). */
export const businessRoute = (key: string): BusinessRoute | undefined => catalogue().businessByKey.get(key);
