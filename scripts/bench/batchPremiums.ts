// The batch premium list (QmFuturesDiscountAll, /pri/) on the demo company, on PostgreSQL and on embedded
// PGlite: one user's list calls one after another (the first page as the screen opens it, a crop year sorted
// by total premium), each answer with its page and total count. Issue 27 measured 2.6–3.0 s a call on
// PostgreSQL (0.27 s on PGlite) before migration 110.
import { randomBytes } from 'node:crypto';
import { dropSchema } from '../../server/platform/db/postgres.ts';
import { batchPremium } from '../../src/areas/warehouse/index.ts';
import { resourcePath } from '../../src/framework/resource/index.ts';
import { DEFAULT_URL, reachable, signIn, startChild, stopChild } from './server.ts';
import type { BenchSection } from './types.ts';

const CALLS = 20;
const CASES: [string, string][] = [
  ['first page (15, by batch no.)', 'page_no=1&size=15'],
  ['crop year, by total premium', 'page_no=1&size=15&cropYear=2025/26&sort=totalPremium,desc'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(base: string, token: string, body: string) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < CALLS + 2; i++) {
    const start = performance.now();
    const res = await fetch(`${base}${resourcePath(batchPremium, 'list')}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const answer = (await res.json()) as { code: number; msg?: string; data?: { total: number } };
    if (answer.code !== 200) throw new Error(`batch premium list: ${answer.msg}`);
    total = answer.data!.total;
    // The first two calls warm the server (plans, caches) and are not counted.
    if (i >= 2) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), max: times.at(-1)!, total };
}

async function onBackend(name: string, env: Record<string, string>) {
  const child = await startChild({ ...env, BENCH_DEMO: '1' });
  try {
    const { token } = await signIn(child.url, 'admin');
    const rows: (string | number)[][] = [];
    for (const [label, body] of CASES) {
      const { p50, max, total } = await measure(child.url, token, body);
      rows.push([name, label, total, Math.round(p50), Math.round(max)]);
    }
    return rows;
  } finally {
    await stopChild(child);
  }
}

export default async function batchPremiumsBench(): Promise<BenchSection> {
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  const rows: (string | number)[][] = [];
  if (await reachable(url)) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    try {
      rows.push(...(await onBackend('PostgreSQL', { BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema })));
    } finally {
      await dropSchema(url, schema).catch(() => {});
    }
  } else rows.push(['PostgreSQL', `unreachable at ${url}`, '', '', '']);
  rows.push(...(await onBackend('PGlite', { BENCH_DATABASE_URL: '' })));
  return {
    title: 'API: batch premium list (QmFuturesDiscountAll) on the demo company',
    columns: ['database', 'list call', 'rows', 'p50 ms', 'max ms'],
    rows,
    notes: [
      `${CALLS} calls one after another by one user after two warm-up calls, each answering its page and the total count; server and database on the same 2 cores. Target: well under 0.5 s on both (issue 27 measured 2.6–3.0 s on PostgreSQL before migration 110 priced each batch's parts once).`,
    ],
  };
}
