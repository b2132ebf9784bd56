import type { MenuGroup, MenuItem } from '../../../src/shared/api/contract.ts';
import { type RouteRecord, routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { routeTitleKey } from '../../../src/shared/routes/routeRecords.ts';
import { type Grant, permissionsOn } from '../access/permissions.ts';
import type { Queryable } from '../db/index.ts';
import { loadTranslator, type Translate } from '../i18n.ts';
import { isServed } from '../resources/served.ts';

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
    `select id::text, parent_id::text as "parentId", kind, code, title, hidden from modules order by sort, modules.id`,
  );
}

let seededWords: Translate | undefined;

/** The key of a node's title while it is the seeded one (the words syncModuleTree stored), else nothing. */
export function seededTitleKey(key: string, code: string, title: string): { titleKey?: string } {
  seededWords ??= loadTranslator();
  return seededWords(key, code) === title ? { titleKey: key } : {};
}

/**
 * The stored menu tree cut down to what the user may view: its groups, titles, order and hidden flags
 * override the catalogue's; a leaf shows when its code is a catalogue route that is offered. Leaf ids are
 * route keys.
 */
export function buildMenus(grants: Grant[], tree: ModuleNode[]): Menus {
  const itemsUnder = (parentId: string): MenuItem[] =>
    tree
      .filter((node) => node.parentId === parentId && !node.hidden)
      .flatMap((node): MenuItem[] => {
        if (node.kind === 'group') {
          // A side-menu group of a business area, shown while the user may open one of its screens.
          const children = itemsUnder(node.id);
          if (children.length === 0) return [];
          const area = node.code.replace(/^[^_]*_/, '');
          return [
            {
              id: node.code,
              title: node.title,
              ...seededTitleKey(`menuArea.${area}`, area, node.title),
              path: '',
              children,
            },
          ];
        }
        const route = routeByKey(node.code);
        if (!route || !isOffered(route) || !permissionsOn(grants, route.key).includes('view')) return [];
        return [
          {
            id: route.key,
            title: node.title,
            ...seededTitleKey(routeTitleKey(route), route.key, node.title),
            path: route.path,
          },
        ];
      });
  const groups = tree
    .filter((node) => node.kind === 'group' && node.parentId === null && !node.hidden)
    .map((group) => ({
      id: group.code,
      title: group.title,
      ...seededTitleKey(`menuGroup.${group.code}`, group.code, group.title),
      menu: itemsUnder(group.id),
    }))
    .filter((g) => g.menu.length > 0);
  const firstPath = (items: MenuItem[]): string =>
    items
      .map((item) => (item.children?.length ? firstPath(item.children) : (item.path ?? '')))
      .find(Boolean) ?? '';
  const menuTop = groups.map((g) => ({
    id: g.id,
    title: g.title,
    ...(g.titleKey ? { titleKey: g.titleKey } : {}),
    path: firstPath(g.menu),
  }));
  return { menu: groups, menuTop };
}
