// The app's chunk map, written next to the app build (dist/.app/chunks.json) for the size budgets
// (tests/budgets.test.ts) and the bench: which files each named chunk group loads, and whose code each
// file holds.
//
// Naming rule for chunk groups (webpackChunkName on the dynamic import):
//   app                the entry (every screen, login included)
//   routes, providers, login   what the login screen loads next to the entry
//   shell              the frame after login (header, menus, tabs)
//   business           what every business screen loads: the shared screens, no area's declarations
//   area-<area>        an area's first screen: its declarations and screen components
// A file belongs to an area when it holds code under src/areas/<area>/ or is named area-<area>; an area's
// manifest and catalogue (area.ts, routes.ts, dictionaries.ts, catalogue.ts: the loaders of its chunks, the
// route map, the dictionary words and the data they are made from, which every screen may read) are light
// data that belong to none.
import fs from 'node:fs';
import path from 'node:path';
import type { Rspack } from '@rsbuild/core';

export const CHUNKS_FILE = 'chunks.json';

/** The files a tenant's index.html starts: the entry's scripts in order, the first screen's chunks, the login page's. */
export interface BootFiles {
  scripts: string[];
  preload: string[];
  login: string[];
}

/** The id of the JSON island in index.html that lists them. */
export const BOOT_FILES_ID = 'boot-files';

export interface ChunkFile {
  /** npm packages whose code the file holds. */
  packages: string[];
  /** Areas whose code the file holds. */
  areas: string[];
}

export interface ChunkManifest {
  /** Chunk group name → the JS files it loads (shared chunks included). */
  groups: Record<string, string[]>;
  /** Every JS file of the app build (path relative to the build folder) → whose code it holds. */
  files: Record<string, ChunkFile>;
}

type Module = Rspack.Module & { modules?: Module[] };

const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)\//;
const AREA = /\/src\/areas\/([^/]+)\/(?!(?:area|routes|dictionaries|catalogue)\.ts$)/;
const AREA_CHUNK = /^area-(.+)$/;

/** Source files of a chunk's modules; a concatenated module stands for the files it joined. */
function sourcePaths(modules: Iterable<Module>): string[] {
  return [...modules].flatMap((m) =>
    m.modules ? sourcePaths(m.modules) : [(m.nameForCondition() ?? '').replaceAll(path.sep, '/')],
  );
}

const matches = (paths: string[], pattern: RegExp) =>
  [...new Set(paths.map((p) => pattern.exec(p)?.[1]).filter((x): x is string => !!x))].sort();

const isJs = (file: string) => file.endsWith('.js');

/** The chunk map of the app compilation (read from the compilation: stats JSON is slow). */
export function describeChunks({ chunks, chunkGraph, namedChunkGroups }: Rspack.Compilation): ChunkManifest {
  const files: Record<string, ChunkFile> = {};
  for (const chunk of chunks) {
    const paths = sourcePaths(chunkGraph.getChunkModules(chunk) as Module[]);
    const named = AREA_CHUNK.exec(chunk.name ?? '')?.[1];
    for (const file of [...chunk.files].filter(isJs))
      files[file] = {
        packages: matches(paths, PACKAGE),
        areas: [...new Set([...matches(paths, AREA), ...(named ? [named] : [])])].sort(),
      };
  }
  const groups: Record<string, string[]> = {};
  for (const [name, group] of namedChunkGroups)
    groups[name] = group.chunks.flatMap((c) => [...c.files].filter(isJs));
  return { groups, files };
}

export function writeChunkManifest(dir: string, manifest: ChunkManifest): void {
  fs.writeFileSync(path.join(dir, CHUNKS_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
}

export function readChunkManifest(dir: string): ChunkManifest {
  return JSON.parse(fs.readFileSync(path.join(dir, CHUNKS_FILE), 'utf8')) as ChunkManifest;
}
