// A business area as the client declares it: its resources and the dictionaries they name. Each area's
// index.ts defines one; src/areas/index.ts lists them once, and the server's area list must agree.

import type { ResourceDecl, TenantTerm } from './types.ts';
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

/**
 * The areas' dictionaries. The operation record's actions (operationAction) take, besides their own words,
 * every declared command named as its button is: the record says "点价", not "fix".
 */
export function dictionariesOf(areas: readonly AreaDefinition[]): Dictionaries {
  const merged: Record<string, readonly DictionarySeedEntry[]> = Object.assign(
    {},
    ...areas.map((area) => area.dictionaries),
  );
  const actions = merged.operationAction;
  if (!actions) return merged;
  const known = new Set(actions.map((entry) => entry.value));
  const commands = resourcesOf(areas).flatMap((decl) =>
    Object.keys(decl.commands ?? {}).map((name) => ({ value: name, label: commandLabel(decl, name) })),
  );
  const added = commands.filter(({ value }) => !known.has(value) && known.add(value));
  return {
    ...merged,
    operationAction: [
      ...actions,
      ...added.map(({ value, label }) => ({
        value,
        label: typeof label === 'string' ? { i18n: label } : label,
      })),
    ],
  };
}
