import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tenant CLI as a user would, on the given tenants and dist folders. */
export function runTenantCli(args: string[], env: { tenantsDir?: string; distDir: string }): CliResult {
  const result = spawnSync(
    process.execPath,
    [tsxCli, path.join(repoRoot, 'scripts/tenants/cli.ts'), ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {
        ...process.env,
        DIST_DIR: env.distDir,
        ...(env.tenantsDir ? { TENANTS_DIR: env.tenantsDir } : {}),
      },
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `cotton-${prefix}-`));
}

/** A scratch copy of the repo's tenant files and images, safe to edit. */
export function copyTenants(): string {
  const dir = path.join(tempDir('tenants'), 'tenants');
  fs.cpSync(path.join(repoRoot, 'tenants'), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'schema.json'));
  return dir;
}
