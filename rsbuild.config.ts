import { defineConfig } from '@rsbuild/core';
import { developmentConfig, productionConfig } from './scripts/tenants/buildConfig.ts';
import { resolveTenantCodes } from './server/platform/tenants/load.ts';

// `npx rsbuild dev` serves one tenant (TENANT, default the first) against API_TARGET;
// production builds go through the tenant CLI (`npm run tenants -- build`), which validates first.
export default defineConfig(({ command }) => {
  const codes = resolveTenantCodes(process.env.TENANTS ? process.env.TENANTS.split(',') : []);
  if (command === 'dev') {
    return developmentConfig(
      process.env.TENANT ?? codes[0]!,
      process.env.API_TARGET ?? 'http://127.0.0.1:8080',
    );
  }
  return productionConfig(codes);
});
