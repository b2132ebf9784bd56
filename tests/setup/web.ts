import '@testing-library/jest-dom/vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Tenant } from '../../src/shared/tenant/index.ts';

/** Component tests run as the tenant named by TEST_TENANT (default jees), as its bundle would set it. */
const code = process.env.TEST_TENANT ?? 'jees';
const config = JSON.parse(fs.readFileSync(path.resolve('tenants', `${code}.json`), 'utf8'));
const asset = (file: string) => `/static/svg/${file}`;
window.__TENANT__ = {
  ...config,
  assets: {
    logo: asset(config.branding.logo),
    logoCollapsed: asset(config.branding.logoCollapsed),
    icon: asset(config.branding.icon),
    favicon: asset(config.branding.favicon),
  },
} satisfies Tenant;
