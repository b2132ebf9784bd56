import fs from 'node:fs';
import path from 'node:path';
import type { EnvironmentConfig, RsbuildConfig, RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { readTenant } from '../../server/platform/tenants/load.ts';
import {
  appDistDir,
  repoRoot,
  tenantAssetsDir,
  tenantDistDir,
  tenantFile,
} from '../../server/platform/tenants/paths.ts';
import { describeChunks, writeChunkManifest } from './chunks.ts';

const src = (p: string) => path.join(repoRoot, 'src', p);

function tenantAliases(code: string) {
  return { '@tenant/config': tenantFile(code), '@tenant/assets': tenantAssetsDir(code) };
}

function tenantHtml(code: string): EnvironmentConfig['html'] {
  const config = readTenant(code);
  return {
    template: src('index.html'),
    title: config.title['zh-chs'],
    favicon: path.join(tenantAssetsDir(code), config.branding.favicon),
    templateParameters: { themeColor: config.branding.themeColor, productTitle: config.title['zh-chs'] },
  };
}

/** A tenant's own environment: its config and images plus its branded index.html; the app is added after. */
function tenantEnvironment(code: string): EnvironmentConfig {
  return {
    source: { entry: { index: src('tenant-entry.ts') } },
    resolve: { alias: tenantAliases(code) },
    html: tenantHtml(code),
    output: { distPath: { root: tenantDistDir(code) }, dataUriLimit: 0 },
  };
}

/** The tenant-agnostic app, built once and shared by every tenant. */
const appEnvironment: EnvironmentConfig = {
  source: { entry: { app: src('main.tsx') } },
  html: {
    template: src('index.html'),
    templateParameters: { themeColor: '#1BB1FF', productTitle: '' },
    title: '',
  },
  output: { distPath: { root: appDistDir }, manifest: 'manifest.json' },
};

interface AppManifest {
  allFiles: string[];
  entries: { app: { initial: { js?: string[]; css?: string[] } } };
}

/** Copies the app build into each tenant folder and loads it after the tenant's own bundle. */
export function assembleTenant(code: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(appDistDir, 'manifest.json'), 'utf8')) as AppManifest;
  const target = tenantDistDir(code);
  for (const file of manifest.allFiles) {
    if (file.endsWith('.html')) continue;
    const from = path.join(appDistDir, file);
    const to = path.join(target, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
  }
  const { js = [], css = [] } = manifest.entries.app.initial;
  const rel = (f: string) => `.${f.startsWith('/') ? f : `/${f}`}`;
  const tags = [
    ...css.map((f) => `<link href="${rel(f)}" rel="stylesheet">`),
    ...js.map((f) => `<script defer src="${rel(f)}"></script>`),
  ].join('');
  const htmlFile = path.join(target, 'index.html');
  fs.writeFileSync(htmlFile, fs.readFileSync(htmlFile, 'utf8').replace('</head>', `${tags}</head>`));
}

function pluginAssembleTenants(codes: string[]): RsbuildPlugin {
  return {
    name: 'cotton:assemble-tenants',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats || stats.hasErrors()) return;
        const app = ('stats' in stats ? stats.stats : [stats]).find((s) => s.compilation.name === 'app');
        if (app) writeChunkManifest(appDistDir, describeChunks(app.compilation));
        for (const code of codes) assembleTenant(code);
      });
    },
  };
}

/** One run: the app environment plus one environment per tenant. */
export function productionConfig(codes: string[]): RsbuildConfig {
  return {
    plugins: [pluginReact(), pluginAssembleTenants(codes)],
    mode: 'production',
    output: { assetPrefix: './', cleanDistPath: true },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    environments: {
      app: appEnvironment,
      ...Object.fromEntries(codes.map((code) => [code, tenantEnvironment(code)])),
    },
  };
}

/** Development: one tenant, its bundle and the app in one page, proxying the API server. */
export function developmentConfig(code: string, apiTarget: string): RsbuildConfig {
  return {
    plugins: [pluginReact()],
    source: { entry: { index: [src('tenant-entry.ts'), src('main.tsx')] } },
    resolve: { alias: tenantAliases(code) },
    html: tenantHtml(code),
    server: {
      proxy: {
        '/api': apiTarget,
        '/login/': apiTarget,
        '/socket': { target: apiTarget, ws: true },
      },
    },
  };
}
