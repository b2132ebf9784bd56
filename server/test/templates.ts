// Migrated databases made once per test run and copied for each test file. A fresh database costs a PGlite
// initdb plus every migration and the seed (most of a server test file's time); a copy costs loading a
// dump (PGlite) or CREATE DATABASE … TEMPLATE (PostgreSQL). The first worker that needs one builds it under a
// lock; the others wait for it. The run's folder and template databases go in the global teardown.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../platform/db/index.ts';

/** What the global set-up hands each worker: the run's folder and its id (in template database names). */
export interface TemplateRun {
  dir: string;
  runId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TemplateRun;
  }
}

/** The schema the tenant's tables live in inside a PostgreSQL copy (each copy is a database of its own). */
export const COPY_SCHEMA = 'tenant';

/** The run's templates when running under the suite's global set-up; none in a script (the bench). */
export async function templateRun(): Promise<TemplateRun | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('testTemplates');
}

export function newTemplateRun(): TemplateRun {
  const runId = randomBytes(4).toString('hex');
  const dir = path.join(os.tmpdir(), `bo-test-${runId}`);
  fs.mkdirSync(dir, { recursive: true });
  return { dir, runId };
}

export const templateKey = (description: unknown) =>
  createHash('sha256').update(JSON.stringify(description)).digest('hex').slice(0, 16);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `done` exists once the template is built: built here when no one else builds it (the lock is a folder,
 * made atomically), else waited for; a builder that failed gives its lock back and the next one tries.
 */
async function once(done: string, build: () => Promise<void>): Promise<void> {
  const lock = `${done}.lock`;
  for (;;) {
    if (fs.existsSync(done)) return;
    try {
      fs.mkdirSync(lock);
    } catch {
      await sleep(200);
      continue;
    }
    try {
      if (!fs.existsSync(done)) await build();
      return;
    } catch (error) {
      fs.rmSync(lock, { recursive: true, force: true });
      throw error;
    }
  }
}

type Dumpable = Db & { dump(): Promise<Blob> };

/**
 * A database migrated like every other of the run: the one `make` migrated when this file built the
 * template (its dump written for the others), else `copy` of the template's dump.
 */
export async function fromPgliteTemplate(
  run: TemplateRun,
  key: string,
  make: () => Promise<Dumpable>,
  copy: (dump: Blob) => Promise<Db>,
): Promise<Db> {
  const file = path.join(run.dir, `${key}.tar`);
  let built: Db | undefined;
  await once(file, async () => {
    const db = await make();
    try {
      const dump = Buffer.from(await (await db.dump()).arrayBuffer());
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, dump);
      fs.renameSync(partial, file);
    } catch (error) {
      await db.close();
      throw error;
    }
    built = db;
  });
  return built ?? copy(new Blob([fs.readFileSync(file)]));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The URL of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL database the run keeps as the template of `key`; `migrate` fills it through its URL. */
export async function postgresTemplate(
  run: TemplateRun,
  url: string,
  key: string,
  migrate: (templateUrl: string) => Promise<void>,
): Promise<string> {
  const name = `bo_tpl_${run.runId}_${key}`;
  await once(path.join(run.dir, `${key}.pg`), async () => {
    await onServer(url, async (c) => {
      await c.query(`drop database if exists ${quote(name)}`);
      await c.query(`create database ${quote(name)}`);
    });
    await migrate(databaseUrl(url, name));
    fs.writeFileSync(path.join(run.dir, `${key}.pg`), name);
  });
  return name;
}

/** A new database copied from `template` (nobody may be connected to the template meanwhile); its name. */
export async function copyDatabase(run: TemplateRun, url: string, template: string): Promise<string> {
  const name = `bo_test_${run.runId}_${randomBytes(5).toString('hex')}`;
  await onServer(url, (c) => c.query(`create database ${quote(name)} template ${quote(template)}`));
  return name;
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await onServer(url, (c) => c.query(`drop database if exists ${quote(name)} with (force)`));
}

/** Every database of the run, templates and copies a crashed worker left. */
export async function dropRunDatabases(url: string, run: TemplateRun): Promise<void> {
  const names = await onServer(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname like $2`,
      [`bo_tpl_${run.runId}_%`, `bo_test_${run.runId}_%`],
    );
    return rows.map((r) => r.datname);
  });
  for (const name of names) await dropDatabase(url, name);
}
