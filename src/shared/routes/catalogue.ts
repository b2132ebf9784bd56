// The one route catalogue: the router, the tab pool and the server's menu seed all read it.
// Titles are i18n keys `route.<key>` in locales/*.json (the server reads zh-chs for menu titles).

import type { Area } from '../../framework/resource/types.ts';
import { BUSINESS_AREAS, BUSINESS_ROUTES } from './businessRoutes.ts';

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
export type MenuGroupKey = 'workbench' | Area;
export const MENU_GROUPS: readonly MenuGroupKey[] = ['workbench', ...BUSINESS_AREAS];

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
  bare('largeDataScreen', '/largeDataScreen'),
  bare('pendingNotification', '/pending/notification'),
  shell('index', '/index', { menuGroup: 'workbench' }),
  shell('download', '/index/download', { menuGroup: 'workbench' }),
  shell('log', '/index/log', { menuGroup: 'workbench' }),
  shell('news', '/index/news', { menuGroup: 'workbench' }),
  shell('passwordEdit', '/index/passwordEdit', { menuGroup: 'workbench' }),
  shell('refresh', '/refresh', { hidden: true, cache: false, tab: false }),
  shell('redirect', '/redirect/*', { hidden: true, cache: false, tab: false }),
];

export const ROUTES: readonly RouteRecord[] = [...SHELL_ROUTES, ...BUSINESS_ROUTES];

export const HOME_ROUTE_KEY = 'index';
export const routeByKey = new Map(ROUTES.map((r) => [r.key, r]));
