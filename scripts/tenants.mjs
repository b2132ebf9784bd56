#!/usr/bin/env node
// Package bin: runs the TypeScript tenant CLI through tsx.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const result = spawnSync(
  process.execPath,
  [tsx, path.join(here, 'tenants/cli.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
