// The declarations the app knows, by key, so a field can offer the records of the resource it names.

import type { FieldDecl, ResourceDecl } from './types.ts';

const registry = new Map<string, ResourceDecl>();

/** Registers declarations (the router does it for every business module it loads). */
export function registerResources(decls: readonly ResourceDecl[]) {
  for (const decl of decls) registry.set(decl.key, decl);
}

export const registeredResource = (key: string): ResourceDecl | undefined => registry.get(key);

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

export function referencedResource(field: FieldDecl): ResourceDecl | undefined {
  const key = referencedKey(field);
  return key ? registry.get(key) : undefined;
}
