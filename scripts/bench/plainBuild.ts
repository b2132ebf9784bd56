// Reference build for the bench only: every tenant environment compiles the whole app itself,
// as a plain Rsbuild `environments` setup would. Usage: tsx scripts/bench/plainBuild.ts <codes...>
import path from 'node:path';
import { createRsbuild } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { distDir } from '../../server/platform/tenants/paths.ts';
import { developmentConfig } from '../tenants/buildConfig.ts';

const codes = process.argv.slice(2);
const environments = Object.fromEntries(
  codes.map((code) => {
    const { source, resolve, html } = developmentConfig(code, 'http://127.0.0.1');
    return [code, { source, resolve, html, output: { distPath: { root: path.join(distDir, code) } } }];
  }),
);
const rsbuild = await createRsbuild({
  rsbuildConfig: { plugins: [pluginReact()], mode: 'production', logLevel: 'error', environments },
});
const { close } = await rsbuild.build();
await close();
