// 50 settlements of one contract saved at once on PostgreSQL, as a desk clicking in several tabs: each names the
// contract's delivered batches. Exactly one settles them; the 49 others are refused in words (the batch is in
// that settlement), never 500 (a deadlock, a wait past the lock timeout, the unique index's bare refusal), and
// the settled tonnes are the delivered tonnes. PGlite has one connection, so nothing races there.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { invoiceApplication, settlement } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { dropSchema } from '../../platform/db/postgres.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { login, manualClock, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');
const WAYS = 50;
const URL = process.env.DATABASE_URL;

describe.skipIf(!URL)('50 settlements of one contract at once on PostgreSQL', () => {
  let db: Db;
  let app: FastifyInstance;
  const schema = `test_settle_${randomUUID().slice(0, 8)}`;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    db = await openDatabase({ url: URL, schema, poolSize: 12 });
    await migrate(db, TEST_TENANT, COMPOSITION, { now: new Date(NOW) });
    ({ app } = await startApp(db, manualClock(NOW)));
    for (const who of ['admin', 'risk', 'trader', 'sales', 'finance'])
      tokens[who] = (await login(app, who)).token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (URL) await dropSchema(URL, schema);
  });

  it('settles the batches once: one answer 200, 49 refusals in words, settled = delivered', async () => {
    const client = await clientWithLimit(db, '无锡一棉', '50000000', 'sales');
    const contract = await approvedBasisSale(resource, client, '100');
    await resource.saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '14610',
      settlementPrice: '14600',
    });
    const fix = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: contract, tonnage: '100', futuresPrice: '14600' },
      { token: tokens.admin! },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
    for (const [sort, batchNo] of ['R1', 'R2'].entries()) {
      await db.query(
        `insert into batches (batch_no, status, conditioned_weight, crop_year) values ($1, 'out', 50.5, '2025/26')`,
        [batchNo],
      );
      await db.query(
        'insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, sort) values ($1, $2, 50.5, $3)',
        [contract, batchNo, sort],
      );
    }
    const answers = await Promise.all(
      Array.from({ length: WAYS }, () =>
        resource
          .call('sales', settlement, 'save', { side: 'sale', contractId: contract, settleDate: '2026-11-23' })
          .then(({ json }) => json),
      ),
    );
    const codes = answers.map((json) => json.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 400)).toHaveLength(WAYS - 1);
    for (const refused of answers.filter((json) => json.code !== 200))
      expect(refused.msg).toMatch(/没有已交货未结算的批次|已在结算单/);
    const [settled] = await db.query<{ tonnes: string; settlements: string }>(
      `select sum(weight)::text as tonnes, count(distinct settlement_id)::text as settlements
         from settlement_lines where contract_id = $1 and open and line_kind = 'goods'`,
      [contract],
    );
    expect(settled).toEqual({ tonnes: '101.000', settlements: '1' });

    // 50 applications at once, each for 3 t of R1 (50.5 t): 16 fit, the 34 others are refused in words.
    const id = String((answers.find((json) => json.code === 200)!.data as { id: string }).id);
    expect((await resource.transition('sales', settlement, id, 'submit')).json.code).toBe(200);
    expect((await resource.transition('finance', settlement, id, 'approve')).json.code).toBe(200);
    const confirmed = await post(
      app,
      `${resourcePath(settlement, 'detail').replace(/\/detail$/, '')}/confirm`,
      { id, confirmedByParty: '无锡一棉', confirmedOn: '2026-11-24' },
      { token: tokens.finance! },
    );
    expect(confirmed.json.code, confirmed.json.msg).toBe(200);
    const applied = await Promise.all(
      Array.from({ length: WAYS }, () =>
        resource
          .call('sales', invoiceApplication, 'save', {
            settlementId: id,
            invoiceKind: '01',
            applyDate: '2026-11-25',
            lines: JSON.stringify([{ batchNo: 'R1', quantity: '3' }]),
          })
          .then(({ json }) => json),
      ),
    );
    expect(applied.filter((json) => json.code === 200)).toHaveLength(16);
    for (const refused of applied.filter((json) => json.code !== 200)) {
      expect(refused.code).toBe(400);
      expect(refused.msg).toContain('超过已结算未开票');
    }
    const [invoiced] = await db.query<{ tonnes: string }>(
      `select sum(a.quantity)::text as tonnes from invoice_application_lines a
         join settlement_lines l on l.id = a.settlement_line_id where l.batch_no = 'R1' and a.counts`,
    );
    expect(invoiced!.tonnes).toBe('48.000');
  }, 120_000);
});
