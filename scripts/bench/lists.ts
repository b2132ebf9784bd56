// Resource list figures: the batch list (a resource with thousands of rows in a trading house) over 100,000
// batches on PostgreSQL: a page as the list first shows it, a filtered and sorted page, a batch-number
// search, and a spreadsheet export of 50,000 rows fetched page by page as the client does.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { dropSchema } from '../../server/platform/db/postgres.ts';
import { batch } from '../../src/areas/warehouse/batches.ts';
import { MAX_PAGE_SIZE, resourcePath } from '../../src/framework/resource/index.ts';
import { DEFAULT_URL, reachable, signIn, startChild, stopChild } from './server.ts';
import type { BenchSection } from './types.ts';

const BATCHES = 100_000;
const SECONDS = 10;

/** 100,000 batches over 20 warehouses and two crop years, with the grades the certificate gives. */
async function seedBatches(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    await client.query(`insert into warehouses (code, name, kind)
      select 'B' || i, '压测仓库' || i, 'delivery' from generate_series(1, 20) i`);
    await client.query(
      `insert into batches (batch_no, warehouse_id, status, ginner, crop_year, bale_count, gross_weight_kg,
         tare_weight_kg, trash_percent, moisture_regain_percent, colour_grade, length_mm, micronaire, strength,
         uniformity, ginning_grade, net_weight, conditioned_weight, length_grade, micronaire_grade,
         strength_grade, uniformity_grade, deliverable, saved_batch_no)
       select '65' || lpad(i::text, 9, '0'), (select min(id) from warehouses) + i % 20,
              (array['stock','reserved','receipted','sold'])[1 + i % 4], '压测棉业',
              (array['2024/25','2025/26'])[1 + i % 2], 186, 42000 + i % 997, 210, 2.5 + (i % 10) / 10.0,
              8.5, (array['11','21','31','41'])[1 + i % 4], 27 + i % 4, 4.1, 28.5, 82.0, 'P2',
              41.79 - (i % 997) / 1000.0, 41.5 - (i % 997) / 1000.0, (27 + i % 4)::text, 'A', 'S3', 'U3', true,
              '65' || lpad(i::text, 9, '0')
         from generate_series(1, $1::int) i`,
      [BATCHES],
    );
    await client.query('analyze batches');
  } finally {
    await client.end();
  }
}

function load(base: string, token: string, body: string, connections: number) {
  return autocannon({
    url: `${base}${resourcePath(batch, 'list')}`,
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    body,
    connections,
    duration: SECONDS,
  });
}

/** Every row of one crop year, in pages of the largest size, one after another (the export's way). */
async function exportRows(base: string, token: string) {
  const start = performance.now();
  let rows = 0;
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${base}${resourcePath(batch, 'list')}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: `page_no=${page}&size=${MAX_PAGE_SIZE}&cropYear=2025/26`,
    });
    const answer = (await res.json()) as { data: { records: unknown[]; pages: number } };
    rows += answer.data.records.length;
    if (page >= answer.data.pages) break;
  }
  return { rows, seconds: (performance.now() - start) / 1000 };
}

export default async function listsBench(): Promise<BenchSection> {
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  if (!(await reachable(url))) throw new Error(`PostgreSQL unreachable at ${url}`);
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const child = await startChild({ BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema });
  try {
    await seedBatches(url, schema);
    const { token } = await signIn(child.url, 'admin');
    const cases: [string, string][] = [
      ['first page (15, default sort)', 'page_no=1&size=15'],
      [
        'crop year + colour, by conditioned weight',
        'size=15&cropYear=2025/26&colourGrade=21&sort=conditionedWeight,desc',
      ],
      ['batch-number search, page 3', 'page_no=3&size=15&batchNo=6512'],
    ];
    await load(child.url, token, cases[0]![1], 8); // warm-up
    const rows: (string | number)[][] = [];
    for (const [name, body] of cases) {
      const alone = await load(child.url, token, body, 1);
      const busy = await load(child.url, token, body, 8);
      rows.push([
        name,
        alone.latency.p50,
        Math.round(busy.requests.average),
        busy.latency.p50,
        busy.latency.p99,
        alone.errors + alone.non2xx + busy.errors + busy.non2xx,
      ]);
    }
    const exported = await exportRows(child.url, token);
    return {
      title: `API: batch list over ${BATCHES.toLocaleString('en')} batches (PostgreSQL, one process, loopback)`,
      columns: ['list call', 'one user p50 ms', '8 conn. req/s', 'p50 ms', 'p99 ms', 'errors'],
      rows,
      notes: [
        `${SECONDS} s with one connection, then ${SECONDS} s with 8 (autocannon), after a warm-up; the server, PostgreSQL and the load generator share 2 cores. Each answer carries its page and the total count. Export path: ${exported.rows.toLocaleString('en')} rows of one crop year fetched in pages of ${MAX_PAGE_SIZE} one after another in ${exported.seconds.toFixed(1)} s.`,
      ],
    };
  } finally {
    await stopChild(child);
    await dropSchema(url, schema).catch(() => {});
  }
}
