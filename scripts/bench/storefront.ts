// Storefront search figures (issue 25): a client's search of the B2B storefront over 20,000 published
// batches (each its own published package, with the quality summary the desk's save writes) on PostgreSQL,
// narrowed by five quality ranges (length, micronaire, strength, uniformity, premium) and sorted by premium:
// one user alone (p50), then 50 connections at once (p99). Figures only; nothing asserts a time.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { dropSchema } from '../../server/platform/db/postgres.ts';
import { DEMO_PASSWORD } from '../../server/platform/db/seed/data.ts';
import { hashPassword } from '../../server/platform/passwords.ts';
import { STOREFRONT_PATHS } from '../../src/areas/storefront/api.ts';
import { DEFAULT_URL, reachable, signIn, startChild, stopChild } from './server.ts';
import type { BenchSection } from './types.ts';

const BATCHES = 20_000;
const SECONDS = 10;
const CONNECTIONS = 50;
/** The bench server's port, in this work's range. */
const PORT = '47517';

/** 20,000 own batches in stock, each published as a package of one; a client's platform user to search. */
async function seedListings(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    await client.query(`insert into warehouses (code, name, kind)
      select 'S' || i, '商城仓库' || i, 'delivery' from generate_series(1, 10) i`);
    await client.query(
      `insert into batches (batch_no, warehouse_id, status, owner_kind, ginner, crop_year, bale_count, gross_weight_kg,
         tare_weight_kg, trash_percent, moisture_regain_percent, colour_grade, length_mm, micronaire, strength,
         uniformity, ginning_grade, net_weight, conditioned_weight, length_grade, micronaire_grade,
         strength_grade, uniformity_grade, deliverable, saved_batch_no)
       select '66' || lpad(i::text, 9, '0'), (select min(id) from warehouses) + i % 10, 'stock', 'own',
              '商城棉业', (array['2024/25','2025/26'])[1 + i % 2], 186, 42000, 210, 2.5, 8.5,
              (array['11','21','31','41'])[1 + i % 4], 27 + (i % 40) / 10.0, 3.5 + (i % 20) / 10.0,
              26 + (i % 60) / 10.0, 80 + (i % 50) / 10.0, 'P2', 41.79, 41.5, (27 + i % 4)::text, 'A', 'S3',
              'U3', true, '66' || lpad(i::text, 9, '0')
         from generate_series(1, $1::int) i`,
      [BATCHES],
    );
    await client.query(
      `insert into resource_packages (package_no, name, price_kind, unit_price, valid_until, status, batch_count,
         bale_count, tonnes, main_colour, colour_shares, micronaire_class, micronaire_shares, length_mm,
         micronaire, strength, uniformity, premium, crop_years, warehouse_names)
       select 'ZYB' || b.batch_no, '机采 ' || b.batch_no, 'fixed', 15000 + (b.id % 300) * 5, current_date + 60,
              'published', 1, b.bale_count, b.conditioned_weight, b.colour_grade, b.colour_grade || ': 186',
              'B2', 'B2: 186', b.length_mm, b.micronaire, b.strength, b.uniformity, (b.id % 80) * 10 - 400,
              b.crop_year, w.name
         from batches b join warehouses w on w.id = b.warehouse_id where b.batch_no like '66%'`,
    );
    await client.query(
      `insert into resource_package_lines (package_id, batch_no)
       select p.id, substr(p.package_no, 4) from resource_packages p where p.package_no like 'ZYB66%'`,
    );
    const [user] = (
      await client.query<{ id: string }>(
        `insert into users (login_name, password_hash, rel_name, phone) values ('benchmill', $1, '压测纺织', '13800000000')
         returning id::text`,
        [await hashPassword(DEMO_PASSWORD)],
      )
    ).rows;
    await client.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where code = 'platformClient'`,
      [user!.id],
    );
    await client.query(
      `with p as (insert into partners (name, kinds, credit_limit) values ('压测纺织', '{client}', 100000000)
                  returning id)
       insert into platform_users (user_id, partner_id, status) select $1, id, 'active' from p`,
      [user!.id],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** The five quality ranges a mill asks for, sorted by premium. */
const SEARCH = new URLSearchParams({
  'lengthMm.from': '28.0',
  'lengthMm.to': '30.5',
  'micronaire.from': '3.8',
  'micronaire.to': '4.9',
  'strength.from': '28.0',
  'strength.to': '31.0',
  'uniformity.from': '82.0',
  'uniformity.to': '84.5',
  'premium.from': '-100',
  'premium.to': '300',
  sort: 'premium',
  order: 'desc',
  size: '15',
}).toString();

function load(base: string, token: string, connections: number, duration = SECONDS) {
  return autocannon({
    url: `${base}${STOREFRONT_PATHS.search}`,
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: SEARCH,
    connections,
    duration,
  });
}

export default async function storefrontBench(): Promise<BenchSection> {
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  if (!(await reachable(url))) throw new Error(`PostgreSQL unreachable at ${url}`);
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const child = await startChild({ BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema, BENCH_PORT: PORT });
  try {
    await seedListings(url, schema);
    const { token } = await signIn(child.url, 'benchmill');
    const probe = await fetch(`${child.url}${STOREFRONT_PATHS.search}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: SEARCH,
    });
    const answer = (await probe.json()) as { code: number; msg: string; data?: { total: number } };
    if (answer.code !== 200) throw new Error(`storefront search refused: ${answer.msg}`);
    await load(child.url, token, 8, 3); // warm-up
    const alone = await load(child.url, token, 1);
    const busy = await load(child.url, token, CONNECTIONS);
    return {
      title: `API: storefront search over ${BATCHES.toLocaleString('en')} published batches (PostgreSQL, one process, loopback)`,
      columns: [
        'search',
        'matches',
        'one user p50 ms',
        `${CONNECTIONS} conn. req/s`,
        'p50 ms',
        'p99 ms',
        'errors',
      ],
      rows: [
        [
          'five quality ranges, by premium, page 1 of 15',
          answer.data?.total ?? 0,
          alone.latency.p50,
          Math.round(busy.requests.average),
          busy.latency.p50,
          busy.latency.p99,
          alone.errors + alone.non2xx + busy.errors + busy.non2xx,
        ],
      ],
      notes: [
        `Targets (issue 25): one user p50 < 50 ms, ${CONNECTIONS} connections p99 < 300 ms. ${SECONDS} s with one connection, then ${SECONDS} s with ${CONNECTIONS} (autocannon), after a warm-up; each batch is a published package of one, so the search reads 20,000 listings. The server, PostgreSQL and the load generator share 2 cores; load average at the start: ${loadAtStart} (other work on the machine shows in p99).`,
      ],
    };
  } finally {
    await stopChild(child);
    await dropSchema(url, schema).catch(() => {});
  }
}
