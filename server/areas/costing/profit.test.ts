// Hedge P&L in batch cost and the realised profit reports through HTTP, over domain-money.md §6.5's batch
// P2602: 39.876 t bought at 14,300 (CG1, 2 January), railed, stored, insured, supervised and funded 60 days
// (546,465.40 before hedge); hedged by 8 lots sold at 14,200 and bought back at 14,600 (−16,000 on 40 t)
// allocated to CG1: cost 562,415.80. Sold under XS1 at 15,650 (624,059.40 incl., 572,531.56 excl.), settled and
// confirmed on 3 March: GP 10,115.76, 253.68/t. A second sale (XS2, another salesperson's client) of P2601 with
// a late-lifting charge spread over its batches; each report's total is the sum of its rows and each row
// the sum of its settled batches; a salesperson reads only their clients' profit.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { BATCH_COST_DETAIL_PATH, type BatchCostDetail } from '../../../src/areas/costing/api.ts';
import {
  collectStock,
  deliveryStatement,
  purchaseBill,
  saleInvoicingReport,
} from '../../../src/areas/costing/index.ts';
import {
  PROFIT_LINES_PATH,
  PROFIT_PATH,
  type ProfitAnswer,
  type ProfitLinesAnswer,
  type ProfitRow,
  TURNOVER_PATH,
  type TurnoverAnswer,
  UNSOLD_PATH,
  type UnsoldAnswer,
  VISUAL_PATH,
  type VisualAnswer,
} from '../../../src/areas/costing/profitApi.ts';
import { splitVat } from '../../../src/domain/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';

// Tuesday 3 March 2026, 16:00 in Beijing: 60 days after 2 January.
const NOW = Date.parse('2026-03-03T08:00:00Z');

describe.each(BACKENDS)('hedge P&L in batch cost and the profit reports on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const report = async (who: string, body: Record<string, string | number>) =>
    post(app, PROFIT_PATH, body, { token: tokens[who] });
  const answer = async (body: Record<string, string | number>, who = 'finance') => {
    const { json } = await report(who, body);
    expect(json.code, json.msg).toBe(200);
    return json.data as ProfitAnswer;
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'finance', 'sales', 'trader', 'warehouse'])
      tokens[who] = (await login(app, who)).token;
    const q = env.db.query.bind(env.db);
    await q(
      `insert into system_settings (setting_key, value, effective_from)
       values ('internalFundingRatePercent', '3.45', '2025-12-02'), ('internalFundingDayCount', 'ACT/365', '2025-12-02')`,
    );
    const [warehouse] = await q<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('KL', '库尔勒库', 'delivery') returning id::text`,
    );
    const [supplier] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
    );
    const [mill] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('赵敏的棉纺', '{client}') returning id::text`,
    );
    const [other] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('别人的棉纺', '{client}') returning id::text`,
    );
    const [broker] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('期货公司', '{broker}') returning id::text`,
    );
    const [sales] = await q<{ id: string }>(`select id::text from users where login_name = 'sales'`);
    const [trader] = await q<{ id: string }>(`select id::text from users where login_name = 'trader'`);
    await q(
      `insert into client_relations (client_id, salesperson_id, from_date) values ($1, $2, '2025-12-01'), ($3, $4, '2025-12-01')`,
      [mill!.id, sales!.id, other!.id, trader!.id],
    );
    await q(
      `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, owner_kind, owner_id)
       values ('P2602', 'out', '2025/26', $1, 39.876, 'own', null), ('P2601', 'out', '2025/26', $1, 40.112, 'own', null),
              ('P2603', 'out', '2025/26', $1, 40.305, 'own', null)`,
      [warehouse!.id],
    );
    const contract = async (
      no: string,
      side: string,
      partner: string,
      price: string,
      salesperson: string | null,
    ) => {
      const [row] = await q<{ id: string }>(
        `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, unit_price, tax_rate, status, salesperson_id)
         values ($1, $2, 'spot', $3, '2026-01-02', 200, $4, 9, 'completed', $5) returning id::text`,
        [no, side, partner, price, salesperson],
      );
      return row!.id;
    };
    const line = (contractId: string, batchNo: string, tonnes: string) =>
      q(
        `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight) values ($1, $2, $3)`,
        [contractId, batchNo, tonnes],
      );
    const cg1 = await contract('CG1', 'purchase', supplier!.id, '14300', null);
    await line(cg1, 'P2602', '39.876');
    const cg2 = await contract('CG2', 'purchase', supplier!.id, '14300', null);
    await line(cg2, 'P2601', '40.112');
    await line(cg2, 'P2603', '40.305');
    const xs1 = await contract('XS1', 'sale', mill!.id, '15650', sales!.id);
    await line(xs1, 'P2602', '39.876');
    const xs2 = await contract('XS2', 'sale', other!.id, '15500', trader!.id);
    await line(xs2, 'P2601', '40.112');
    await line(xs2, 'P2603', '40.305');
    await q(
      `insert into movements (movement_no, mode, batch_no, from_warehouse_id, conditioned_weight, freight, freight_vat_rate, status)
       values ('TL1', 'rail', 'P2602', $1, 39.876, 20735.52, 9, 'arrived')`,
      [warehouse!.id],
    );
    await q(
      `insert into warehouse_fees (fee_no, kind, warehouse_id, batch_no, period_from, basis, amount, tax_rate, status)
       values ('BG1', 'storage', $1, 'P2602', '2026-01-02', 'perTonneDay', 837.40, 6, 'settled'),
              ('BX1', 'insurance', $1, 'P2602', '2026-01-02', 'percentOfValue', 171.07, 6, 'confirmed'),
              ('JG1', 'supervision', $1, 'P2602', '2026-01-02', 'perTonne', 119.63, 6, 'confirmed')`,
      [warehouse!.id],
    );
    // The hedge: 8 lots sold at 14,200 on CF2605 and bought back at 14,600, allocated to CG1.
    const [account] = await q<{ id: string }>(
      `insert into futures_accounts (account_no, broker_id, team, book) values ('HA1', $1, '一组', 'hedge') returning id::text`,
      [broker!.id],
    );
    const [open] = await q<{ id: string }>(
      `insert into futures_trades (trade_no, account_id, book, futures_month, side, effect, lots, price, traded_at)
       values ('T-OPEN', $1, 'hedge', 'CF2605', 'sell', 'open', 8, 14200, '2026-01-02T03:00:00Z') returning id::text`,
      [account!.id],
    );
    await q(
      `insert into futures_trades (trade_no, account_id, book, futures_month, side, effect, lots, price, traded_at)
       values ('T-CLOSE', $1, 'hedge', 'CF2605', 'buy', 'close', 8, 14600, '2026-02-10T03:00:00Z')`,
      [account!.id],
    );
    await q(
      `insert into futures_allocations (trade_id, target, contract_id, lots, created_at) values ($1, 'contract', $2, 8, '2026-03-03T02:00:00Z')`,
      [open!.id, cg1],
    );
    // Confirmed sale settlements: drafts first (lines change only in draft), then confirmed.
    const settle = async (
      no: string,
      contractId: string,
      paid: string,
      lines: { kind: string; batchNo: string | null; weight: string | null; amount: string; rate: string }[],
    ) => {
      const splits = lines.map((l) => splitVat(l.amount, l.rate));
      const sum = (pick: (i: number) => string) =>
        lines.reduce((s, _l, i) => s.plus(pick(i)), new Decimal(0)).toFixed(2);
      const goods = sum((i) => (lines[i]!.kind === 'goods' ? lines[i]!.amount : '0'));
      const charges = sum((i) => (lines[i]!.kind === 'goods' ? '0' : lines[i]!.amount));
      const total = sum((i) => lines[i]!.amount);
      const [s] = await q<{ id: string }>(
        `insert into settlements (settlement_no, side, contract_id, settle_date, tonnage, goods_amount, charges_amount,
            total_amount, amount_excl, vat, paid_amount, balance, tax_rate, created_by, created_at)
         values ($1, 'sale', $2, '2026-03-03', 0, $3, $4, $5, $6, $7, $8, $5::numeric - $8::numeric, 9, $9, '2026-03-03T02:00:00Z')
         returning id::text`,
        [
          no,
          contractId,
          goods,
          charges,
          total,
          sum((i) => splits[i]!.excluded),
          sum((i) => splits[i]!.vat),
          paid,
          sales!.id,
        ],
      );
      for (const [i, l] of lines.entries())
        await q(
          `insert into settlement_lines (settlement_id, sort, side, contract_id, line_kind, batch_no, weight, unit_price,
              amount, amount_excl, vat, tax_rate, priced_by)
           values ($1, $2, 'sale', $3, $4, $5, $6, null, $7, $8, $9, $10, $11)`,
          [
            s!.id,
            i + 1,
            contractId,
            l.kind,
            l.batchNo,
            l.weight,
            l.amount,
            splits[i]!.excluded,
            splits[i]!.vat,
            l.rate,
            l.kind === 'goods' ? 'fixed' : null,
          ],
        );
      await q(
        `update settlements set status = 'confirmed', confirmed_on = '2026-03-03', confirmed_by = $2, confirmed_at = '2026-03-03T02:00:00Z'
          where id = $1`,
        [s!.id, sales!.id],
      );
    };
    await settle('JS1', xs1, '312029.70', [
      { kind: 'goods', batchNo: 'P2602', weight: '39.876', amount: '624059.40', rate: '9' },
    ]);
    await settle('JS2', xs2, '0', [
      { kind: 'goods', batchNo: 'P2601', weight: '40.112', amount: '621736.00', rate: '9' },
      { kind: 'goods', batchNo: 'P2603', weight: '40.305', amount: '624727.50', rate: '9' },
      { kind: 'lateLiftingStorage', batchNo: null, weight: null, amount: '201.26', rate: '6' },
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('costs P2602 with its hedge: −15,950.40 allocated, 562,415.80, 14,104.12/t, the trades shown', async () => {
    const { json } = await post(app, BATCH_COST_DETAIL_PATH, { batchNo: 'P2602' }, { token: tokens.finance });
    expect(json.code, json.msg).toBe(200);
    const detail = json.data as BatchCostDetail;
    expect(detail.row).toMatchObject({
      costBeforeHedge: '546465.40',
      hedgePnl: '-15950.40',
      cost: '562415.80',
      unitCost: '14104.12',
    });
    expect(detail.hedge).toMatchObject({ pnl: '-16000.00', tonnes: '40.0000', base: '40' });
    expect(detail.hedge!.trades).toEqual([
      expect.objectContaining({ tradeNo: 'T-OPEN', realisedPnl: '-16000.00', via: 'allocation', lots: 8 }),
    ]);
    // A contract with no hedge linked keeps 0.00.
    const other = await post(app, BATCH_COST_DETAIL_PATH, { batchNo: 'P2601' }, { token: tokens.finance });
    expect((other.json.data as BatchCostDetail).row.hedgePnl).toBe('0.00');
  });

  it('makes P2602’s GP 10,115.76 (253.68/t) on sale contract XS1, revenue and cost excl. VAT', async () => {
    const data = await answer({ report: 'CostAndProft' });
    expect(data.grouping).toBe('contract');
    const xs1 = data.records.find((r) => r.label === 'XS1')!;
    expect(xs1).toMatchObject({
      tonnes: '39.876',
      revenueExcl: '572531.56',
      settledAmount: '624059.40',
      costBeforeHedge: '546465.40',
      hedgePnl: '-15950.40',
      cost: '562415.80',
      grossProfit: '10115.76',
      gpPerTonne: '253.68',
      partnerName: '赵敏的棉纺',
    });
    // The charge without a batch is spread over XS2's batches by weight: its excl. counted once.
    const xs2 = data.records.find((r) => r.label === 'XS2')!;
    const charge = splitVat('201.26', '6').excluded;
    const goods = new Decimal(splitVat('621736.00', '9').excluded).plus(splitVat('624727.50', '9').excluded);
    expect(xs2.revenueExcl).toBe(goods.plus(charge).toFixed(2));
  });

  const sumOf = (rows: readonly object[], field: string) =>
    rows.reduce<Decimal>(
      (s, r) => s.plus(String((r as Record<string, unknown>)[field] ?? '0')),
      new Decimal(0),
    );

  it.each([
    'CostAndProft',
    'CostAndProftTwo',
    'CostAndProftThree',
    'CostAndProftFour',
    'SpmProfits',
    'ProfitReturn',
  ])('totals %s as the sum of its rows, and each row as the sum of its settled batches', async (name) => {
    const data = await answer({ report: name, size: 1000 });
    expect(data.total).toBe(data.records.length);
    for (const field of [
      'revenueExcl',
      'cost',
      'hedgePnl',
      'grossProfit',
      'settledAmount',
      'profitCollected',
    ])
      expect(data.totals[field as 'cost'], field).toBe(sumOf(data.records, field).toFixed(2));
    expect(data.totals.tonnes).toBe(sumOf(data.records, 'tonnes').toFixed(3));
    // Every grouping sums the same settled batches.
    expect(data.totals).toMatchObject({ batches: 3, tonnes: '120.293' });
    for (const row of data.records as ProfitRow[]) {
      const { json } = await post(
        app,
        PROFIT_LINES_PATH,
        { report: name, key: row.key },
        { token: tokens.finance },
      );
      expect(json.code, json.msg).toBe(200);
      const lines = (json.data as ProfitLinesAnswer).lines;
      expect(lines.length).toBe(row.batches);
      for (const field of ['revenueExcl', 'cost', 'grossProfit', 'settledAmount'])
        expect(sumOf(lines, field).toFixed(2), `${name} ${row.label} ${field}`).toBe(row[field as 'cost']);
    }
  });

  it('groups by month and crop year in the fiscal year from October, and by salesperson', async () => {
    const month = await answer({ report: 'CostAndProftFour', fiscalYear: 2026 });
    expect(month.records).toEqual([
      expect.objectContaining({ month: '2026-03', cropYear: '2025/26', fiscalYear: 2026, batches: 3 }),
    ]);
    expect((await answer({ report: 'CostAndProftFour', fiscalYear: 2025 })).total).toBe(0);
    const people = await answer({ report: 'CostAndProftThree' });
    expect(people.records.map((r) => [r.salespersonName, r.batches])).toEqual(
      expect.arrayContaining([
        ['赵敏', 1],
        ['李明辉', 2],
      ]),
    );
  });

  it('counts profit on money collected: half of XS1 paid, 5,057.88', async () => {
    const data = await answer({ report: 'ProfitReturn' });
    expect(data.records.find((r) => r.label === 'XS1')).toMatchObject({
      collectedAmount: '312029.70',
      profitCollected: '5057.88',
    });
    expect(data.records.find((r) => r.label === 'XS2')).toMatchObject({ profitCollected: '0.00' });
  });

  it('shows a salesperson only their clients’ profit, whatever they ask', async () => {
    const mine = await answer({ report: 'CostAndProft' }, 'sales');
    expect(mine.records.map((r) => r.label)).toEqual(['XS1']);
    expect(mine.totals.grossProfit).toBe('10115.76');
    const [other] = await env.db.query<{ id: string }>(
      `select id::text from partners where name = '别人的棉纺'`,
    );
    expect((await answer({ report: 'CostAndProft', partnerId: other!.id }, 'sales')).total).toBe(0);
    const xs2 = (await answer({ report: 'CostAndProft' })).records.find((r) => r.label === 'XS2')!;
    const lines = await post(
      app,
      PROFIT_LINES_PATH,
      { report: 'CostAndProft', key: xs2.key },
      { token: tokens.sales },
    );
    expect((lines.json.data as ProfitLinesAnswer).lines).toEqual([]);
    // Reports not granted to the sales desk, or to the warehouse at all, are refused.
    expect((await report('sales', { report: 'CostAndProftTwo' })).json.code).toBe(403);
    expect((await report('warehouse', { report: 'CostAndProft' })).json.code).toBe(403);
    expect((await report('admin', { report: 'CostAndProftTwo' })).json.code).toBe(200);
  });

  it('refuses bad input in words', async () => {
    for (const body of [
      { report: 'Nope' },
      {},
      { report: 'CostAndProft', from: '3 March' },
      { report: 'CostAndProft', partnerId: '1; drop' },
      { report: 'CostAndProft', fiscalYear: 'last' },
    ] as Record<string, string>[]) {
      const { json } = await report('finance', body);
      expect(json.code, JSON.stringify(body)).toBe(400);
      expect(json.msg).toBeTruthy();
    }
  });

  it('states deliveries settled or not and invoiced or not, and the invoices against each settlement', async () => {
    const q = env.db.query.bind(env.db);
    const [js1] = await q<{ id: string; partnerId: string; lineId: string; userId: string }>(
      `select s.id::text, s.partner_id::text as "partnerId", l.id::text as "lineId", s.created_by::text as "userId"
         from settlements s join settlement_lines l on l.settlement_id = s.id where s.settlement_no = 'JS1'`,
    );
    const [application] = await q<{ id: string }>(
      `insert into invoice_applications (application_no, settlement_id, partner_id, apply_date, quantity, amount,
          amount_excl, vat, status, created_by, created_at)
       values ('KP1', $1, $2, '2026-03-04', 39.876, 624059.40, 572531.56, 51527.84, 'issued', $3, '2026-03-03T02:00:00Z') returning id::text`,
      [js1!.id, js1!.partnerId, js1!.userId],
    );
    const [appLine] = await q<{ id: string }>(
      `insert into invoice_application_lines (application_id, settlement_line_id, line_kind, batch_no, quantity, amount,
          amount_excl, vat, tax_rate)
       values ($1, $2, 'goods', 'P2602', 39.876, 624059.40, 572531.56, 51527.84, 9) returning id::text`,
      [application!.id, js1!.lineId],
    );
    const [invoice] = await q<{ id: string }>(
      `insert into issued_invoices (invoice_no, application_id, settlement_id, partner_id, invoice_kind, issue_date,
          quantity, amount, amount_excl, vat, issued_by, issued_at)
       values ('26000001', $1, $2, $3, '01', '2026-03-05', 39.876, 624059.40, 572531.56, 51527.84, $4, '2026-03-03T02:00:00Z')
       returning id::text`,
      [application!.id, js1!.id, js1!.partnerId, js1!.userId],
    );
    await q(
      `insert into issued_invoice_lines (invoice_id, line_no, application_line_id, settlement_line_id, batch_no,
          quantity, amount, amount_excl, vat, tax_rate)
       values ($1, 1, $2, $3, 'P2602', 39.876, 624059.40, 572531.56, 51527.84, 9)`,
      [invoice!.id, appLine!.id, js1!.lineId],
    );
    const deliveries = await records('finance', deliveryStatement);
    expect(deliveries.map((r) => [r.batchNo, r.settled, r.invoiced]).sort()).toEqual([
      ['P2601', true, false],
      ['P2602', true, true],
      ['P2603', true, false],
    ]);
    // The sales desk reads only its clients' deliveries.
    expect((await records('sales', deliveryStatement)).map((r) => r.batchNo)).toEqual(['P2602']);
    const invoicing = await records('finance', saleInvoicingReport);
    expect(invoicing.find((r) => r.settlementNo === 'JS1')).toMatchObject({
      settledAmount: '624059.40',
      invoicedAmount: '624059.40',
      invoicedVat: '51527.84',
      toInvoiceAmount: '0.00',
      invoiceCount: 1,
    });
    const { json } = await call('finance', saleInvoicingReport, 'list', {});
    const { records: rows, totals } = json.data as {
      records: Record<string, string>[];
      totals: Record<string, string>;
    };
    for (const field of ['settledAmount', 'invoicedAmount', 'toInvoiceAmount'])
      expect(totals[field], field).toBe(sumOf(rows, field).toFixed(2));
    expect((await call('warehouse', saleInvoicingReport, 'list', {})).json.code).toBe(403);
  });

  it('sums the house’s stock by warehouse, crop year, grade and availability', async () => {
    const [warehouse] = await env.db.query<{ id: string }>(
      `select id::text from warehouses where code = 'KL'`,
    );
    const [mill] = await env.db.query<{ id: string }>(
      `select id::text from partners where name = '赵敏的棉纺'`,
    );
    await env.db.query(
      `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, bale_count, owner_kind, owner_id, colour_grade)
       values ('S1', 'stock', '2025/26', $1, 40.1, 180, 'own', null, '31'), ('S2', 'stock', '2025/26', $1, 39.9, 176, 'own', null, '31'),
              ('S3', 'sold', '2025/26', $1, 40, 178, 'own', null, '31'), ('S4', 'stock', '2025/26', $1, 40, 178, 'client', $2, '31')`,
      [warehouse!.id, mill!.id],
    );
    const rows = await records('finance', collectStock);
    expect(rows.map((r) => [r.availability, r.batchCount, r.baleCount, r.conditionedWeight]).sort()).toEqual([
      ['available', 2, 356, '80'],
      ['sold', 1, 178, '40'],
    ]);
  });

  it('marks unsold stock on one footing beside the open hedge lots allocated to the inventory', async () => {
    const q = env.db.query.bind(env.db);
    await q(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       values ('2026-03-02', 'CF2605', 14300, 14300)`,
    );
    const [account] = await q<{ id: string }>(
      `select id::text from futures_accounts where account_no = 'HA1'`,
    );
    const [open] = await q<{ id: string }>(
      `insert into futures_trades (trade_no, account_id, book, futures_month, side, effect, lots, price, traded_at)
       values ('T-STOCK', $1, 'hedge', 'CF2605', 'sell', 'open', 2, 14200, '2026-03-02T03:00:00Z') returning id::text`,
      [account!.id],
    );
    await q(
      `insert into futures_allocations (trade_id, target, lots, created_at) values ($1, 'inventory', 2, '2026-03-03T02:00:00Z')`,
      [open!.id],
    );
    const { json } = await post(app, UNSOLD_PATH, {}, { token: tokens.finance });
    expect(json.code, json.msg).toBe(200);
    const data = json.data as UnsoldAnswer;
    expect(data).toMatchObject({ month: 'CF2605', price: '14300.00', vatPercent: '9' });
    // The house's unsold batches S1 and S2 — not S3 (sold, not yet out), the client's S4 nor those out.
    expect(data.records.map((r) => r.batchNo)).toEqual(['S1', 'S2']);
    // 2 lots short at 14,200, now 14,300: −1,000.00 beside the stock.
    expect(data.totals.futuresMtm).toBe('-1000.00');
    const mtm = data.records.reduce((sum, r) => sum.plus(r.mtm ?? 0), new Decimal(0));
    expect(data.totals.mtm).toBe(mtm.toFixed(2));
    expect(data.totals.result).toBe(mtm.plus(-1000).toFixed(2));
    // Without a purchase price or a market basis a batch is not valued: blank, never 0.00.
    expect(data.records.every((r) => r.mtm === null)).toBe(true);
    expect(data.totals.unvalued).toBe(2);
    expect((await post(app, UNSOLD_PATH, {}, { token: tokens.sales })).json.code).toBe(403);
    expect(
      (await post(app, UNSOLD_PATH, { batchNo: 'x'.repeat(65) }, { token: tokens.finance })).json.code,
    ).toBe(400);
  });

  it('turns the stock over: opening + in − out = closing per warehouse, crop year and owner', async () => {
    const q = env.db.query.bind(env.db);
    const [warehouse] = await q<{ id: string }>(`select id::text from warehouses where code = 'KL'`);
    const batches = await q<{ id: string; batchNo: string }>(
      `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, bale_count, owner_kind)
       values ('T1', 'out', '2025/26', $1, 40, 180, 'own'), ('T2', 'stock', '2025/26', $1, 40, 180, 'own'),
              ('T3', 'stock', '2025/26', $1, 40, 180, 'own')
       returning id::text, batch_no as "batchNo"`,
      [warehouse!.id],
    );
    const id = (no: string) => batches.find((b) => b.batchNo === no)!.id;
    await q(
      `insert into document_history (resource_key, record_id, action, from_state, to_state, at)
       values ('batch', $1, 'create', null, 'stock', '2026-02-10T02:00:00Z'),
              ('batch', $1, 'move', 'stock', 'out', '2026-02-20T02:00:00Z'),
              ('batch', $2, 'create', null, 'stock', '2026-01-15T02:00:00Z'),
              ('batch', $3, 'create', null, 'stock', '2026-02-05T02:00:00Z')`,
      [id('T1'), id('T2'), id('T3')],
    );
    const { json } = await post(
      app,
      TURNOVER_PATH,
      { from: '2026-02-01', to: '2026-02-28', cropYear: '2025/26' },
      { token: tokens.warehouse },
    );
    expect(json.code, json.msg).toBe(200);
    const data = json.data as TurnoverAnswer;
    const own = data.records.find((r) => r.ownerKind === 'own')!;
    // Held before February: S1, S2, S3 (recorded before any step) and T2; in: T1 and T3; out: T1. The batches
    // out with no step recorded (P2601–P2603) left before the period.
    expect(own).toMatchObject({
      openingTonnes: '160.000',
      inTonnes: '80.000',
      outTonnes: '40.000',
      closingTonnes: '200.000',
      closingBales: 534 + 2 * 180,
      stockDays: '126.0',
    });
    expect(data.records.find((r) => r.ownerKind === 'client')).toMatchObject({
      openingTonnes: '40.000',
      closingTonnes: '40.000',
      stockDays: null,
    });
    for (const field of ['openingTonnes', 'inTonnes', 'outTonnes', 'closingTonnes'] as const)
      expect(data.totals[field]).toBe(sumOf(data.records, field).toFixed(3));
    for (const row of data.records)
      expect(new Decimal(row.openingTonnes).plus(row.inTonnes).minus(row.outTonnes).toFixed(3)).toBe(
        row.closingTonnes,
      );
    const bad = await post(
      app,
      TURNOVER_PATH,
      { from: '2026-02-28', to: '2026-02-01' },
      { token: tokens.finance },
    );
    expect(bad.json).toMatchObject({ code: 400, msg: expect.stringContaining('开始日期') });
    expect(
      (await post(app, TURNOVER_PATH, { from: '2026-02-30', to: '2026-03-01' }, { token: tokens.finance }))
        .json.code,
    ).toBe(400);
    expect(
      (await post(app, TURNOVER_PATH, { from: '2026-02-01', to: '2026-02-28' }, { token: tokens.sales })).json
        .code,
    ).toBe(403);
  });

  it('charts the fiscal year from October: tonnes, GP, settled and paid per month, stock by warehouse', async () => {
    const { json } = await post(app, VISUAL_PATH, { fiscalYear: 2026 }, { token: tokens.finance });
    expect(json.code, json.msg).toBe(200);
    const data = json.data as VisualAnswer;
    expect(data.months[0]).toBe('2025-10');
    expect(data.months[11]).toBe('2026-09');
    const at = (values: string[], month: string) => values[data.months.indexOf(month)];
    expect(at(data.boughtTonnes, '2026-01')).toBe('400.000');
    expect(at(data.soldTonnes, '2026-01')).toBe('400.000');
    // The chart's GP is the profit report's: the month's total.
    const profit = await answer({ report: 'CostAndProftFour', fiscalYear: 2026 });
    expect(at(data.grossProfit, '2026-03')).toBe(profit.totals.grossProfit);
    expect(at(data.receivable, '2026-03')).toBe(profit.totals.settledAmount);
    expect(at(data.collected, '2026-03')).toBe('312029.70');
    expect(data.stock).toEqual([{ warehouse: '库尔勒库', tonnes: '160.000' }]);
    expect((await post(app, VISUAL_PATH, { fiscalYear: 2026 }, { token: tokens.sales })).json.code).toBe(403);
    expect((await post(app, VISUAL_PATH, { fiscalYear: 'this' }, { token: tokens.finance })).json.code).toBe(
      400,
    );
  });

  it('states a supplier’s account: settlements owed less payments made, its balance the sum of its lines', async () => {
    const q = env.db.query.bind(env.db);
    const [cg1] = await q<{ id: string; partnerId: string }>(
      `select id::text, partner_id::text as "partnerId" from transaction_contracts where contract_no = 'CG1'`,
    );
    const [finance] = await q<{ id: string }>(`select id::text from users where login_name = 'finance'`);
    const [s] = await q<{ id: string }>(
      `insert into settlements (settlement_no, side, contract_id, settle_date, tonnage, goods_amount, total_amount,
          amount_excl, vat, paid_amount, balance, tax_rate, created_by, created_at)
       values ('CJ1', 'purchase', $1, '2026-01-20', 39.876, 570226.80, 570226.80, 523143.85, 47082.95, 0, 570226.80, 9, $2, '2026-03-03T02:00:00Z')
       returning id::text`,
      [cg1!.id, finance!.id],
    );
    await q(
      `insert into settlement_lines (settlement_id, sort, side, contract_id, line_kind, batch_no, weight, amount,
          amount_excl, vat, tax_rate, priced_by)
       values ($1, 1, 'purchase', $2, 'goods', 'P2602', 39.876, 570226.80, 523143.85, 47082.95, 9, 'fixed')`,
      [s!.id, cg1!.id],
    );
    await q(
      `update settlements set status = 'confirmed', confirmed_on = '2026-01-20', confirmed_by = $2, confirmed_at = '2026-03-03T02:00:00Z'
        where id = $1`,
      [s!.id, finance!.id],
    );
    const [bank] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('开户银行', '{bank}') returning id::text`,
    );
    const [account] = await q<{ id: string }>(
      `insert into bank_accounts (bank_partner_id, account_no, account_name, kind, opening_date, created_at)
       values ($1, '6222-0001', '基本户', 'basic', '2026-01-01', '2026-03-03T02:00:00Z') returning id::text`,
      [bank!.id],
    );
    await q(
      `insert into outgoing_payments (payment_no, payment_kind, payee_id, purpose, contract_id, amount, payee_bank,
          payee_account_no, requested_pay_date, status, bank_account_id, paid_on, created_at)
       values ('FK1', 'purchase', $1, 'goods', $2, 500000, '农行', '6228-0002', '2026-01-25', 'paid', $3, '2026-01-25', '2026-03-03T02:00:00Z'),
              ('FK2', 'purchase', $1, 'goods', $2, 70000, '农行', '6228-0002', '2026-01-26', 'approved', null, null, '2026-03-03T02:00:00Z')`,
      [cg1!.partnerId, cg1!.id, account!.id],
    );
    const rows = await records('finance', purchaseBill, { partnerId: cg1!.partnerId });
    expect(
      rows.map((r) => [r.entryKind, r.documentNo, r.chargedAmount, r.paidAmount, r.balanceAmount]),
    ).toEqual([
      ['settlement', 'CJ1', '570226.80', '0.00', '570226.80'],
      ['payment', 'FK1', '0.00', '500000.00', '-500000.00'],
    ]);
    const { json } = await call('finance', purchaseBill, 'list', { partnerId: cg1!.partnerId });
    expect((json.data as { totals: Record<string, string> }).totals).toMatchObject({
      chargedAmount: '570226.80',
      paidAmount: '500000.00',
      balanceAmount: '70226.80',
    });
    expect((await call('sales', purchaseBill, 'list', {})).json.code).toBe(403);
  });
});
