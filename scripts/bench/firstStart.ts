// A newcomer's first start (issue 27, set-up): `npm start` after `npm ci` on a fresh clone builds every
// tenant's bundle and creates every tenant's database with the demo company, then prints the URLs. This
// times that start in a child process on a fresh data folder with no bundles built (dist/ is rebuilt, as
// the first start would), from the command to the summary naming the URLs, and counts the lines logged
// before it. `npm ci` itself is not timed (it took 46 s here).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/e2e/support/stack.ts';
import { distDir, repoRoot, tenantCodes } from '../../tests/e2e/support/tenants.ts';
import type { BenchSection } from './types.ts';

interface FirstStart {
  totalS: number;
  buildS?: number;
  databasesS: number;
  readyS: number;
  linesBefore: number;
  /** The summary's memory line: resident, JavaScript heap, and outside it (the engines' memory). */
  memory?: string;
}

/** Runs `npm start` (scripts/start.ts) until it prints its summary, then stops it. */
async function firstStart(dataDir: string): Promise<FirstStart> {
  const ports = Object.fromEntries(
    await Promise.all(
      tenantCodes().map(async (code) => [`PORT_${code.toUpperCase()}`, String(await freePort())]),
    ),
  );
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--data-dir', dataDir], {
    cwd: repoRoot,
    env: { ...process.env, ...ports, DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  try {
    const summary = await new Promise<string>((resolve, reject) => {
      let text = '';
      const read = (chunk: Buffer) => {
        text += chunk.toString();
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        const match = /Serving \(ready in [\s\S]*/.exec(text);
        if (match && /Ctrl-C/.test(text)) resolve(match[0]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`npm start exited (${code}): ${text.slice(-500)}`)));
    });
    const totalS = (performance.now() - began) / 1000;
    const figure = (pattern: RegExp) => {
      const found = pattern.exec(summary);
      return found ? Number(found[1]) : undefined;
    };
    return {
      totalS,
      buildS: figure(/bundles built in ([\d.]+) s/),
      databasesS: figure(/databases ready in ([\d.]+) s/) ?? Number.NaN,
      readyS: figure(/ready in ([\d.]+) s/) ?? Number.NaN,
      linesBefore: lines.findIndex((line) => line.startsWith('Serving (')),
      memory: /memory: ([^\n]*)/.exec(summary)?.[1],
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve).once('error', resolve));
  }
}

export default async function firstStartBench(): Promise<BenchSection> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotton-first-start-'));
  const load = () => os.loadavg()[0]!.toFixed(1);
  const loadBefore = load();
  fs.rmSync(distDir, { recursive: true, force: true });
  try {
    const run = await firstStart(dataDir);
    const s = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(1));
    return {
      title: `First start: npm start on a fresh data folder, no bundles built (${tenantCodes().length} tenants)`,
      columns: ['step', 'seconds'],
      rows: [
        ['bundles built (while the databases open)', s(run.buildS)],
        ['databases created, migrated, demo loaded', s(run.databasesS)],
        ['servers listening, summary printed (the start itself)', s(run.readyS)],
        ['from the command to the first URL (node and tsx starting included)', s(run.totalS)],
        ['lines logged before the summary', run.linesBefore],
        [`memory when ready, every tenant in one process: ${run.memory ?? '—'}`, ''],
      ],
      notes: [
        `Target: the first URL within 60 s of \`npm start\` after \`npm ci\`. One run; load average ${loadBefore} before, ${load()} after (2 cores shared: on a busy machine the figure grows with the load).`,
      ],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
