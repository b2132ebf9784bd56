// A business area as the client declares it. Its manifest (src/areas/<area>/area.ts) is what the app knows
// before loading it: its routes, its dictionaries, the loader of its declarations and the parts it adds to
// screens; src/areas/index.ts lists the manifests once, and every list of areas is derived from them. Its
// declarations (index.ts, loaded with its first screen) are its resources.

import type { ComponentType } from 'react';
import { type BusinessRoute, routeTitleKey } from '../../shared/routes/routeRecords.ts';
import type { ResourceExtensions } from '../screens/extensions.ts';
import type { InputDecl, Label, ResourceDecl, TenantTerm } from './types.ts';
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

/** One part of an area (a group of resources declared together). */
export interface AreaPart {
  resources: readonly ResourceDecl[];
}

/** What an area adds to one resource's screens (its own or another area's): each slot's component, loaded. */
export type PartLoaders = {
  [Slot in keyof ResourceExtensions]?: () => Promise<NonNullable<ResourceExtensions[Slot]>>;
};

/** A file an area offers in the workbench's download centre (an import template). */
export interface DownloadTemplate {
  key: string;
  /** The i18n key of its name. */
  title: string;
  download: () => Promise<void>;
}

/** An area as the app knows it before loading it: light data and loaders, no declaration. */
export interface AreaManifest {
  /** The business domain: its folder under src/areas and server/areas, and its i18next namespace. */
  key: string;
  /** The routes of its built screens. */
  routes: readonly BusinessRoute[];
  /** The dictionaries its declarations name, with their seed entries (every screen may show their words). */
  dictionaries: Dictionaries;
  /** Its declarations, in the area's own chunk (`area-<area>`). */
  declarations: () => Promise<AreaDefinition>;
  /** Resource key → what the area adds to that resource's screens, loaded with the area's chunk. */
  parts?: Readonly<Record<string, PartLoaders>>;
  /** Route key → the page of a route of its own that shows no resource (the large data screen). */
  pages?: Readonly<Record<string, () => Promise<{ default: ComponentType }>>>;
  /** What it shows on the workbench's home page, under the user's figures (the reports area's desk). */
  home?: () => Promise<ComponentType>;
  /** The files it offers in the download centre. */
  downloads?: readonly DownloadTemplate[];
}

/** An area's declarations, with what its manifest says of it. */
export interface AreaDefinition extends AreaPart {
  key: string;
  routes: readonly BusinessRoute[];
  dictionaries: Dictionaries;
}

/** Marks a declaration and its line declarations as the area's: their labels live in its namespace. */
function claim(decl: InputDecl & Pick<ResourceDecl, 'commands'>, key: string) {
  (decl as { namespace?: string }).namespace ??= key;
  if (decl.lines) claim(decl.lines.declaration, key);
  for (const command of Object.values(decl.commands ?? {})) {
    claim(command.input, key);
    if (command.preview) claim(command.preview, key);
  }
}

/** An area's declarations, made of its parts. */
export function defineArea(manifest: AreaManifest, ...parts: readonly AreaPart[]): AreaDefinition {
  const { key, routes, dictionaries } = manifest;
  const resources = parts.flatMap((part) => part.resources);
  for (const decl of resources) claim(decl, key);
  return { key, routes, resources, dictionaries };
}

/** Every area's declarations, loaded (what the server and the tests read; the app loads an area when shown). */
export const loadDeclarations = (areas: readonly AreaManifest[]): Promise<AreaDefinition[]> =>
  Promise.all(areas.map((area) => area.declarations()));

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

/**
 * Dictionaries made from the route catalogue: the print pages a template is written for (printVariant), named
 * as their routes, built or not.
 */
export const ROUTE_DICTIONARIES: Readonly<
  Record<string, (routes: readonly BusinessRoute[]) => DictionarySeedEntry[]>
> = {
  printVariant: (routes) =>
    routes
      .filter((route) => route.kind === 'print')
      .map((route) => ({ value: route.key, label: { i18n: routeTitleKey(route) } })),
};

/**
 * The areas' seed dictionaries merged in the areas' order, those made from the route catalogue (`routes`,
 * every route of the composed areas and the planned ones) filled in: light data every screen may show.
 */
export function seedDictionariesOf(
  areas: readonly Pick<AreaDefinition, 'dictionaries'>[],
  routes: readonly BusinessRoute[],
): Dictionaries {
  const merged: Record<string, readonly DictionarySeedEntry[]> = Object.assign(
    {},
    ...areas.map((area) => area.dictionaries),
  );
  for (const [code, make] of Object.entries(ROUTE_DICTIONARIES))
    if (merged[code]) merged[code] = appended(merged[code], make(routes));
  return merged;
}

/** The areas' dictionaries: their seeds, and the derived ones completed from their declarations. */
export function dictionariesOf(
  areas: readonly AreaDefinition[],
  routes: readonly BusinessRoute[],
): Dictionaries {
  const merged: Record<string, readonly DictionarySeedEntry[]> = { ...seedDictionariesOf(areas, routes) };
  const resources = resourcesOf(areas);
  for (const [code, derive] of Object.entries(DERIVED_DICTIONARIES))
    if (merged[code]) merged[code] = appended(merged[code], derive(resources));
  return merged;
}
