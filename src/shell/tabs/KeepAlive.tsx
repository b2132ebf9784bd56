import { Spin } from 'antd';
import { Activity, type ComponentType, Suspense, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { UNSAFE_RouteContext as RouteContext, useRoutes } from 'react-router-dom';
import { routeByKey } from '../../shared/routes/catalogue.ts';
import type { OpenedTab } from './tabRules.ts';
import { selectOpenedTabs } from './tabsSlice.ts';

/** Resolves a route key to its (lazy) page component; given by the app, which owns the page registry. */
export type PageOf = (routeKey: string) => ComponentType;

const isCached = (tab: OpenedTab) => routeByKey(tab.name)?.cache === true;

/** One cached page, matched against its own tab's location so its params and query stay its own. */
function TabPage({ tab, pageOf }: { tab: OpenedTab; pageOf: PageOf }) {
  const Page = pageOf(tab.name);
  const path = routeByKey(tab.name)!.path;
  const element = (
    <Suspense fallback={<Spin />}>
      <Page />
    </Suspense>
  );
  return useRoutes([{ path, element }], tab.fullPath);
}

/**
 * A kept-alive page is a top-level route of the catalogue matched against its tab's own location, not a
 * child of the route in view: it is matched from the root, outside the shell route's match.
 */
const ROOT_MATCH = { outlet: null, matches: [], isDataRoute: false };
function RootMatched({ tab, pageOf }: { tab: OpenedTab; pageOf: PageOf }) {
  return (
    <RouteContext.Provider value={ROOT_MATCH}>
      <TabPage tab={tab} pageOf={pageOf} />
    </RouteContext.Provider>
  );
}

/** Pages of tabs visited this session, so restored tabs load only when first shown. */
function useVisited(current: string, opened: OpenedTab[]) {
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([current]));
  useEffect(() => {
    setVisited((before) => {
      const open = new Set(opened.map((tab) => tab.fullPath));
      const next = new Set([...before].filter((path) => open.has(path)));
      next.add(current);
      return next;
    });
  }, [current, opened]);
  return visited;
}

/**
 * Pages with the cache flag keep their state while their tab is hidden (React Activity); a page is
 * dropped when its tab closes and drawn anew when its generation changes (refresh, size change).
 */
export function KeepAlive({ current, pageOf }: { current: string; pageOf: PageOf }) {
  const opened = useSelector(selectOpenedTabs);
  const visited = useVisited(current, opened);
  return opened
    .filter((tab) => isCached(tab) && visited.has(tab.fullPath))
    .map((tab) => (
      <Activity
        key={`${tab.fullPath}#${tab.generation}`}
        mode={tab.fullPath === current ? 'visible' : 'hidden'}
      >
        <RootMatched tab={tab} pageOf={pageOf} />
      </Activity>
    ));
}
