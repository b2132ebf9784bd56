// One build of every tenant for the test files that read built bundles (the "bundle" project in
// vitest.config.ts): built once per run into a temporary folder, removed after.
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { runTenantCli, tempDir } from '../support/tenantCli.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DIST_DIR of the suite's build of every tenant. */
    tenantDist: string;
  }
}

export default function buildTenantsOnce(project: TestProject) {
  const distDir = tempDir('dist');
  const build = runTenantCli(['build', '--all'], { distDir });
  if (build.status !== 0) throw new Error(`the tenant build failed:\n${build.stderr}`);
  project.provide('tenantDist', distDir);
  return () => fs.rmSync(distDir, { recursive: true, force: true });
}
