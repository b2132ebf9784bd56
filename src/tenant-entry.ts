// The tenant's own bundle: its config and images, and nothing else. The build aliases
// @tenant/config and @tenant/assets to tenants/<code>.json and tenants/assets/<code>/.
import config from '@tenant/config';
import type { Tenant, TenantAssets } from './shared/tenant/index.ts';

const images = import.meta.webpackContext('@tenant/assets', { regExp: /\.svg$/, recursive: false });
const assetUrl = (file: string): string => images(`./${file}`) as string;

const assets: TenantAssets = {
  logo: assetUrl(config.branding.logo),
  logoCollapsed: assetUrl(config.branding.logoCollapsed),
  icon: assetUrl(config.branding.icon),
  favicon: assetUrl(config.branding.favicon),
};

window.__TENANT__ = { ...config, assets } satisfies Tenant;
