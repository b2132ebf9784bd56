import { matchPath } from 'react-router-dom';
import type { MenuGroup, MenuItem } from '../../shared/api/contract.ts';
import { allRoutes, type RouteRecord } from '../../shared/routes/catalogue.ts';

/** A menu leaf with the titles of its ancestors (spec 3: search pool entry). */
export interface SearchEntry extends MenuItem {
  fullTitle: string;
  /** The top group the leaf lives in. */
  groupId: string;
}

export const isExternal = (path: string | undefined) => /^https?:\/\//i.test(path ?? '');
/** An item that cannot be opened: no path or no name (spec 2.1: 临时菜单). */
export const isEmptyItem = (item: Pick<MenuItem, 'title' | 'path'>) =>
  !item.path?.trim() || !item.title?.trim();

function leavesOf(items: MenuItem[], ancestors: string[], groupId: string): SearchEntry[] {
  return items
    .filter((item) => !item.hidden)
    .flatMap((item) =>
      item.children?.length
        ? leavesOf(item.children, [...ancestors, item.title], groupId)
        : [{ ...item, groupId, fullTitle: [...ancestors, item.title].join(' / ') }],
    );
}

/** Every visible leaf, titled by its group and ancestors joined with ' / '. */
export const searchPool = (menu: MenuGroup[]): SearchEntry[] =>
  menu.flatMap((group) => leavesOf(group.menu, [group.title], group.id)).filter((leaf) => !isEmptyItem(leaf));

/** The catalogue route a path belongs to (hash path, without the query). */
export function routeOfPath(pathname: string): RouteRecord | undefined {
  return allRoutes().find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** The header group to activate for a path: the group holding the leaf of the path's route. */
export function groupOfPath(menu: MenuGroup[], pathname: string): string | undefined {
  const route = routeOfPath(pathname);
  if (!route) return undefined;
  const pool = searchPool(menu);
  const leaf = pool.find((entry) => entry.path === pathname) ?? pool.find((entry) => entry.id === route.key);
  return leaf?.groupId;
}

/** The menu leaf whose id is the route key (a tab's model, spec 3). */
export const leafOfRoute = (menu: MenuGroup[], key: string): SearchEntry | undefined =>
  searchPool(menu).find((entry) => entry.id === key);

/** Whether the menu offers a route id at all (close-all's follow-up jump, spec 2.13). */
export const menuHasRoute = (menu: MenuGroup[], key: string) =>
  searchPool(menu).some((entry) => entry.id === key);
