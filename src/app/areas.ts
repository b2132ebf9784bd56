// The business areas as the app loads them: an area's declarations, words and screens arrive with the first
// screen that shows them (src/areas/loaders.ts), are registered once, and are asked for by key when a
// screen reads another area's declaration (a reference field's choices).

import i18next from 'i18next';
import { AREA_DICTIONARIES } from '../areas/dictionaries.ts';
import { AREA_LOADERS, areasShowing } from '../areas/loaders.ts';
import { type AreaDefinition, dictionariesOf, showsEveryDeclaration } from '../framework/resource/area.ts';
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

registerDictionarySeeds(AREA_DICTIONARIES);

const loading = new Map<string, Promise<AreaDefinition>>();

/** An area's declarations registered and its words loaded (once; a failed load is tried again). */
export function loadArea(key: string): Promise<AreaDefinition> {
  return remembered(loading, key, async () => {
    const load = AREA_LOADERS[key];
    if (!load) throw new Error(`No business area '${key}'`);
    const [definition] = await Promise.all([load(), i18next.loadNamespaces(key)]);
    registerResources(definition.resources);
    return definition;
  });
}

/** Every area, with the dictionaries completed from all declarations (the operation record's). */
export async function loadEveryArea(): Promise<void> {
  const areas = await Promise.all(Object.keys(AREA_LOADERS).map(loadArea));
  registerDictionarySeeds(dictionariesOf(areas));
}

const loadShowing = (resource: string) => Promise.all(areasShowing(resource).map(loadArea));

setResourceLoader({
  declares: (key) => areasShowing(key).length > 0,
  load: loadShowing,
});

/** What a declaration's screens read beyond its own area: the declarations it names, or all of them. */
async function loadReadBy(decl: ResourceDecl): Promise<void> {
  if (showsEveryDeclaration(decl)) await loadEveryArea();
  await loadResources(decl.reads ?? []);
}

/** The declarations a business route's page renders, registered before it shows. */
export async function loadRouteDeclarations(route: BusinessRoute): Promise<void> {
  if (!route.resource) return;
  await loadShowing(route.resource);
  const decl = registeredResource(route.resource);
  if (decl) await loadReadBy(decl);
}
