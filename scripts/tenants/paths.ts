import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const tenantsDir = path.join(repoRoot, 'tenants');
export const schemaFile = path.join(tenantsDir, 'schema.json');
export const distDir = path.join(repoRoot, 'dist');
/** The tenant-agnostic app build, copied into every tenant's folder after the build. */
export const appDistDir = path.join(distDir, '.app');

export const tenantFile = (code: string) => path.join(tenantsDir, `${code}.json`);
export const tenantAssetsDir = (code: string) => path.join(tenantsDir, 'assets', code);
export const tenantDistDir = (code: string) => path.join(distDir, code);
