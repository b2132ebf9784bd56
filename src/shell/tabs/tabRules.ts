/** An opened page (spec 3); the route's meta (cache flag, key, title) comes from the catalogue by name. */
export interface OpenedTab {
  /** Route key. */
  name: string;
  /** Path plus query: the tab's identity. */
  fullPath: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Bumped to throw away the page's kept state (refresh, cache cleared). */
  generation: number;
}

export const TAB_ACTIONS = ['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'] as const;
export type TabAction = (typeof TAB_ACTIONS)[number];
export const isTabAction = (value: string): value is TabAction => TAB_ACTIONS.includes(value as TabAction);

/** What a tab change leaves: the tabs, and where to go when the page in view was closed. */
export interface TabChange {
  opened: OpenedTab[];
  navigateTo?: string;
}

/**
 * The home route (catalogue key index, path /index), spelled out so the first bundle need not carry the
 * catalogue; tabRules.test.ts checks both against it.
 */
export const HOME_KEY = 'index';
export const HOME_PATH = '/index';
export const isHome = (tab: Pick<OpenedTab, 'name'>) => tab.name === HOME_KEY;
export const homeTab = (): OpenedTab => ({
  name: HOME_KEY,
  fullPath: HOME_PATH,
  params: {},
  query: {},
  generation: 0,
});

/** Opening an open path updates its params, query and path; anything else is added at the end. */
export function openTab(opened: OpenedTab[], tab: Omit<OpenedTab, 'generation'>): OpenedTab[] {
  const index = opened.findIndex((t) => t.fullPath === tab.fullPath);
  if (index < 0) return [...opened, { ...tab, generation: 0 }];
  return opened.map((t, i) =>
    i === index ? { ...t, params: tab.params, query: tab.query, fullPath: tab.fullPath } : t,
  );
}

/** Closes one tab; closing the one in view moves to its next neighbour, else the previous one. */
export function closeTab(opened: OpenedTab[], fullPath: string, current: string): TabChange {
  const index = opened.findIndex((t) => t.fullPath === fullPath);
  const target = opened[index];
  if (!target || isHome(target)) return { opened };
  const rest = opened.filter((_, i) => i !== index);
  if (fullPath !== current) return { opened: rest };
  const neighbour = opened[index + 1] ?? opened[index - 1];
  return { opened: rest, navigateTo: neighbour?.fullPath ?? HOME_PATH };
}

function keepWhere(
  opened: OpenedTab[],
  current: string,
  pivot: string,
  keep: (index: number) => boolean,
): TabChange {
  const kept = opened.filter((tab, index) => isHome(tab) || keep(index));
  const currentKept = kept.some((t) => t.fullPath === current);
  return currentKept ? { opened: kept } : { opened: kept, navigateTo: pivot };
}

/** Runs a context-menu action on `pivot` (the tab the menu was opened on). Home is never closed. */
export function applyTabAction(
  action: TabAction,
  opened: OpenedTab[],
  pivot: string,
  current: string,
): TabChange {
  const at = Math.max(
    0,
    opened.findIndex((t) => t.fullPath === pivot),
  );
  switch (action) {
    case 'refresh':
      return {
        opened: opened.map((t) => (t.fullPath === pivot ? { ...t, generation: t.generation + 1 } : t)),
      };
    case 'closeLeft':
      return keepWhere(opened, current, pivot, (i) => i >= at);
    case 'closeRight':
      return keepWhere(opened, current, pivot, (i) => i <= at);
    case 'closeOthers':
      return keepWhere(opened, current, pivot, (i) => i === at);
    case 'closeAll':
      return { opened: opened.filter(isHome), navigateTo: HOME_PATH };
  }
}

/** Drag and drop: moves a tab before or after another; home stays first. */
export function moveTab(opened: OpenedTab[], from: string, to: string): OpenedTab[] {
  const fromIndex = opened.findIndex((t) => t.fullPath === from);
  const toIndex = opened.findIndex((t) => t.fullPath === to);
  const moving = opened[fromIndex];
  const target = opened[toIndex];
  if (!moving || !target || isHome(moving) || isHome(target)) return opened;
  const next = opened.filter((_, i) => i !== fromIndex);
  next.splice(toIndex, 0, moving);
  return next;
}
