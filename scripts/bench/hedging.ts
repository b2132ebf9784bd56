// Hedging figures (issue 12): positions, exposure and MTM (one computation over the whole book) with 10,000
// open contracts, 200,000 fixings and 50,000 futures trades on PostgreSQL — one user (sequential requests)
// and 8 connections; and a futures company's 5,000-row statement (成交明细 CSV) imported on a hedge account:
// the preview (run whole and rolled back) and the confirmed import.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { dropSchema } from '../../server/platform/db/postgres.ts';
import { POSITIONS_PATH } from '../../src/areas/hedging/api.ts';
import { IMPORT_STATEMENT_PATH } from '../../src/areas/hedging/index.ts';
import type { Envelope } from '../../src/shared/api/contract.ts';
import { DEFAULT_URL, reachable, signIn, startChild, stopChild } from './server.ts';
import type { BenchSection } from './types.ts';

const CONTRACTS = 10_000;
const BASIS_CONTRACTS = 8_000;
const FIXINGS_PER_BASIS = 25;
const TRADES = 50_000;
const MONTHS = ['CF2701', 'CF2703', 'CF2705', 'CF2707', 'CF2709'];
const DAY = '2026-11-23';
const SEQUENTIAL = 50;
const BUSY_REQUESTS = 40;
/** The statement: pairs of one lot opened and closed on CF2705; one pair in BOOKED_EVERY is not in the book. */
const STATEMENT_ROWS = 5_000;
const STATEMENT_DAY = '20261120';
const STATEMENT_MONTH = 'CF2705';
const BOOKED_EVERY = 250;

interface StatementLine {
  time: string;
  side: 'buy' | 'sell';
  effect: 'open' | 'close';
  price: number;
  tradeNo: string;
  inBook: boolean;
}

/** 2,500 pairs (buy open 1, sell close 1) over one trading day, 5 s apart. */
export function statementLines(): StatementLine[] {
  const lines: StatementLine[] = [];
  for (let n = 0; n < STATEMENT_ROWS; n++) {
    const pair = Math.floor(n / 2);
    const seconds = 9 * 3600 + n * 5;
    const time = [seconds / 3600, (seconds % 3600) / 60, seconds % 60]
      .map((v) => String(Math.floor(v)).padStart(2, '0'))
      .join(':');
    lines.push({
      time,
      side: n % 2 === 0 ? 'buy' : 'sell',
      effect: n % 2 === 0 ? 'open' : 'close',
      price: 15000 + (pair % 100) * 5 + (n % 2) * 10,
      tradeNo: `S${String(n + 1).padStart(6, '0')}`,
      inBook: pair % BOOKED_EVERY !== 0,
    });
  }
  return lines;
}

const statementCsv = (lines: readonly StatementLine[]) =>
  Buffer.from(
    `\uFEFF${[
      '成交日期,成交时间,合约,买/卖,开/平,成交价,手数,成交额,手续费,成交编号',
      ...lines.map((l) =>
        [
          STATEMENT_DAY,
          l.time,
          'CF705',
          l.side === 'buy' ? '买' : '卖',
          l.effect === 'open' ? '开' : '平',
          l.price,
          1,
          (l.price * 5).toFixed(2),
          '1.50',
          l.tradeNo,
        ].join(','),
      ),
    ].join('\n')}`,
  ).toString('base64');

/**
 * Open contracts over five months (8,000 basis contracts a quarter fixed with 25 fixings each, 2,000 spot),
 * the months' daily prices and a published basis sheet, four trading accounts with 50,000 trades that
 * always close what is open (a small position is left per book and month), and the statement account with
 * the statement's trades already entered by hand, but for one pair in 250.
 */
export async function seed(url: string, schema: string, lines: readonly StatementLine[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    await client.query(`insert into partners (name, kinds)
      select '压测客户' || i, '{client}' from generate_series(1, 200) i`);
    await client.query(`insert into partners (name, kinds) values ('压测期货', '{broker}')`);
    await client.query(
      `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tolerance_percent,
         futures_month, basis, fixing_deadline, pricing_party, pricing_state, unit_price, tax_rate, status,
         fixed_tonnage, average_fixed_price)
       select 'YC' || lpad(i::text, 7, '0'), (array['purchase','sale'])[1 + i % 2],
              case when i <= $2 then 'basis' else 'spot' end, (select min(id) from partners) + i % 200,
              date '2026-01-01' + (i % 320), 1000, 5, ($3::text[])[1 + (i / 2) % 5], 800 + i % 400,
              date '2027-04-15',
              case when i <= $2 then (array['seller','buyer'])[1 + i % 2] end,
              case when i <= $2 then 'partial' end,
              case when i <= $2 then null else 15000 + i % 900 end, 9,
              (array['approved','executing'])[1 + i % 2],
              case when i <= $2 then $4::int * 10 else 0 end, case when i <= $2 then 15120 end
         from generate_series(1, $1::int) i`,
      [CONTRACTS, BASIS_CONTRACTS, MONTHS, FIXINGS_PER_BASIS],
    );
    await client.query(
      `insert into contract_fixings (contract_id, tonnage, futures_month, futures_price, unit_price, amount,
         hedge_direction, hedge_lots, hedge_tail, fixed_by, fixed_at)
       select c.id, 10, c.futures_month, 15000 + n * 30, 15800 + n * 30, 158000 + n * 300,
              case when c.side = 'sale' then 'buy' else 'sell' end, 2, 0,
              (select min(id) from users), now() - n * interval '1 day'
         from transaction_contracts c, generate_series(1, $1::int) n
        where c.kind = 'basis'`,
      [FIXINGS_PER_BASIS],
    );
    await client.query(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       select d::date, m, 15000 + (extract(doy from d)::int % 60) * 5, 15000 + (extract(doy from d)::int % 60) * 5
         from generate_series(date '2025-11-24', date '2026-11-20', interval '1 day') d, unnest($1::text[]) m
        where extract(isodow from d) < 6`,
      [MONTHS],
    );
    await client.query(
      `with sheet as (
         insert into sales_basis_sheets (sheet_no, effective_from, status, published_by, published_at)
         values ('JC-BENCH', date '2026-01-01', 'active', (select min(id) from users), now()) returning id)
       insert into sales_basis_lines (sheet_id, sort, futures_month, basis)
       select (select id from sheet), n, m, 900 + n * 20 from unnest($1::text[]) with ordinality u(m, n)`,
      [MONTHS],
    );
    await client.query(
      `insert into futures_accounts (account_no, broker_id, book)
       select a, (select max(id) from partners), b
         from (values ('BH1', 'hedge'), ('BH2', 'hedge'), ('BS1', 'speculation'), ('BS2', 'speculation'),
                      ('BST', 'hedge')) v(a, b)`,
    );
    // Trade i is of group i % 10 (book × month), step k = i / 10 in it: buy open 2, sell open 2, sell close 2,
    // buy close 2 — one lot less closed every 400 steps, so each book and month keeps a few lots open.
    await client.query(
      `insert into futures_trades (trade_no, account_id, book, futures_month, side, effect, lots, price, fee,
         traded_at, created_by)
       select 'QH' || lpad(i::text, 8, '0'),
              (select id from futures_accounts
                where account_no = case when i % 10 < 5 then 'BH' else 'BS' end || (1 + (i / 10) % 2)),
              case when i % 10 < 5 then 'hedge' else 'speculation' end, ($2::text[])[1 + i % 5],
              (array['buy','sell','sell','buy'])[1 + (i / 10) % 4],
              case when (i / 10) % 4 < 2 then 'open' else 'close' end,
              case when (i / 10) % 4 >= 2 and (i / 10) % 400 >= 398 then 1 else 2 end,
              14000 + (i % 300) * 5, 1.5,
              timestamptz '2026-01-05 09:00:00+08' + i * interval '3 minutes', (select min(id) from users)
         from generate_series(0, $1::int - 1) i`,
      [TRADES, MONTHS],
    );
    const entered = lines.filter((l) => l.inBook);
    await client.query(
      `insert into futures_trades (trade_no, account_id, book, futures_month, side, effect, lots, price, fee,
         traded_at, created_by)
       select 'QHS' || lpad(n::text, 7, '0'), (select id from futures_accounts where account_no = 'BST'), 'hedge',
              $1, side, effect, 1, price, 1.5, ($2 || ' ' || t || '+08')::timestamptz, (select min(id) from users)
         from unnest($3::text[], $4::text[], $5::numeric[], $6::text[]) with ordinality u(side, effect, price, t, n)`,
      [
        STATEMENT_MONTH,
        STATEMENT_DAY,
        entered.map((l) => l.side),
        entered.map((l) => l.effect),
        entered.map((l) => l.price),
        entered.map((l) => l.time),
      ],
    );
    await client.query(
      'analyze transaction_contracts; analyze contract_fixings; analyze futures_trades; analyze futures_prices',
    );
    const [counts] = (
      await client.query<{ fixings: number; trades: number; account: string }>(
        `select (select count(*)::int from contract_fixings) as fixings,
                (select count(*)::int from futures_trades) as trades,
                (select id::text from futures_accounts where account_no = 'BST') as account`,
      )
    ).rows;
    return counts!;
  } finally {
    await client.end();
  }
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function call(base: string, token: string, path: string, body: Record<string, string>) {
  const start = performance.now();
  // node:http: fetch gives up on a response slower than 5 minutes.
  const text = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', headers: { ...form, authorization: token } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString()));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(new URLSearchParams(body).toString());
  });
  const answer = JSON.parse(text) as Envelope;
  const ms = performance.now() - start;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return { ms, answer };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (n: number) => n.toFixed(0);

export default async function hedgingBench(): Promise<BenchSection[]> {
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  if (!(await reachable(url))) throw new Error(`PostgreSQL unreachable at ${url}`);
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const child = await startChild({ BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema });
  try {
    const lines = statementLines();
    const counts = await seed(url, schema, lines);
    const { token } = await signIn(child.url, 'admin');
    const body = { day: DAY };
    for (let i = 0; i < 3; i++) await call(child.url, token, POSITIONS_PATH, body); // warm-up
    const alone: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) alone.push((await call(child.url, token, POSITIONS_PATH, body)).ms);
    alone.sort((a, b) => a - b);
    const busy = await autocannon({
      url: `${child.url}${POSITIONS_PATH}`,
      method: 'POST',
      headers: { ...form, authorization: token },
      body: new URLSearchParams(body).toString(),
      connections: 8,
      // A fixed number of requests, each given 2 minutes: at seconds per computation a 10 s run kept none.
      amount: BUSY_REQUESTS,
      timeout: 120,
    });
    // Progress: the import below takes minutes and may fail on its own.
    console.log(
      `hedging: positions p50 ${ms(percentile(alone, 0.5))} ms, p99 ${ms(percentile(alone, 0.99))} ms (1 conn.); p99 ${busy.latency.p99} ms (8 conn.)`,
    );
    const file = {
      accountId: counts.account,
      fileName: `成交明细${STATEMENT_DAY}.csv`,
      content: statementCsv(lines),
    };
    const preview = await call(child.url, token, IMPORT_STATEMENT_PATH, file);
    const confirm = await call(child.url, token, IMPORT_STATEMENT_PATH, { ...file, confirm: 'true' });
    const outcome = confirm.answer.data as {
      matched: number;
      booked: number;
      missing: number;
      differing: number;
    };
    const kb = Math.round((file.content.length * 3) / 4 / 1024);
    return [
      {
        title: `API: positions, exposure and MTM over ${CONTRACTS.toLocaleString('en')} open contracts, ${counts.fixings.toLocaleString('en')} fixings and ${counts.trades.toLocaleString('en')} futures trades (PostgreSQL, one process, loopback)`,
        columns: ['load', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
        rows: [
          [
            `one user, ${SEQUENTIAL} sequential`,
            SEQUENTIAL,
            (1000 / (alone.reduce((s, v) => s + v, 0) / SEQUENTIAL)).toFixed(1),
            ms(percentile(alone, 0.5)),
            ms(percentile(alone, 0.99)),
            0,
          ],
          [
            `8 connections, ${BUSY_REQUESTS} requests`,
            busy.requests.total,
            busy.requests.average.toFixed(1),
            busy.latency.p50,
            busy.latency.p99,
            busy.errors + busy.non2xx,
          ],
        ],
        notes: [
          `Target: one computation's p50 under 200 ms. ${POSITIONS_PATH} on ${DAY}: the open lots kept per opening trade (FIFO, rewritten per book and month when its trades change — here by the seed's inserts) summed per book and month, MTM at each month's latest settlement, exposure per month, crop year and team (and total) summed in the database with the unpriced contracts' MTM at the basis sheet, and the stock's MTM. Sequential requests after 3 warm-up calls, then autocannon; the server, PostgreSQL and the load generator share 2 cores.`,
        ],
      },
      {
        title: `API: a ${STATEMENT_ROWS.toLocaleString('en')}-row futures statement (成交明细 CSV, ${kb} KiB) imported on a hedge account`,
        columns: ['call', 'ms'],
        rows: [
          ['preview (imported and rolled back)', ms(preview.ms)],
          ['confirm (imported)', ms(confirm.ms)],
        ],
        notes: [
          `One request each. ${outcome.matched} rows matched to trades entered by hand (by their terms), ${outcome.booked} booked from the statement (booked together, then the book's FIFO, team limits and realised P&L of ${STATEMENT_MONTH} checked once over its ${counts.trades.toLocaleString('en')}-trade history), ${outcome.missing} missing, ${outcome.differing} differing.`,
        ],
      },
    ];
  } finally {
    await stopChild(child);
    await dropSchema(url, schema).catch(() => {});
  }
}
