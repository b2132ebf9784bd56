import type { TenantConfig } from './tenant-config.generated.ts';
import { type TermKey, termOf } from './terms.ts';

export type { TenantConfig, TermKey };

/** URLs of the tenant's images, resolved by the build from tenants/assets/<code>/. */
export interface TenantAssets {
  logo: string;
  logoCollapsed: string;
  icon: string;
  favicon: string;
}

export type Tenant = TenantConfig & { assets: TenantAssets };

declare global {
  interface Window {
    /** Set by the tenant's own small bundle (src/tenant-entry.ts), which runs before the app. */
    __TENANT__?: Tenant;
  }
}

function readTenant(): Tenant {
  const tenant = typeof window === 'undefined' ? undefined : window.__TENANT__;
  if (!tenant) throw new Error('Tenant configuration missing: the tenant bundle must load before the app.');
  return tenant;
}

/**
 * The tenant this bundle was built for. The app reads flags and terms from it; it never compares codes.
 * Its `code` is for telling tenants apart in storage keys and logs only.
 */
export const tenant: Tenant = readTenant();

/** The tenant's word for a term in a language (its zh-chs word in zh-chs, `termsIn` in the others). */
export const tenantTerm = (term: TermKey, language: string): string => termOf(tenant, term, language);
