// The business routes of spec 2.2 (bare pages) and 2.4–2.12 as one catalogue, composed where the areas are
// composed (src/areas/index.ts, server/areas/index.ts) from each area's routes and the routes no area builds
// yet, and handed to what reads it (catalogue.ts): the router, the tab pool, the framework's screens and the
// server's menu seed and access checks. A route's title is `<area>:route.<key>` (routeTitleKey).

import type { BusinessRoute } from './routeRecords.ts';

export * from './routeRecords.ts';

/** A header group's side menu is grouped by business area past this many screens (a 40-item flat list is lost). */
export const MENU_SUBGROUP_FROM = 13;

/**
 * Each built route of the areas, named as theirs (its title is in their namespace), with, in a long menu
 * group, the side-menu group of its area.
 */
function withSubgroups(areas: readonly AreaRoutes[]): BusinessRoute[] {
  const routes = areas.flatMap(({ key, routes }) =>
    routes.map((route) => ({ route: { ...route, namespace: key }, area: key })),
  );
  const groups = new Map<string, { count: number; areas: Set<string> }>();
  for (const { route, area } of routes) {
    if (!route.menuGroup || route.hidden) continue;
    const group = groups.get(route.menuGroup) ?? { count: 0, areas: new Set<string>() };
    group.count += 1;
    group.areas.add(area);
    groups.set(route.menuGroup, group);
  }
  return routes.map(({ route, area }) => {
    const group = route.menuGroup && !route.hidden ? groups.get(route.menuGroup) : undefined;
    return group && group.count >= MENU_SUBGROUP_FROM && group.areas.size > 1
      ? { ...route, menuSubgroup: `${route.menuGroup}_${area}` }
      : route;
  });
}

/** An area's built routes, as its manifest (or its declarations) name them. */
export interface AreaRoutes {
  key: string;
  routes: readonly BusinessRoute[];
}

/**
 * The catalogue of the areas, in their order, and the spec's routes no area builds (`planned`): the bare
 * pages first, then the built routes, then the planned shell routes; a built route takes the place of a
 * planned one of the same key.
 */
export function composeRoutes(
  areas: readonly AreaRoutes[],
  planned: readonly BusinessRoute[],
): readonly BusinessRoute[] {
  const built = withSubgroups(areas);
  const keys = new Set(built.map((route) => route.key));
  const unbuilt = (layout: BusinessRoute['layout']) =>
    planned.filter((route) => route.layout === layout && !keys.has(route.key));
  return [...unbuilt('bare'), ...built, ...unbuilt('shell')];
}

/** The parameters a detail path may carry (spec 2.13). */
export const ROUTE_PARAMS = ['id', 'flag', 'sp', 'name', 'resourceId', 'type'] as const;
