import { createHashRouter } from 'react-router-dom';
import type { AppStore } from './store.ts';

/** What a matched route tells the frame: its key (title `route.<key>`, tab name). */
export interface RouteHandle {
  key: string;
}

export type AppRouter = ReturnType<typeof createHashRouter>;

/** The hash router over the route tree, which (with the catalogue and page registry) loads apart from the first bundle. */
export async function createAppRouter(store: AppStore): Promise<AppRouter> {
  const { appRoutes } = await import(/* webpackChunkName: "routes" */ './routeTree.tsx');
  return createHashRouter(appRoutes(store));
}
