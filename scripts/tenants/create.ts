import fs from 'node:fs';
import { listTenantCodes, readTenant } from '../../server/platform/tenants/load.ts';
import { tenantAssetsDir, tenantFile } from '../../server/platform/tenants/paths.ts';
import type { TenantConfig } from '../../src/shared/tenant/tenant-config.generated.ts';

const TITLE_SUFFIX: TenantConfig['title'] = {
  'zh-chs': '后台管理系统',
  'zh-cht': '後台管理系統',
  en: ' Back-Office Management System',
  ja: 'バックオフィス管理システム',
};

export interface NewTenantOptions {
  from: string;
  name?: string;
}

/** Copies a tenant's config and images under a new code, with the code, names and titles replaced. */
export function createTenant(
  code: string,
  { from, name = code.toUpperCase() }: NewTenantOptions,
): TenantConfig {
  if (!/^[a-z][a-z0-9]{1,15}$/.test(code)) {
    throw new Error(
      `"${code}" is not a valid tenant code: use 2-16 lower-case letters or digits, starting with a letter.`,
    );
  }
  if (listTenantCodes().includes(code))
    throw new Error(`Tenant "${code}" already exists (tenants/${code}.json).`);
  const source = readTenant(from);
  const title = Object.fromEntries(
    Object.entries(TITLE_SUFFIX).map(([locale, suffix]) => [locale, `${name}${suffix}`]),
  ) as TenantConfig['title'];
  const config: TenantConfig = {
    ...source,
    code,
    name,
    title,
    disclaimer: { ...source.disclaimer, id: `${code}-disclaimer` },
  };
  fs.cpSync(tenantAssetsDir(from), tenantAssetsDir(code), { recursive: true });
  fs.writeFileSync(tenantFile(code), `${JSON.stringify({ $schema: './schema.json', ...config }, null, 2)}\n`);
  return config;
}
