import type { MenuGroup } from '../../shared/api/contract.ts';
import { allRoutes, routeByKey } from '../../shared/routes/catalogue.ts';
import { menuHasRoute } from '../menu/menuModel.ts';

export const CLOSE_ALL_LANDING_DELAY_MS = 1_000;

/** Routes flagged `landing` in the catalogue: where close-all goes after home, if the user's menu has one. */
const landingRouteKeys = () => allRoutes().flatMap((route) => (route.landing ? [route.key] : []));

/**
 * Close-all goes home first; one second later it moves on to the first landing route the menu offers
 * (spec 2.13). Returns a cancel function.
 */
export function scheduleLanding(
  menu: MenuGroup[],
  go: (path: string) => void,
  keys: readonly string[] = landingRouteKeys(),
): () => void {
  const key = keys.find((k) => menuHasRoute(menu, k));
  const path = key ? routeByKey(key)?.path : undefined;
  if (!path) return () => undefined;
  const timer = setTimeout(() => go(path), CLOSE_ALL_LANDING_DELAY_MS);
  return () => clearTimeout(timer);
}
