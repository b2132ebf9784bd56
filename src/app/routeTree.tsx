// The route tree, built from the catalogue: its own chunk, loaded next to the first bundle. The areas'
// route catalogue is handed to the shell and the framework here, before any of them reads a route.
import i18next from 'i18next';
import { type RouteObject, redirect } from 'react-router-dom';
import { AREAS, BUSINESS_ROUTES } from '../areas/index.ts';
import { allRoutes, installBusinessRoutes, type RouteRecord } from '../shared/routes/catalogue.ts';
import { restoreUserTabs } from '../shell/session/startSession.ts';
import { loadPage, pageComponent } from './pageRegistry.ts';
import { RootFrame } from './RootFrame.tsx';
import { PageError, RouteError } from './RouteError.tsx';
import type { RouteHandle } from './router.tsx';
import { type AppStore, hasSession, loadShellSlices } from './store.ts';

const Nothing = () => null;

/** Shown while the first route's chunk loads; the first bundle's boot screen covers that moment. */
const BootFallback = () => <div aria-busy="true" style={{ minHeight: '100vh' }} />;

const routeError = <RouteError />;

/**
 * A page route: waits for its chunk and its area's words, its title among them (so the progress bar covers
 * it); cached pages are drawn by the keep-alive.
 */
function pageRoute(record: RouteRecord & { namespace?: string }): RouteObject {
  return {
    path: record.path,
    handle: { key: record.key } satisfies RouteHandle,
    errorElement: routeError,
    lazy: async () => {
      try {
        const [page] = await Promise.all([
          loadPage(record.key),
          record.namespace ? i18next.loadNamespaces(record.namespace) : undefined,
        ]);
        return { Component: record.layout === 'shell' && record.cache ? Nothing : page.default };
      } catch (error) {
        return { element: <PageError error={error} /> };
      }
    },
  };
}

/** Every shell route needs a session (the second reading of spec 2.13); bare routes do not. */
const requireSession =
  (store: AppStore) =>
  ({ request }: { request: Request }) => {
    if (hasSession(store.getState())) return null;
    const { pathname, search } = new URL(request.url);
    return redirect(`/login?redirect=${encodeURIComponent(pathname + search)}`);
  };

export function appRoutes(store: AppStore): RouteObject[] {
  installBusinessRoutes(BUSINESS_ROUTES);
  const routes = allRoutes();
  return [
    {
      Component: RootFrame,
      HydrateFallback: BootFallback,
      errorElement: routeError,
      children: [
        { path: '/', loader: () => redirect('/login') },
        ...routes.filter((r) => r.layout === 'bare').map(pageRoute),
        {
          id: 'shell',
          loader: requireSession(store),
          lazy: async () => {
            const [{ ShellLayout }] = await Promise.all([
              import(/* webpackChunkName: "shell" */ '../shell/layout/ShellLayout.tsx'),
              loadShellSlices(store),
              // The menus, the tabs and the download centre name every area's screens in its words.
              i18next.loadNamespaces(AREAS.map((area) => area.key)),
            ]);
            const user = store.getState().session.user;
            if (user) restoreUserTabs(store.dispatch, user.id);
            return { element: <ShellLayout pageOf={pageComponent} /> };
          },
          children: routes.filter((r) => r.layout === 'shell').map(pageRoute),
        },
        {
          path: '*',
          handle: { key: 'notFound' } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('../shell/pages/NotFoundPage.tsx')).default }),
        },
      ],
    },
  ];
}
