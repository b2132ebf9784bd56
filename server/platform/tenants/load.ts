import fs from 'node:fs';
import path from 'node:path';
import type { TenantConfig } from '../../../src/shared/tenant/tenant-config.generated.ts';
import { tenantFile, tenantsDir } from './paths.ts';

/** Codes of all tenant files (tenants/<code>.json), sorted; the schema file is not a tenant. */
export function listTenantCodes(): string[] {
  return fs
    .readdirSync(tenantsDir)
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => path.basename(f, '.json'))
    .sort();
}

export function readTenant(code: string): TenantConfig {
  return JSON.parse(fs.readFileSync(tenantFile(code), 'utf8')) as TenantConfig;
}

export class UnknownTenantError extends Error {
  constructor(
    readonly unknown: string[],
    readonly known: string[],
  ) {
    super(
      `Unknown tenant code${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known codes: ${known.join(', ')}.`,
    );
  }
}

/** The requested codes, or all when none are given; throws UnknownTenantError naming the known codes. */
export function resolveTenantCodes(requested: string[]): string[] {
  const known = listTenantCodes();
  if (requested.length === 0) return known;
  const unknown = requested.filter((c) => !known.includes(c));
  if (unknown.length > 0) throw new UnknownTenantError(unknown, known);
  return [...new Set(requested)];
}
