import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenantConfig } from '../../../src/shared/tenant/index.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const tenantsDir = path.join(repoRoot, 'tenants');
export const distDir = path.join(repoRoot, 'dist');

/** Every tenant of the repository: one `tenants/<code>.json` each (schema.json is not a tenant). */
export function tenantCodes(): string[] {
  return fs
    .readdirSync(tenantsDir)
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function readTenantConfig(code: string): TenantConfig {
  return JSON.parse(fs.readFileSync(path.join(tenantsDir, `${code}.json`), 'utf8')) as TenantConfig;
}

/** A tenant as the suite drives it: its config (expected values come from here) and where it is served. */
export interface TenantUnderTest {
  code: string;
  config: TenantConfig;
  /** Origin serving the tenant's bundle, /api, /login/ and /socket, e.g. http://127.0.0.1:8081 */
  baseURL: string;
}
