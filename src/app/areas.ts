// The business areas as the app loads them, derived from their manifests (src/areas/index.ts): an area's
// declarations, words and screens arrive with the first screen that shows them, are registered once, and
// are asked for by key when a screen reads another area's declaration (a reference field's choices).

import i18next from 'i18next';
import { AREAS, BUSINESS_ROUTES } from '../areas/index.ts';
import {
  type AreaDefinition,
  dictionariesOf,
  seedDictionariesOf,
  showsEveryDeclaration,
} from '../framework/resource/area.ts';
import {
  loadResources,
  type ResourceDecl,
  registeredResource,
  registerResources,
  setResourceLoader,
} from '../framework/resource/index.ts';
import { registerDictionarySeeds } from '../framework/screens/dictionaryWords.ts';
import type { BusinessRoute } from '../shared/routes/businessRoutes.ts';
import { remembered } from './remembered.ts';

// Every screen may show any area's seed words (a contracts screen shows words settings seeds) without
// loading its declarations; the operation record's words derived from every declaration come with them.
registerDictionarySeeds(seedDictionariesOf(AREAS, BUSINESS_ROUTES));

const manifests = new Map(AREAS.map((area) => [area.key, area]));
const loading = new Map<string, Promise<AreaDefinition>>();

/** An area's declarations registered and its words loaded (once; a failed load is tried again). */
export function loadArea(key: string): Promise<AreaDefinition> {
  return remembered(loading, key, async () => {
    const manifest = manifests.get(key);
    if (!manifest) throw new Error(`No business area '${key}'`);
    const [definition] = await Promise.all([manifest.declarations(), i18next.loadNamespaces(key)]);
    registerResources(definition.resources);
    return definition;
  });
}

/** Every area, with the dictionaries completed from all declarations (the operation record's). */
export async function loadEveryArea(): Promise<void> {
  const areas = await Promise.all(AREAS.map((area) => loadArea(area.key)));
  registerDictionarySeeds(dictionariesOf(areas, BUSINESS_ROUTES));
}

const showing = new Map<string, string[]>();
for (const { key, routes } of AREAS)
  for (const resource of new Set(routes.flatMap((route) => (route.resource ? [route.resource] : []))))
    showing.set(resource, [...(showing.get(resource) ?? []), key]);

/**
 * The areas whose routes show a resource: its own, and an area that shows another's records (the
 * inventory views of receipts, movements and fees). Every declared resource has a route in its area.
 */
export const areasShowing = (resource: string): readonly string[] => showing.get(resource) ?? [];

const loadShowing = (resource: string) => Promise.all(areasShowing(resource).map(loadArea));

setResourceLoader({
  declares: (key) => areasShowing(key).length > 0,
  load: loadShowing,
});

/** What a declaration's screens read beyond its own area: the declarations it names, or all of them. */
async function loadReadBy(decl: ResourceDecl): Promise<void> {
  if (showsEveryDeclaration(decl)) await loadEveryArea();
  const reads = decl.reads ?? [];
  await loadResources(typeof reads === 'function' ? reads() : reads);
}

/** The declarations a business route's page renders, registered before it shows. */
export async function loadRouteDeclarations(route: BusinessRoute): Promise<void> {
  if (!route.resource) return;
  await loadShowing(route.resource);
  const decl = registeredResource(route.resource);
  if (decl) await loadReadBy(decl);
}
