// How the code's parts may import each other (docs/architecture.md): an area reaches another area only
// through the other's index.ts (server areas also by what they declare on ServerArea, crossings.ts), and no
// part the areas are built on (the platform, the framework, shared code, the shell, the API base, the
// domain rules) imports an area: the areas are composed where they are listed (src/areas/index.ts,
// server/areas/index.ts) and handed down. Test files may reach further.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('testing'))
    .map((name) => path.join(root, folder, name));
}

const IMPORTED = /(?:\bfrom\s*|\bimport\s*\(\s*(?:\/\*.*?\*\/\s*)?|^import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The repository files a source file imports (relative imports, static and dynamic), as repo paths. */
const importsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(IMPORTED)].map(([, specifier]) =>
    relative(path.resolve(path.dirname(file), specifier!)),
  );

/** `src/areas/<area>/…` or `server/areas/<area>/…` → the area and the file inside its folder. */
function inArea(file: string): { area: string; inside: string } | undefined {
  const match = /^(?:src|server)\/areas\/([^/]+)\/(.+)$/.exec(file);
  return match ? { area: match[1]!, inside: match[2]! } : undefined;
}

test("an area imports another area only through the other's index.ts", () => {
  const crossings = ['src/areas', 'server/areas'].flatMap((folder) =>
    sourceFiles(folder).flatMap((file) => {
      const from = inArea(relative(file));
      if (!from) return [];
      return importsOf(file)
        .filter((target) => {
          const to = inArea(target);
          return to && to.area !== from.area && to.inside !== 'index.ts';
        })
        .map((target) => `${relative(file)} → ${target}`);
    }),
  );
  expect(crossings).toEqual([]);
});

test.each(['server/platform', 'src/framework', 'src/shared', 'src/shell', 'src/api', 'src/domain'])(
  '%s imports no area',
  (folder) => {
    const reaching = sourceFiles(folder).flatMap((file) =>
      importsOf(file)
        .filter((target) => /^(?:src|server)\/areas\//.test(target))
        .map((target) => `${relative(file)} → ${target}`),
    );
    expect(reaching).toEqual([]);
  },
);

test('the rules see what they look for', () => {
  expect(importsOf(path.join(root, 'server/areas/hedging/index.ts'))).toContain(
    'server/areas/contracts/index.ts',
  );
  expect(importsOf(path.join(root, 'src/areas/payments/area.ts'))).toContain('src/areas/payments/index.ts');
});
