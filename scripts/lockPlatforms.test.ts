import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../server/platform/tenants/paths.ts';
import { completeLock, type Lock, missingOptionals, platformOf } from './lockPlatforms.ts';

const readLock = () => JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as Lock;

describe('package-lock.json on a fresh clone', () => {
  it('names every optional platform binary, so `npm ci` accepts it here and on a laptop', () => {
    // npm leaves out binaries this registry does not serve; `npm ci` then refuses the lock. Fix: npm run lock:platforms
    expect(missingOptionals(readLock()).map((m) => m.name)).toEqual([]);
  });

  it('gives each added binary the platform npm checks before fetching it', () => {
    expect(platformOf('@biomejs/cli-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@rspack/binding-linux-riscv64-musl')).toEqual({
      os: ['linux'],
      cpu: ['riscv64'],
      libc: ['musl'],
    });
    expect(platformOf('@rspack/binding-win32-ia32-msvc')).toEqual({ os: ['win32'], cpu: ['ia32'] });
    const lock: Lock = {
      packages: {
        '': {},
        'node_modules/tool': {
          version: '1.0.0',
          dev: true,
          optionalDependencies: { 'tool-darwin-x64': '1.0.0' },
        },
      },
    };
    expect(completeLock(lock)).toEqual(['node_modules/tool-darwin-x64']);
    expect(lock.packages['node_modules/tool-darwin-x64']).toEqual({
      version: '1.0.0',
      dev: true,
      optional: true,
      os: ['darwin'],
      cpu: ['x64'],
    });
  });
});
