// The areas' seed dictionaries are light data (src/areas/<area>/dictionaries.ts, merged in
// src/areas/dictionaries.ts): one source for each area's declarations, and loadable by every screen
// without loading any declaration.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Dictionaries, dictionariesOf } from '../framework/resource/area.ts';
import { AREA_DICTIONARIES } from './dictionaries.ts';
import { AREAS } from './index.ts';

const root = path.resolve('.');
const areasFolder = path.resolve('src', 'areas');
const relative = (file: string) => path.relative(root, file);

/** The catalogue an area's dictionaries.ts exports (one <AREA>_DICTIONARIES, beside the values it seeds from). */
async function catalogueOf(key: string): Promise<Dictionaries | undefined> {
  if (!existsSync(path.join(areasFolder, key, 'dictionaries.ts'))) return undefined;
  const exported: Record<string, unknown> = await import(`./${key}/dictionaries.ts`);
  const catalogues = Object.keys(exported).filter((name) => /^[A-Z]+_DICTIONARIES$/.test(name));
  expect(catalogues, `${key}/dictionaries.ts exports one catalogue`).toHaveLength(1);
  return exported[catalogues[0]!] as Dictionaries;
}

test.each(AREAS.map((area) => [area.key, area] as const))(
  "%s: the area's dictionaries are its catalogue's, in the same order",
  async (key, area) => {
    const catalogue = (await catalogueOf(key)) ?? {};
    expect(Object.keys(area.dictionaries)).toEqual(Object.keys(catalogue));
    expect(area.dictionaries).toStrictEqual(catalogue);
  },
);

test('every dictionaries.ts under src/areas is an area of AREAS', () => {
  const folders = readdirSync(areasFolder, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(path.join(areasFolder, entry.name, 'dictionaries.ts')),
    )
    .map((entry) => entry.name);
  const keys = new Set(AREAS.map((area) => area.key));
  expect(folders.filter((folder) => !keys.has(folder))).toEqual([]);
});

// dictionariesOf appends to these every declared command and every resource by its title.
const DERIVED = new Set(['operationAction', 'operationModule']);

test('AREA_DICTIONARIES is the merge of the areas less what dictionariesOf derives from declarations', () => {
  const merged = dictionariesOf(AREAS);
  expect(Object.keys(AREA_DICTIONARIES)).toEqual(Object.keys(merged));
  for (const [code, entries] of Object.entries(merged)) {
    const seeded = AREA_DICTIONARIES[code]!;
    if (DERIVED.has(code)) expect(entries.slice(0, seeded.length), code).toStrictEqual(seeded);
    else expect(seeded, code).toStrictEqual(entries);
  }
});

/** A relative import as a file: as written, or with .ts, .tsx or /index.ts added. */
function resolveImport(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  return [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
}

const IMPORTED = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The chains (file → … → file) from `file` to a file calling defineResource, following relative imports. */
function declarationChains(file: string, chain: readonly string[] = [], seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const here = [...chain, relative(file)];
  const text = readFileSync(file, 'utf8');
  if (text.includes('defineResource(')) return [here.join(' → ')];
  if (!/\.(ts|tsx|js|mjs)$/.test(file)) return [];
  return [...text.matchAll(IMPORTED)].flatMap(([, specifier]) => {
    const target = resolveImport(file, specifier!);
    if (!target) return [`${here.join(' → ')} → ${specifier} (not found)`];
    return declarationChains(target, here, seen);
  });
}

const lightFiles = readdirSync(areasFolder, { recursive: true, encoding: 'utf8' })
  .filter((name) => path.basename(name) === 'dictionaries.ts')
  .map((name) => relative(path.join(areasFolder, name)))
  .sort();

test('the catalogues are found', () => {
  expect(lightFiles).toContain('src/areas/dictionaries.ts');
  expect(lightFiles).toContain('src/areas/settings/dictionaries.ts');
});

test.each(lightFiles)('%s reaches no declaration through its imports', (file) => {
  expect(declarationChains(path.resolve(file))).toEqual([]);
});
