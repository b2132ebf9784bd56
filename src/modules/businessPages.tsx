// The chunk every business route loads: it registers the declarations of the built areas and renders
// the route's shared screen (or the honest "not available" screen while its area is not built).
import type { ComponentType } from 'react';
import { BusinessRoutePage } from '../resource/BusinessRoutePage.tsx';
import { registerResources } from '../shared/resource/index.ts';
import { businessRouteByKey } from '../shared/routes/businessRoutes.ts';
import { SYSTEM_RESOURCES } from './system/index.ts';

registerResources(SYSTEM_RESOURCES);

const pages = new Map<string, ComponentType>();

/** The page component of a business route key, the same one every time (kept-alive tabs rely on it). */
export function businessPage(key: string): ComponentType {
  let page = pages.get(key);
  if (!page) {
    const route = businessRouteByKey.get(key);
    if (!route) throw new Error(`Cannot find module for route '${key}'`);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route key and cached, so a kept-alive tab keeps the same component type
    const Page = () => <BusinessRoutePage route={route} />;
    Page.displayName = `BusinessPage(${key})`;
    page = Page;
    pages.set(key, page);
  }
  return page;
}
