// The node project's global set-up: a folder for the run's migrated templates, removed after the run with
// the template databases (see templates.ts).
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases, newTemplateRun } from './templates.ts';

export default function templatesForTheRun(project: TestProject) {
  const run = newTemplateRun();
  project.provide('testTemplates', run);
  return async () => {
    if (process.env.DATABASE_URL) await dropRunDatabases(process.env.DATABASE_URL, run);
    fs.rmSync(run.dir, { recursive: true, force: true });
  };
}
