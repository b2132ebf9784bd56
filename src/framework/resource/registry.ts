// The declarations the app knows, by key, so a field can offer the records of the resource it names. The
// app loads each business area's declarations with its screens; a screen that reads another area's
// declaration (a reference field's choices, a print page's parties) asks for it here and renders once its
// area has loaded.

import type { FieldDecl, ResourceDecl } from './types.ts';

const registry = new Map<string, ResourceDecl>();

/** Registers declarations (the app does it for every business area it loads). */
export function registerResources(decls: readonly ResourceDecl[]) {
  for (const decl of decls) registry.set(decl.key, decl);
}

export const registeredResource = (key: string): ResourceDecl | undefined => registry.get(key);

/** Loads the declarations of a resource not registered yet; given by the app, which knows the areas. */
export interface ResourceLoader {
  /** Whether some area declares it. */
  declares(key: string): boolean;
  load(key: string): Promise<unknown>;
}

let loader: ResourceLoader | undefined;

export function setResourceLoader(next: ResourceLoader | undefined) {
  loader = next;
}

/** Registers the declarations of these resources' areas (resolves at once when they are there). */
export async function loadResources(keys: readonly string[]): Promise<void> {
  const missing = keys.filter((key) => !registry.has(key) && loader?.declares(key));
  await Promise.all(missing.map((key) => loader!.load(key)));
}

/** The resource whose records a field chooses from: its own for a reference, a fixed one for the rest. */
const RESOURCE_OF_TYPE: Partial<Record<FieldDecl['type'], string>> = {
  warehouse: 'warehouse',
  user: 'user',
  department: 'org',
  batch: 'batch',
};

/** The key of the resource whose records a field chooses from (partners come from the partner list). */
export const referencedKey = (field: FieldDecl): string | undefined =>
  field.type === 'reference' ? field.resource : RESOURCE_OF_TYPE[field.type];

/** Whether a field chooses from a resource's records (registered or loadable). */
export function choosesRecords(field: FieldDecl): boolean {
  const key = referencedKey(field);
  return !!key && (registry.has(key) || !!loader?.declares(key));
}
