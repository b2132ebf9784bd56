// The contracts' part of the demo company: the trading desk's split and combination show on /pur/SepComb,
// each with its closed and new contracts, the closed ones superseded; every contract prints complete.
import type { FastifyInstance } from 'fastify';
import { contractSepComb, transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  exchangePriceProblem,
  fixingDeadlineProblem,
  futuresMonth,
  tradingMonthProblem,
} from '../../../src/domain/index.ts';
import { attachmentPath, PUBLISHED_TEMPLATE_PATH } from '../../../src/framework/resource/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { exchangeCalendarOn, exchangeRulesOn } from '../../platform/exchange.ts';
import { login, manualClock, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('splits and combinations of the demo company', () => {
  let db: Db;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).demo).toBe(true);
    ({ app } = await startApp(db, manualClock(NOW.getTime())));
    for (const who of ['trader', 'sales']) tokens[who] = (await login(app, who)).token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('lists a split into two contracts and a combination into one, the sources superseded', async () => {
    const operations = await records('trader', contractSepComb);
    expect(operations.map((r) => r.operation).sort()).toEqual(['combine', 'split']);
    for (const operation of operations) {
      const { json } = await call('trader', contractSepComb, 'detail', { id: operation.id });
      const parts = (json.data as { parts: Row[] }).parts;
      const results = parts.filter((p) => p.role === 'result');
      expect(results).toHaveLength(operation.operation === 'split' ? 2 : 1);
      const sources = parts.filter((p) => p.role === 'source').map((p) => p.contractId);
      const states = await db.query<{ status: string }>(
        'select status from transaction_contracts where id = any($1::bigint[])',
        [sources],
      );
      expect(states.every((s) => s.status === 'superseded')).toBe(true);
    }
  });

  it('prints every contract with its delivery terms and the house’s own details (issue 27)', async () => {
    const contracts = await records('trader', transactionContract);
    expect(contracts.length).toBeGreaterThan(10);
    for (const contract of contracts)
      expect(contract, String(contract.contractNo)).toMatchObject({
        qualitySpec: expect.any(String),
        warehouseId: expect.any(String),
        deliveryFrom: expect.any(String),
        deliveryTo: expect.any(String),
        paymentTerms: expect.any(String),
      });
    const { json } = await post(
      app,
      PUBLISHED_TEMPLATE_PATH,
      { variant: 'purchasePrint' },
      { token: tokens.trader },
    );
    expect((json.data as { house: unknown }).house).toEqual({
      creditCode: expect.stringMatching(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/),
      address: expect.stringMatching(/\S/),
    });
    const codes = await db.query<{ credit_code: string | null }>(
      `select credit_code from partners p where exists (select 1 from transaction_contracts c where c.partner_id = p.id)`,
    );
    expect(
      codes.every((row) =>
        /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(row.credit_code ?? ''),
      ),
    ).toBe(true);
  });

  it('has a request to move a sale to another salesperson waiting for risk', async () => {
    const requests = await db.query<{ status: string }>('select status from contract_transfers');
    expect(requests).toEqual([{ status: 'submitted' }]);
  });

  it("shows the signed scan and a note among a sale's attachments, downloadable", async () => {
    const [sale] = await db.query<{ id: string }>(
      `select distinct record_id::text as id from record_attachments where resource_key = 'transactionContract'`,
    );
    const { json } = await call('sales', transactionContract, 'detail', { id: sale!.id });
    const files = (json.data as { attachments: Row[] }).attachments;
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/签字盖章版\.pdf$/), '交货安排说明.txt']);
    const res = await app.inject({
      method: 'POST',
      url: attachmentPath(transactionContract, 'download'),
      payload: new URLSearchParams({ id: sale!.id, attachmentId: files[0]!.id }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: tokens.sales! },
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  // Issue 21: the demo company's fixings, rolls and deadlines are ones the exchange's rules accept.
  it('fixes, rolls and sets deadlines only as the exchange would accept', async () => {
    const day = NOW.toISOString().slice(0, 10);
    const calendar = await exchangeCalendarOn(db, day);
    const rules = await exchangeRulesOn(db, day);
    const fixings = await db.query<{
      no: string;
      month: string;
      price: string;
      day: string;
      forced: boolean;
    }>(
      `select c.contract_no as no, f.futures_month as month, f.futures_price::text as price, f.forced,
              to_char(f.fixed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
         from contract_fixings f join transaction_contracts c on c.id = f.contract_id order by f.id`,
    );
    expect(fixings.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const fixing of fixings) {
      const month = futuresMonth(fixing.month, fixing.day)!;
      const [previous] = await db.query<{ price: string }>(
        `select settlement_price::text as price from futures_prices where futures_month = $1 and trade_date < $2::date
            and settlement_price is not null order by trade_date desc limit 1`,
        [month.code, fixing.day],
      );
      const problem =
        tradingMonthProblem(month, fixing.day, calendar) ??
        exchangePriceProblem(fixing.price, {
          month: month.code,
          day: fixing.day,
          tick: rules.tick,
          limitPercent: rules.limitPercent,
          ...(previous ? { previousSettlement: previous.price } : {}),
        });
      if (problem) wrong.push(`${fixing.no} ${fixing.day}: ${problem.message}`);
    }
    const contracts = await db.query<{
      no: string;
      month: string;
      deadline: string;
      signed: string;
      status: string;
      open: string;
    }>(
      `select contract_no as no, futures_month as month, to_char(fixing_deadline, 'YYYY-MM-DD') as deadline,
              to_char(sign_date, 'YYYY-MM-DD') as signed, status, (tonnage - fixed_tonnage)::text as open
         from transaction_contracts where kind in ('basis', 'deferred') and futures_month is not null`,
    );
    for (const contract of contracts) {
      const month = futuresMonth(contract.month, contract.signed)!;
      const late = contract.deadline && fixingDeadlineProblem(contract.deadline, month, calendar);
      if (late) wrong.push(`${contract.no}: ${late.message}`);
      if (contract.status === 'completed' && Number(contract.open) > 0)
        wrong.push(`${contract.no}: completed with ${contract.open} t unpriced`);
    }
    expect(wrong).toEqual([]);
  });
});
