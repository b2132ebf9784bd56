// npm run lock:platforms — completes package-lock.json with other platforms' optional binaries.
// This machine's registry answers 404 for them (biome, rspack), so `npm install` leaves them out of the lock
// and `npm ci` then refuses it. An entry with version, os, cpu (and libc) lets npm skip them here and fetch
// them on the platform they are for.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface LockPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}
export interface Lock {
  packages: Record<string, LockPackage>;
}

const OS = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'];

/** os, cpu and libc of a platform package, read from its name (e.g. @rspack/binding-linux-x64-musl). */
export function platformOf(name: string): Pick<LockPackage, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = name.split('/').pop()!.split('-');
  const cpu = parts.find((p) => CPU.includes(p));
  if (!cpu) return undefined;
  const os = parts.find((p) => OS.includes(p));
  if (cpu === 'wasm32') return { cpu: [cpu] };
  if (!os) return undefined;
  const libc = os === 'linux' ? (parts.includes('musl') ? 'musl' : 'glibc') : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

/** Optional dependencies of locked packages that have no lock entry where npm would look for them. */
export function missingOptionals(
  lock: Lock,
): { key: string; name: string; version: string; parent: string }[] {
  const missing = [];
  for (const [parent, pkg] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      const nested = `${parent}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (!lock.packages[nested] && !lock.packages[hoisted])
        missing.push({ key: hoisted, name, version, parent });
    }
  }
  return missing;
}

export function completeLock(lock: Lock): string[] {
  const added = [];
  for (const { key, name, version, parent } of missingOptionals(lock)) {
    const platform = platformOf(name);
    if (!platform)
      throw new Error(`${name} (optional in ${parent}): no platform in its name; add it by hand.`);
    const owner = lock.packages[parent]!;
    lock.packages[key] = {
      version,
      ...(owner.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added.push(key);
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
  );
  return added;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
  const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as Lock;
  const added = completeLock(lock);
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `added ${added.join(', ')}` : 'the lock already names every optional binary');
}
