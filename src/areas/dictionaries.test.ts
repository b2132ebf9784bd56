// An area's manifest (src/areas/<area>/area.ts) is light data: its routes, its seed dictionaries
// (dictionaries.ts) and the loaders of its declarations and screens, so every screen may read every area's
// routes and words without loading any declaration.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Dictionaries, dictionariesOf, seedDictionariesOf } from '../framework/resource/area.ts';
import { DEFINITIONS } from '../test/declarations.ts';
import { AREAS, BUSINESS_ROUTES } from './index.ts';

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
  "%s: the manifest's dictionaries are its catalogue's, and so are its declarations'",
  async (key, area) => {
    expect(area.dictionaries).toStrictEqual((await catalogueOf(key)) ?? {});
    expect(DEFINITIONS.find((definition) => definition.key === key)?.dictionaries).toBe(area.dictionaries);
  },
);

test('every folder under src/areas is an area of AREAS, with its manifest', () => {
  const folders = readdirSync(areasFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect(folders).toEqual(AREAS.map((area) => area.key).sort());
  for (const folder of folders)
    expect(existsSync(path.join(areasFolder, folder, 'area.ts')), folder).toBe(true);
});

// dictionariesOf appends to these every declared command and every resource by its title.
const DERIVED = new Set(['operationAction', 'operationModule']);

test("the manifests' seeds are the declarations' dictionaries less what dictionariesOf derives from them", () => {
  const seeds = seedDictionariesOf(AREAS, BUSINESS_ROUTES);
  const merged = dictionariesOf(DEFINITIONS, BUSINESS_ROUTES);
  expect(Object.keys(seeds)).toEqual(Object.keys(merged));
  for (const [code, entries] of Object.entries(merged)) {
    const seeded = seeds[code]!;
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

/** Static imports only: a manifest loads its declarations and screens by dynamic import, in their own chunk. */
const IMPORTED = /(?:\bfrom|^import)\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

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
  .filter((name) => ['index.ts', 'area.ts', 'routes.ts', 'dictionaries.ts'].includes(path.basename(name)))
  .filter((name) => path.basename(name) !== 'index.ts' || !name.includes(path.sep))
  .map((name) => relative(path.join(areasFolder, name)))
  .sort();

test('the light files are found', () => {
  expect(lightFiles).toContain('src/areas/index.ts');
  expect(lightFiles).toContain('src/areas/settings/area.ts');
  expect(lightFiles).toContain('src/areas/settings/dictionaries.ts');
});

test.each(lightFiles)('%s reaches no declaration through its imports', (file) => {
  expect(declarationChains(path.resolve(file))).toEqual([]);
});
