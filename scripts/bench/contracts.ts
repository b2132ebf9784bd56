// Contract figures (issue 11): the contract list over 50,000 contracts and 200,000 fixings on PostgreSQL —
// the first page, a filtered and sorted page, a counterparty's contracts — one user and 8 connections; and
// the fixing command (lock, rule, fixing row, contract figures, history) at 8 connections, each request
// fixing a little of a random open contract.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { dropSchema } from '../../server/platform/db/postgres.ts';
import { transactionContract } from '../../src/areas/contracts/resources.ts';
import { resourcePath } from '../../src/framework/resource/index.ts';
import { DEFAULT_URL, reachable, signIn, startChild, stopChild } from './server.ts';
import type { BenchSection } from './types.ts';

const CONTRACTS = 50_000;
const FIXINGS_PER_PRICED = 8;
const SECONDS = 10;

/** 50,000 contracts of 200 counterparties; half priced later with 8 fixings each (200,000 fixings). */
async function seedContracts(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    await client.query(`insert into partners (name, kinds)
      select '压测客户' || i, '{client}' from generate_series(1, 200) i`);
    await client.query(
      `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tolerance_percent,
         futures_month, basis, fixing_deadline, pricing_party, pricing_state, unit_price, tax_rate, status,
         fixed_tonnage, average_fixed_price)
       select 'YC' || lpad(i::text, 7, '0'), (array['purchase','sale'])[1 + i % 2],
              (array['basis','spot'])[1 + (i / 2) % 2], (select min(id) from partners) + i % 200,
              date '2026-01-01' + (i % 320), 10000, 5, 'CF2705', 800 + i % 400, date '2027-04-15',
              case when (i / 2) % 2 = 0 then (array['seller','buyer'])[1 + i % 2] end,
              case when (i / 2) % 2 = 0 then 'partial' end,
              case when (i / 2) % 2 = 0 then null else 15000 + i % 900 end, 9,
              (array['approved','executing','completed','draft'])[1 + i % 4],
              case when (i / 2) % 2 = 0 then 80 else 0 end, case when (i / 2) % 2 = 0 then 15120 end
         from generate_series(1, $1::int) i`,
      [CONTRACTS],
    );
    await client.query(
      `insert into contract_fixings (contract_id, tonnage, futures_month, futures_price, unit_price, amount,
         hedge_direction, hedge_lots, hedge_tail, fixed_by, fixed_at)
       select c.id, 10, 'CF2705', 15000 + n * 30, 15800 + n * 30, 158000 + n * 300, 'buy', 2, 0,
              (select min(id) from users), now() - n * interval '1 day'
         from transaction_contracts c, generate_series(1, $1::int) n
        where c.kind = 'basis'`,
      [FIXINGS_PER_PRICED],
    );
    await client.query('analyze transaction_contracts; analyze contract_fixings');
    const ids = await client.query<{ id: string }>(
      `select id::text from transaction_contracts where kind = 'basis' and status in ('approved', 'executing')`,
    );
    const [fixings] = (await client.query<{ n: number }>('select count(*)::int as n from contract_fixings'))
      .rows;
    const [partner] = (await client.query<{ id: string }>('select min(id)::text as id from partners')).rows;
    return { open: ids.rows.map((row) => row.id), fixings: fixings!.n, partnerId: partner!.id };
  } finally {
    await client.end();
  }
}

const headers = (token: string) => ({
  authorization: token,
  'content-type': 'application/x-www-form-urlencoded',
});

function listLoad(base: string, token: string, body: string, connections: number) {
  return autocannon({
    url: `${base}${resourcePath(transactionContract, 'list')}`,
    method: 'POST',
    headers: headers(token),
    body,
    connections,
    duration: SECONDS,
  });
}

/** Fixes 0.001 t of a random open contract per request. */
function fixLoad(base: string, token: string, open: readonly string[], connections: number) {
  const path = resourcePath(transactionContract, 'list').replace(/\/list$/, '/fix');
  return autocannon({
    url: `${base}${path}`,
    method: 'POST',
    headers: headers(token),
    connections,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: `id=${open[Math.floor(Math.random() * open.length)]}&tonnage=0.001&futuresPrice=15005`,
        }),
      },
    ],
  });
}

export default async function contractsBench(): Promise<BenchSection> {
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  if (!(await reachable(url))) throw new Error(`PostgreSQL unreachable at ${url}`);
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const child = await startChild({ BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema });
  try {
    const { open, fixings, partnerId } = await seedContracts(url, schema);
    const { token } = await signIn(child.url, 'admin');
    const cases: [string, string][] = [
      ['first page (15, newest signed first)', 'page_no=1&size=15'],
      ['sales partly priced, by basis', 'size=15&side=sale&pricingState=partial&sort=basis,desc'],
      ['one counterparty, page 2', `page_no=2&size=15&partnerId=${partnerId}`],
    ];
    await listLoad(child.url, token, cases[0]![1], 8); // warm-up
    const rows: (string | number)[][] = [];
    for (const [name, body] of cases) {
      const alone = await listLoad(child.url, token, body, 1);
      const busy = await listLoad(child.url, token, body, 8);
      rows.push([
        `list: ${name}`,
        alone.latency.p50,
        Math.round(busy.requests.average),
        busy.latency.p50,
        busy.latency.p99,
        alone.errors + alone.non2xx + busy.errors + busy.non2xx,
      ]);
    }
    const alone = await fixLoad(child.url, token, open, 1);
    const busy = await fixLoad(child.url, token, open, 8);
    rows.push([
      'fix command (0.001 t of a random contract)',
      alone.latency.p50,
      Math.round(busy.requests.average),
      busy.latency.p50,
      busy.latency.p99,
      alone.errors + alone.non2xx + busy.errors + busy.non2xx,
    ]);
    return {
      title: `API: contracts over ${CONTRACTS.toLocaleString('en')} contracts and ${fixings.toLocaleString('en')} fixings (PostgreSQL, one process, loopback)`,
      columns: ['call', 'one user p50 ms', '8 conn. req/s', 'p50 ms', 'p99 ms', 'errors'],
      rows,
      notes: [
        `${SECONDS} s with one connection, then ${SECONDS} s with 8 (autocannon), after a warm-up; the server, PostgreSQL and the load generator share 2 cores. A fixing locks its contract, checks the open tonnage, writes the fixing, the contract's figures, its history and the operation record in one transaction; ${open.length.toLocaleString('en')} open contracts are fixed at random.`,
      ],
    };
  } finally {
    await stopChild(child);
    await dropSchema(url, schema).catch(() => {});
  }
}
