// The chunk every business route loads: the shared screens and what areas add to them. It holds no area's
// declarations: the route's area loads with its page (./areas.ts), and an area's screen components load
// under the area's chunk name when first shown (its manifest's parts), so one area's screen never downloads
// another's.

import type { ComponentType } from 'react';
import { AREAS } from '../areas/index.ts';
import type { AreaManifest } from '../framework/resource/area.ts';
import { BusinessRoutePage } from '../framework/screens/BusinessRoutePage.tsx';
import { extendResourceScreens } from '../framework/screens/extensions.ts';
import { businessRoute } from '../shared/routes/catalogue.ts';
import { areaPart } from './areaPart.tsx';
import { loadRouteDeclarations } from './areas.ts';

/** Several parts shown as one, in order. */
function inOrder(parts: ComponentType<object>[]): ComponentType<object> {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per slot at module load, so its type is stable
  const Parts = (props: object) => parts.map((Part, index) => <Part key={String(index)} {...props} />);
  return Parts;
}

/**
 * What the areas add to each resource's screens, from their manifests in the areas' order: several parts of
 * one slot (a contract's detail shows its fixings, its client's credit and its allocations, from three
 * areas) render in that order, each loaded with its area's chunk.
 */
function extendScreens(areas: readonly AreaManifest[]) {
  const slots = new Map<string, Map<string, (() => Promise<ComponentType<object>>)[]>>();
  for (const area of areas)
    for (const [resource, parts] of Object.entries(area.parts ?? {}))
      for (const [slot, load] of Object.entries(parts)) {
        const byResource = slots.get(resource) ?? new Map();
        byResource.set(slot, [...(byResource.get(slot) ?? []), load]);
        slots.set(resource, byResource);
      }
  for (const [resource, bySlot] of slots)
    extendResourceScreens(
      resource,
      Object.fromEntries(
        [...bySlot].map(([slot, loads]) => {
          // Each part's own props pass through unchanged.
          const parts = loads.map((load) => areaPart(load));
          return [slot, parts.length === 1 ? parts[0] : inOrder(parts)];
        }),
      ),
    );
}

extendScreens(AREAS);

const pages = new Map<string, ComponentType>();

/** The page component of a business route key, the same one every time (kept-alive tabs rely on it). */
export function businessPage(key: string): ComponentType {
  let page = pages.get(key);
  if (!page) {
    const route = businessRoute(key);
    if (!route) throw new Error(`Cannot find module for route '${key}'`);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route key and cached, so a kept-alive tab keeps the same component type
    const Page = () => <BusinessRoutePage route={route} />;
    Page.displayName = `BusinessPage(${key})`;
    page = Page;
    pages.set(key, page);
  }
  return page;
}

/** A business route's page once the declarations it renders are registered. */
export async function loadBusinessPage(key: string): Promise<{ default: ComponentType }> {
  const route = businessRoute(key);
  if (route) await loadRouteDeclarations(route);
  return { default: businessPage(key) };
}
