import type { MenuGroup, MenuItem } from '../../../src/shared/api/contract.ts';
import { type RouteRecord, routeByKey } from '../../../src/shared/routes/catalogue.ts';
import type { Queryable } from '../../db/index.ts';
import { isServed } from '../resource/served.ts';
import { type Grant, permissionsOn } from '../system/permissions.ts';

/** A route whose page is built on both sides: shell pages, and business pages whose resource is served. */
const isOffered = (route: RouteRecord & { resource?: string }) => !route.resource || isServed(route.resource);

export interface Menus {
  menu: MenuGroup[];
  menuTop: MenuItem[];
}

/** A node of the stored menu tree (module/list): a group or a leaf naming a catalogue route. */
export interface ModuleNode {
  id: string;
  parentId: string | null;
  kind: string;
  code: string;
  title: string;
  hidden: boolean;
}

export function loadModuleTree(db: Queryable): Promise<ModuleNode[]> {
  return db.query<ModuleNode>(
    `select id::text, parent_id::text as "parentId", kind, code, title, hidden from modules order by sort, id`,
  );
}

/**
 * The stored menu tree cut down to what the user may view: its groups, titles, order and hidden flags
 * override the catalogue's; a leaf shows when its code is a catalogue route that is offered. Leaf ids are
 * route keys.
 */
export function buildMenus(grants: Grant[], tree: ModuleNode[]): Menus {
  const groups = tree
    .filter((node) => node.kind === 'group' && node.parentId === null && !node.hidden)
    .map((group) => {
      const leaves: MenuItem[] = tree
        .filter((node) => node.parentId === group.id && node.kind === 'leaf' && !node.hidden)
        .flatMap((node) => {
          const route = routeByKey.get(node.code);
          if (!route || !isOffered(route) || !permissionsOn(grants, route.key).includes('view')) return [];
          return [{ id: route.key, title: node.title, path: route.path }];
        });
      return { id: group.code, title: group.title, menu: leaves };
    })
    .filter((g) => g.menu.length > 0);
  const menuTop = groups.map((g) => ({ id: g.id, title: g.title, path: g.menu[0]?.path ?? '' }));
  return { menu: groups, menuTop };
}
