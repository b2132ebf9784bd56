// A business area as the client declares it: its resources and the dictionaries they name. Each area's
// index.ts defines one; src/areas/index.ts lists them once, and the server's area list must agree.

import type { Label, ResourceDecl, TenantTerm } from './types.ts';
import { commandLabel } from './workflow.ts';

export interface DictionarySeedEntry {
  value: string;
  /** zh-chs text as stored, an i18n key whose zh-chs text the seed stores, or a tenant term. */
  label: string | { i18n: string } | { term: TenantTerm };
}

export type Dictionaries = Readonly<Record<string, readonly DictionarySeedEntry[]>>;

/** Value/label pairs as dictionary seed entries, in display order. */
export const entries = (pairs: [string, DictionarySeedEntry['label']][]): DictionarySeedEntry[] =>
  pairs.map(([value, label]) => ({ value, label }));

/** A workflow's states as seed entries in its order: a status field's dictionary says what its workflow says. */
export const stateEntries = (states: Readonly<Record<string, string>>): DictionarySeedEntry[] =>
  Object.entries(states).map(([value, key]) => ({ value, label: { i18n: key } }));

/** One part of an area (a group of resources declared together, with the dictionaries they name). */
export interface AreaPart {
  resources: readonly ResourceDecl[];
  dictionaries: Dictionaries;
}

export interface AreaDefinition extends AreaPart {
  /** The business domain: its folder under src/areas and server/areas, and its i18next namespace. */
  key: string;
}

/** Marks a declaration and its line declarations as the area's: their labels live in its namespace. */
function claim(decl: ResourceDecl, key: string) {
  (decl as { namespace?: string }).namespace ??= key;
  if (decl.lines) claim(decl.lines.declaration, key);
  for (const command of Object.values(decl.commands ?? {})) {
    claim(command.input, key);
    if (command.preview) claim(command.preview, key);
  }
}

/** An area made of its parts. */
export function defineArea(key: string, ...parts: readonly AreaPart[]): AreaDefinition {
  const resources = parts.flatMap((part) => part.resources);
  for (const decl of resources) claim(decl, key);
  return { key, resources, dictionaries: Object.assign({}, ...parts.map((part) => part.dictionaries)) };
}

export const resourcesOf = (areas: readonly AreaDefinition[]): readonly ResourceDecl[] =>
  areas.flatMap((area) => area.resources);

/** Dictionary entries, less the values already there (the first one named keeps its words). */
function appended(base: readonly DictionarySeedEntry[], added: readonly DictionarySeedEntry[]) {
  const known = new Set(base.map((entry) => entry.value));
  return [...base, ...added.filter(({ value }) => !known.has(value) && known.add(value))];
}

const seedLabel = (label: Label): DictionarySeedEntry['label'] =>
  typeof label === 'string' ? { i18n: label } : label;

/**
 * Dictionaries completed from every declaration besides their own words: the operation record's actions
 * (operationAction) and parts of the product (operationModule) take every declared command named as its
 * button is and every resource by its title, so the record says "点价" and "成交合同", not "fix" and
 * "transactionContract".
 */
export const DERIVED_DICTIONARIES: Readonly<
  Record<string, (resources: readonly ResourceDecl[]) => DictionarySeedEntry[]>
> = {
  operationAction: (resources) =>
    resources.flatMap((decl) =>
      Object.keys(decl.commands ?? {}).map((name) => ({
        value: name,
        label: seedLabel(commandLabel(decl, name)),
      })),
    ),
  operationModule: (resources) =>
    resources.map((decl) => ({ value: decl.key, label: seedLabel(decl.title) })),
};

/** Whether a declaration shows a dictionary completed from every declaration (its screens need them all). */
export const showsEveryDeclaration = (decl: ResourceDecl): boolean =>
  Object.values(decl.fields).some(
    (field) => field.type === 'enum' && field.dictionary in DERIVED_DICTIONARIES,
  );

/** The areas' dictionaries, the derived ones completed from their declarations. */
export function dictionariesOf(areas: readonly AreaDefinition[]): Dictionaries {
  const merged: Record<string, readonly DictionarySeedEntry[]> = Object.assign(
    {},
    ...areas.map((area) => area.dictionaries),
  );
  const resources = resourcesOf(areas);
  for (const [code, derive] of Object.entries(DERIVED_DICTIONARIES))
    if (merged[code]) merged[code] = appended(merged[code], derive(resources));
  return merged;
}
