import type { MenuGroup, MenuItem } from '../../../src/shared/api/contract.ts';
import { MENU_GROUPS, ROUTES, type RouteRecord } from '../../../src/shared/routes/catalogue.ts';
import type { Translate } from '../../i18n.ts';
import { isServed } from '../resource/served.ts';
import { type Grant, permissionsOn } from '../system/permissions.ts';

/** A route whose page is built on both sides: shell pages, and business pages whose resource is served. */
const isOffered = (route: RouteRecord & { resource?: string }) => !route.resource || isServed(route.resource);

export interface Menus {
  menu: MenuGroup[];
  menuTop: MenuItem[];
}

/** Menu groups of the catalogue holding the routes the user may view; leaf ids are route keys. */
export function buildMenus(grants: Grant[], t: Translate): Menus {
  const groups = MENU_GROUPS.map((group) => {
    const leaves: MenuItem[] = ROUTES.filter(
      (r) =>
        r.menuGroup === group && !r.hidden && isOffered(r) && permissionsOn(grants, r.key).includes('view'),
    ).map((r) => ({ id: r.key, title: t(`route.${r.key}`, r.key), path: r.path }));
    return { id: group, title: t(`menuGroup.${group}`, group), menu: leaves };
  }).filter((g) => g.menu.length > 0);
  const menuTop = groups.map((g) => ({ id: g.id, title: g.title, path: g.menu[0]?.path ?? '' }));
  return { menu: groups, menuTop };
}
