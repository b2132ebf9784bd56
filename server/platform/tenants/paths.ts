import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** TENANTS_DIR and DIST_DIR point the CLI elsewhere (tests build copies in temporary folders). */
export const tenantsDir = path.resolve(process.env.TENANTS_DIR ?? path.join(repoRoot, 'tenants'));
export const schemaFile = path.join(repoRoot, 'tenants', 'schema.json');
export const distDir = path.resolve(process.env.DIST_DIR ?? path.join(repoRoot, 'dist'));
/** The tenant-agnostic app build, copied into every tenant's folder after the build. */
export const appDistDir = path.join(distDir, '.app');

export const tenantFile = (code: string) => path.join(tenantsDir, `${code}.json`);
export const tenantAssetsDir = (code: string) => path.join(tenantsDir, 'assets', code);
export const tenantDistDir = (code: string) => path.join(distDir, code);
