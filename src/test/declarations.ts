// Every area's declarations at once, for the tests that read them all (the app loads an area with its first
// screen; the server composes its areas' declarations).
import { AREAS, BUSINESS_ROUTES } from '../areas/index.ts';
import { dictionariesOf, loadDeclarations, resourcesOf } from '../framework/resource/area.ts';

export const DEFINITIONS = await loadDeclarations(AREAS);

/** Every declared resource of every area. */
export const ALL_RESOURCES = resourcesOf(DEFINITIONS);

/** Every dictionary the declarations name, with its seed entries (code → entries in order). */
export const ALL_DICTIONARIES = dictionariesOf(DEFINITIONS, BUSINESS_ROUTES);
