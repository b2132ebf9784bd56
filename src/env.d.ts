/// <reference types="@rsbuild/core/types" />

declare module '@tenant/config' {
  import type { TenantConfig } from './shared/tenant/tenant-config.generated.ts';

  const config: TenantConfig;
  export default config;
}
