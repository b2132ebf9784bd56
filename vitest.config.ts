import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Tests that read the built bundles: they share one build of every tenant. */
const BUNDLE_TESTS = ['tests/tenant-isolation.test.ts', 'tests/budgets.test.ts', 'tests/boot.test.ts'];

export default defineConfig({
  test: {
    globals: true,
    // Vitest's default (cores − 1) runs one file at a time on the 2-core machines; test databases are
    // schemas or folders of their own, so files may share the machine.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/web.ts'],
          // Some tests load a page chunk's whole module graph (every area's declarations and the screens).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...BUNDLE_TESTS],
          // Migrated databases made once per run, copied for each test file (server/test/templates.ts).
          globalSetup: ['server/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'bundle',
          environment: 'node',
          include: BUNDLE_TESTS,
          // Builds every tenant once, only when one of these files runs.
          globalSetup: ['tests/setup/tenantBuild.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
