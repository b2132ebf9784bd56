import { routeByKey } from '../../shared/routes/catalogue.ts';
import { homeTab, isHome, type OpenedTab } from './tabRules.ts';

/** Saved tabs without the ones whose route is no longer known; home always there and first. */
export function restoreTabs(saved: unknown): OpenedTab[] {
  const valid = (Array.isArray(saved) ? saved : []).filter(
    (tab): tab is OpenedTab =>
      typeof tab === 'object' &&
      tab !== null &&
      typeof tab.fullPath === 'string' &&
      routeByKey(tab.name)?.layout === 'shell' &&
      routeByKey(tab.name)?.tab !== false &&
      !isHome(tab),
  );
  return [
    homeTab(),
    ...valid.map((tab) => ({ ...tab, params: tab.params ?? {}, query: tab.query ?? {}, generation: 0 })),
  ];
}
