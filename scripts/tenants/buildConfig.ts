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
import {
  BOOT_FILES_ID,
  type BootFiles,
  type ChunkManifest,
  describeChunks,
  readChunkManifest,
  writeChunkManifest,
} from './chunks.ts';

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

/** Chunk groups every screen loads right after the entry (the route tree, antd and its providers). */
const EVERY_SCREEN_GROUPS = ['routes', 'providers'];
/** What the login screen loads besides those; fetched early only when the address is the login page. */
const LOGIN_SCREEN_GROUPS = ['login'];
/** The addresses that show the login page (the root redirects there). */
const LOGIN_HASH = String.raw`^(#\/?)?$|^#\/login\b`;

const TENANT_SCRIPT = /<script defer src="\.\/([^"]+\.js)"><\/script>/g;

function bootFiles(initial: string[], groups: ChunkManifest['groups']): BootFiles {
  const filesOf = (names: string[]) => [...new Set(names.flatMap((g) => groups[g] ?? []))];
  const scripts = initial.map((f) => f.replace(/^\//, ''));
  const preload = filesOf(EVERY_SCREEN_GROUPS).filter((f) => !scripts.includes(f));
  const login = filesOf(LOGIN_SCREEN_GROUPS).filter((f) => !scripts.includes(f) && !preload.includes(f));
  return { scripts, preload, login };
}

/**
 * Starts the app once the product's name has painted: the entry's scripts in order, and the first screen's
 * lazy chunks fetched at low priority while they run (instead of from the entry's first long task); the login
 * page's own chunks only on the login address. On a phone nothing competes with that first paint, and
 * Lighthouse's LCP estimate, which counts every request started before it, stays the page's own. A hidden
 * tab, which paints no frame, starts after a short wait.
 */
const BOOT_LOADER = `(function(){var f=JSON.parse(document.getElementById('${BOOT_FILES_ID}').textContent),started=false;
function add(tag,props){var e=document.createElement(tag);for(var k in props)e[k]=props[k];document.head.appendChild(e)}
function start(){if(started)return;started=true;
f.scripts.forEach(function(s){add('script',{src:'./'+s,async:false})});
var more=new RegExp(${JSON.stringify(LOGIN_HASH)}).test(location.hash)?f.preload.concat(f.login):f.preload;
more.forEach(function(s){add('link',{rel:'preload',as:'script',fetchPriority:'low',href:'./'+s})})}
requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,250)})()`;

function bootTags(boot: BootFiles): string {
  const files = JSON.stringify(boot).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${BOOT_FILES_ID}">${files}</script><script>${BOOT_LOADER}</script>`;
}

/** The app build, read once for every tenant: its files, entry scripts and styles, and its chunk groups. */
interface AppBuild {
  files: string[];
  js: string[];
  css: string[];
  groups: ChunkManifest['groups'];
}

function readAppBuild(): AppBuild {
  const manifest = JSON.parse(fs.readFileSync(path.join(appDistDir, 'manifest.json'), 'utf8')) as AppManifest;
  const { js = [], css = [] } = manifest.entries.app.initial;
  return { files: manifest.allFiles, js, css, groups: readChunkManifest(appDistDir).groups };
}

/** Copies the app build into a tenant folder and loads it after the tenant's own bundle. */
function assembleTenant(code: string, app: AppBuild): void {
  const target = tenantDistDir(code);
  for (const file of app.files) {
    if (file.endsWith('.html')) continue;
    const to = path.join(target, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(appDistDir, file), to);
  }
  const rel = (f: string) => `.${f.startsWith('/') ? f : `/${f}`}`;
  const htmlFile = path.join(target, 'index.html');
  // The tenant's own bundle (its config) runs first, started by the same loader as the app.
  const tenantScripts: string[] = [];
  const html = fs.readFileSync(htmlFile, 'utf8').replace(TENANT_SCRIPT, (_, file: string) => {
    tenantScripts.push(file);
    return '';
  });
  const tags = [
    ...app.css.map((f) => `<link href="${rel(f)}" rel="stylesheet">`),
    bootTags(bootFiles([...tenantScripts, ...app.js], app.groups)),
  ].join('');
  fs.writeFileSync(htmlFile, html.replace('</head>', `${tags}</head>`));
}

function pluginAssembleTenants(codes: string[]): RsbuildPlugin {
  return {
    name: 'cotton:assemble-tenants',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats || stats.hasErrors()) return;
        const app = ('stats' in stats ? stats.stats : [stats]).find((s) => s.compilation.name === 'app');
        if (app) writeChunkManifest(appDistDir, describeChunks(app.compilation));
        const build = readAppBuild();
        for (const code of codes) assembleTenant(code, build);
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
