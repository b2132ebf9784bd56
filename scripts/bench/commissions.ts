// The commission run of a month (issue 26: under 5 s) on PostgreSQL: 2,000 sale settlements confirmed in
// November, 10,000 batches of 40 t each bought under 200 spot purchases — the time from finance's request
// creating the run to its answer, in which every batch is costed (src/domain/batchCost.ts), every line is
// computed by src/domain/commission.ts (purchaser and salesperson per tonne, the manager's royalty on GP, 60 %
// payable as collected), inserted and summed. Then the same run recomputed.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { buildApp } from '../../server/app.ts';
import { COMPOSITION } from '../../server/areas/index.ts';
import { openDatabase } from '../../server/platform/db/index.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { dropSchema } from '../../server/platform/db/postgres.ts';
import { login, post, TEST_TENANT } from '../../server/test/harness.ts';
import { commissionRun } from '../../src/areas/commissions/index.ts';
import { resourcePath } from '../../src/framework/resource/index.ts';
import { DEFAULT_URL, reachable } from './server.ts';
import type { BenchSection } from './types.ts';

const SETTLEMENTS = 2_000;
const PER_SETTLEMENT = 5;
const BATCHES = SETTLEMENTS * PER_SETTLEMENT;

export default async function commissionsBench(): Promise<BenchSection> {
  const title = `Commission run: a month of ${SETTLEMENTS.toLocaleString('en')} sale settlements, ${BATCHES.toLocaleString('en')} batches`;
  const url = process.env.DATABASE_URL || DEFAULT_URL;
  if (!(await reachable(url)))
    return { title, columns: ['figure'], rows: [['skipped']], notes: [`PostgreSQL not reachable at ${url}`] };
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const db = await openDatabase({ url, schema, poolSize: 4 });
  try {
    await migrate(db, TEST_TENANT, COMPOSITION);
    await db.query(`insert into partners (name, kinds) values ('轧花厂', '{supplier}')`);
    await db.query(
      `insert into partners (name, kinds) select '纺织厂' || lpad(g::text, 3, '0'), '{client}' from generate_series(1, 200) g`,
    );
    await db.query(
      `insert into batches (batch_no, status, conditioned_weight, crop_year)
       select 'B' || lpad(g::text, 6, '0'), 'out', 40, '2025/26' from generate_series(1, $1) g`,
      [BATCHES],
    );
    const contracts = async (
      side: string,
      count: number,
      login: string,
      price: string,
      kind: string,
      of: number,
    ) =>
      db.query(
        `insert into transaction_contracts (contract_no, side, kind, partner_id, salesperson_id, sign_date, tonnage,
                unit_price, tax_rate, status)
         select $1::text || lpad(g::text, 5, '0'), $1::text, 'spot',
                (select id from partners where $5::text = any(kinds) order by id offset (g % $6::int) limit 1),
                (select id from users where login_name = $3), '2026-10-01', 200, $4::numeric, 9, 'executing'
           from generate_series(1, $2::int) g`,
        [side, count, login, price, kind, of],
      );
    await contracts('purchase', BATCHES / 50, 'trader', '14300', 'supplier', 1);
    await contracts('sale', SETTLEMENTS, 'sales', '15650', 'client', 200);
    await db.query(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, unit_price)
       select c.id, 'B' || lpad(g::text, 6, '0'), 40, c.unit_price from generate_series(1, $1) g
         join transaction_contracts c on c.contract_no = 'purchase' || lpad(((g - 1) / 50 + 1)::text, 5, '0')`,
      [BATCHES],
    );
    await db.query(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, unit_price)
       select c.id, 'B' || lpad(g::text, 6, '0'), 40, c.unit_price from generate_series(1, $1) g
         join transaction_contracts c on c.contract_no = 'sale' || lpad(((g - 1) / $2 + 1)::text, 5, '0')`,
      [BATCHES, PER_SETTLEMENT],
    );
    await db.query(
      `insert into settlements (settlement_no, side, contract_id, settle_date, created_by, created_at)
       select 'JS' || c.contract_no, 'sale', c.id, '2026-11-10', c.salesperson_id, now()
         from transaction_contracts c where c.side = 'sale'`,
    );
    await db.query(
      `insert into settlement_lines (settlement_id, side, contract_id, line_kind, batch_no, weight, unit_price, amount,
              amount_excl, vat, tax_rate, priced_by)
       select s.id, 'sale', s.contract_id, 'goods', l.batch_no, 40, 15650, 626000, 574311.93, 51688.07, 9, 'fixed'
         from settlements s join transaction_contract_lines l on l.contract_id = s.contract_id`,
    );
    await db.query(
      `update settlements set goods_amount = $1, total_amount = $1, amount_excl = $2, vat = $3, balance = $1,
              status = 'confirmed', confirmed_on = '2026-11-10', confirmed_by = created_by, confirmed_at = now()`,
      [
        626000 * PER_SETTLEMENT,
        (574311.93 * PER_SETTLEMENT).toFixed(2),
        (51688.07 * PER_SETTLEMENT).toFixed(2),
      ],
    );
    // The sales desk's manager earns the royalty on its GP; the mills have paid 60 % of their contracts.
    await db.query(
      `update departments set leader_id = (select id from users where login_name = 'admin')
        where id = (select department_id from users where login_name = 'sales')`,
    );
    await db.query(
      `insert into client_payments (partner_id, contract_id, kind, amount, received_on, status, created_at)
       select c.partner_id, c.id, 'goods', $1, '2026-11-15', 'paid', now() from transaction_contracts c where c.side = 'sale'`,
      [(626000 * PER_SETTLEMENT * 0.6).toFixed(2)],
    );
    // As autovacuum would after a month of business: the planner knows the tables' sizes.
    await db.query('analyze');
    const { app } = await buildApp({ db, ...COMPOSITION, tenant: TEST_TENANT });
    const { token } = await login(app, 'finance');
    let started = performance.now();
    const { json } = await post(app, resourcePath(commissionRun, 'save'), { period: '2026-11' }, { token });
    const computed = performance.now() - started;
    if (json.code !== 200) throw new Error(`run refused: ${json.msg}`);
    const run = json.data as { id: string; lineCount: number; payableAmount: string; uncostedCount: number };
    started = performance.now();
    const again = await post(
      app,
      `${resourcePath(commissionRun, 'detail').replace(/\/detail$/, '')}/recompute`,
      { id: run.id },
      { token },
    );
    const recomputed = performance.now() - started;
    if (again.json.code !== 200) throw new Error(`recompute refused: ${again.json.msg}`);
    await app.close();
    return {
      title,
      columns: ['figure', 'value'],
      rows: [
        ['lines', run.lineCount],
        ['batches without cost', run.uncostedCount],
        ['payable (CNY)', run.payableAmount],
        ['run computed (s)', (computed / 1000).toFixed(2)],
        ['run recomputed (s)', (recomputed / 1000).toFixed(2)],
      ],
      notes: [
        'Target: the commission run for a month under 5 s (issue 26).',
        `Load average while measured: ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} on ${os.cpus().length} cores.`,
      ],
    };
  } finally {
    await db.close();
    await dropSchema(url, schema);
  }
}
