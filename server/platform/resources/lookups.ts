// The lookups a screen's fields make follow from the right to view the screen: whoever may view a
// resource whose fields choose from another (a fee names its warehouse) may read that other resource's
// names, though not its records.

import { type FieldDecl, type ResourceDecl, referencedKey } from '../../../src/framework/resource/index.ts';
import { type Grant, permissionsOn } from '../access/permissions.ts';
import type { Row } from './query.ts';

const fieldsOf = (decl: ResourceDecl): FieldDecl[] => [
  ...Object.values(decl.fields),
  ...(decl.lines ? Object.values(decl.lines.declaration.fields) : []),
];

/** Looked-up resource key (or 'partner' for the partner list) → the resources whose fields choose from it. */
const choosers = new Map<string, ResourceDecl[]>();

/** Learns which served resources choose from which (the composition root passes every served one). */
export function learnLookups(decls: readonly ResourceDecl[]): void {
  for (const decl of decls)
    for (const field of fieldsOf(decl)) {
      const target = field.type === 'partner' ? 'partner' : referencedKey(field);
      if (!target || target === decl.key) continue;
      const known = choosers.get(target) ?? [];
      if (!known.includes(decl)) choosers.set(target, [...known, decl]);
    }
}

/** Whether the user may view a resource with a field choosing from `target`. */
export const mayLookUp = (grants: Grant[], target: string): boolean =>
  (choosers.get(target) ?? []).some((decl) =>
    permissionsOn(grants, decl.key).includes(decl.permissions.view ?? 'view'),
  );

/** What a lookup shows of a record: its id and name. */
export const lookupView = (decl: ResourceDecl, record: Row): Row => ({
  id: record.id,
  [decl.titleField]: record[decl.titleField],
});
