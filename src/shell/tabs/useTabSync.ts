import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { matchPath, useLocation } from 'react-router-dom';
import { routeOfPath } from '../menu/menuModel.ts';
import { tabOpened } from './tabsSlice.ts';

/** A path parameter as written (the address holds a record's name percent-encoded). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** After each navigation the page is opened as a tab (spec 2.13); helpers and bare pages get none. */
export function useTabSync() {
  const dispatch = useDispatch();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const route = routeOfPath(pathname);
    if (route?.layout !== 'shell' || route.tab === false) return;
    const params = matchPath({ path: route.path, end: true }, pathname)?.params ?? {};
    dispatch(
      tabOpened({
        name: route.key,
        fullPath: pathname + search,
        params: Object.fromEntries(
          Object.entries(params)
            .filter((e): e is [string, string] => e[1] !== undefined)
            .map(([key, value]) => [key, decoded(value)]),
        ),
        query: Object.fromEntries(new URLSearchParams(search)),
      }),
    );
  }, [pathname, search, dispatch]);
}
