// API server figures: /api/user/index/index under load (autocannon, PostgreSQL) and idle sockets held by one
// process. Loopback only; every phase is bounded in time.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { WebSocket } from 'ws';
import { dropSchema } from '../../server/platform/db/postgres.ts';
import { DEMO_PASSWORD } from '../../server/platform/db/seed/data.ts';
import { repoRoot } from '../../server/platform/tenants/paths.ts';
import { type Envelope, type LoginData, PATHS } from '../../src/shared/api/contract.ts';
import { HEARTBEAT_INTERVAL_MS } from '../../src/shared/constants.ts';
import type { BenchSection } from './types.ts';

const TARGET_RATE = 300;
const LOAD_SECONDS = 10;
const SOCKETS = 2_000;
const HOLD_MS = 3 * HEARTBEAT_INTERVAL_MS;
export const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface Child {
  proc: ChildProcess;
  url: string;
  ask: <T>(command: string) => Promise<T>;
}

export function startChild(env: Record<string, string>): Promise<Child> {
  const proc = fork(path.join(repoRoot, 'server/bench/child.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(command: string) =>
    new Promise<T>((resolve) => {
      proc.once('message', (m) => resolve(m as T));
      proc.send(command);
    });
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve({ proc, url: (m as { ready: string }).ready, ask }));
    proc.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Asks the server to close (sockets and pool) and waits for its exit; kills it after 10 s. */
export function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null) return resolve();
    const killer = setTimeout(() => child.proc.kill('SIGKILL'), 10_000);
    child.proc.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.proc.send('stop');
  });
}

export async function signIn(base: string, username = 'trader'): Promise<LoginData> {
  const res = await fetch(`${base}${PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  });
  const answer = (await res.json()) as Envelope<LoginData>;
  if (!answer.data) throw new Error(`bench login failed: ${answer.msg}`);
  return answer.data;
}

/** As many requests as 32 connections carry (autocannon). */
function flatOut(base: string, token: string) {
  return autocannon({
    url: `${base}${PATHS.menu}`,
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    connections: 32,
    duration: LOAD_SECONDS,
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * An evenly paced open-loop load (autocannon's rate limit sends each second's requests in a burst). Latency
 * counts from when a request was due, so a stalled server is not hidden by requests it delayed.
 */
async function paced(base: string, token: string, rate: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(`${base}${PATHS.menu}`);
  // node:http rather than fetch: the client must stay far lighter than the server it measures.
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const done = (failed: boolean) => {
        if (failed) errors += 1;
        latencies.push(performance.now() - due);
        resolve();
      };
      const req = http.request(
        target,
        { method: 'POST', agent, headers: { authorization: token } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done((JSON.parse(Buffer.concat(chunks).toString()) as Envelope).code !== 200));
        },
      );
      req.on('error', () => done(true));
      req.end();
    });
  const total = rate * seconds;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      while (inflight.length < total && start + (inflight.length * 1000) / rate <= performance.now())
        inflight.push(one(start + (inflight.length * 1000) / rate));
      if (inflight.length < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inflight);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: total / ((performance.now() - start) / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
  };
}

const ms = (n: number) => n.toFixed(1);

/** Opens idle sockets that heartbeat every 5 s; counts those open and answered at the end of the hold. */
async function idleSockets(base: string, { token, user }: LoginData, child: Child) {
  const before = await child.ask<{ rss: number }>('stats');
  const sockets: WebSocket[] = [];
  const answered = new Set<WebSocket>();
  const timers: NodeJS.Timeout[] = [];
  const opened = await Promise.allSettled(
    Array.from(
      { length: SOCKETS },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${base.replace('http', 'ws')}${PATHS.socket(user.id)}`, {
            headers: { authorization: token },
          });
          ws.once('open', () => {
            sockets.push(ws);
            const beat = () => ws.readyState === ws.OPEN && ws.send('{"messageType":"9999"}');
            timers.push(
              setTimeout(
                () => timers.push(setInterval(beat, HEARTBEAT_INTERVAL_MS)),
                (i * 7) % HEARTBEAT_INTERVAL_MS,
              ),
            );
            resolve();
          });
          ws.on('message', () => answered.add(ws));
          ws.once('error', reject);
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, HOLD_MS));
  answered.clear();
  await new Promise((r) => setTimeout(r, HEARTBEAT_INTERVAL_MS + 1_000));
  const during = await child.ask<{ rss: number; sockets: number }>('stats');
  for (const t of timers) clearInterval(t);
  for (const ws of sockets) ws.terminate();
  return {
    opened: opened.filter((o) => o.status === 'fulfilled').length,
    held: during.sockets,
    answered: answered.size,
    rssDeltaMiB: (during.rss - before.rss) / 2 ** 20,
  };
}

export default async function serverBench(): Promise<BenchSection[]> {
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  const onPostgres = await reachable(url);
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const child = await startChild(
    onPostgres ? { BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema } : { BENCH_DATABASE_URL: '' },
  );
  try {
    const session = await signIn(child.url);
    const { token } = session;
    await paced(child.url, token, 100, 3); // warm-up: JIT, pool connections
    const even = await paced(child.url, token, TARGET_RATE, LOAD_SECONDS);
    const flat = await flatOut(child.url, token);
    const ws = await idleSockets(child.url, session, child);
    const backend = onPostgres ? 'PostgreSQL' : 'PGlite (PostgreSQL unreachable)';
    return [
      {
        title: `API: ${PATHS.menu} (${backend}, one process, loopback)`,
        columns: ['load', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
        rows: [
          [`paced at ${TARGET_RATE} req/s`, Math.round(even.rps), ms(even.p50), ms(even.p99), even.errors],
          [
            'as fast as possible, 32 conn.',
            Math.round(flat.requests.average),
            flat.latency.p50,
            flat.latency.p99,
            flat.errors + flat.non2xx,
          ],
        ],
        notes: [
          `Target: p99 < 25 ms at ${TARGET_RATE} req/s. ${LOAD_SECONDS} s per row after a warm-up. Paced row: an even open-loop load, latency counted from each request's due time; second row: autocannon. Load average at the start: ${loadAtStart} (2 cores; other work on the machine shows in p99).`,
        ],
      },
      {
        title: 'API: idle WebSocket clients held by one process',
        columns: ['clients opened', 'held by server', 'answered last 5 s', 'server RSS growth MiB'],
        rows: [[ws.opened, ws.held, ws.answered, ws.rssDeltaMiB.toFixed(1)]],
        notes: [
          `Target: ${SOCKETS} clients, each sending 9999 every 5 s, held ${(HOLD_MS / 1000).toFixed(0)} s + one more round.`,
        ],
      },
    ];
  } finally {
    await stopChild(child);
    if (onPostgres) await dropSchema(url, schema).catch(() => {});
  }
}
