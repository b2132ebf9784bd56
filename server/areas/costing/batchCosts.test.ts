// The batch cost statement through HTTP over domain-money.md §6.5's batch P2602: 39.876 t bought at 14,300
// (9 %) on 2 January, railed for 20,735.52 (9 %), stored for 837.40 (6 %, the warehouse's bill settled: actual),
// insured for 171.07 and supervised for 119.63 (6 %, confirmed: estimated), funded 60 days at 3.45 % ACT/365
// to 3 March: 546,465.40, 13,704.12/t. A batch of the house without a purchase price has no cost (blank); a
// client's batch is not the house's cost; the totals are the sums of the rows.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  BATCH_COST_DETAIL_PATH,
  BATCH_COST_PATH,
  type BatchCostAnswer,
  type BatchCostDetail,
} from '../../../src/areas/costing/api.ts';
import { COST_COMPONENTS } from '../../../src/domain/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';

// Tuesday 3 March 2026, 16:00 in Beijing: 60 days after 2 January.
const NOW = Date.parse('2026-03-03T08:00:00Z');

describe.each(BACKENDS)('the batch cost statement on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const list = async (who: string, body: Record<string, string | number> = {}) =>
    post(app, BATCH_COST_PATH, body, { token: tokens[who] });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'finance', 'sales', 'trader']) tokens[who] = (await login(app, who)).token;
    const q = env.db.query.bind(env.db);
    await q(
      `insert into system_settings (setting_key, value, effective_from)
       values ('internalFundingRatePercent', '3.45', '2025-12-02'), ('internalFundingDayCount', 'ACT/365', '2025-12-02')`,
    );
    const [warehouse] = await q<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('KL', '库尔勒库', 'delivery') returning id::text`,
    );
    const [supplier] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier,client}') returning id::text`,
    );
    await q(
      `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, owner_kind, owner_id)
       values ('P2602', 'stock', '2025/26', $1, 39.876, 'own', null), ('P2699', 'stock', '2025/26', $1, 40, 'own', null),
              ('P2600', 'stock', '2025/26', $1, 40, 'client', $2), ('P2601', 'out', '2025/26', $1, 40.112, 'own', null)`,
      [warehouse!.id, supplier!.id],
    );
    await q(
      `with c as (
         insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, unit_price, tax_rate, status)
         values ('CG1', 'purchase', 'spot', $1, '2026-01-02', 200, 14300, 9, 'completed') returning id)
       insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight)
       select id, b, w from c, (values ('P2602', 39.876), ('P2601', 40.112)) v(b, w)`,
      [supplier!.id],
    );
    await q(
      `insert into movements (movement_no, mode, batch_no, from_warehouse_id, conditioned_weight, freight,
          freight_vat_rate, status)
       values ('TL1', 'rail', 'P2602', $1, 39.876, 20735.52, 9, 'arrived'),
              ('TL2', 'rail', 'P2602', $1, 39.876, 9999, 9, 'planned')`,
      [warehouse!.id],
    );
    await q(
      `insert into warehouse_fees (fee_no, kind, warehouse_id, batch_no, period_from, basis, amount, tax_rate, status)
       values ('BG1', 'storage', $1, 'P2602', '2026-01-02', 'perTonneDay', 837.40, 6, 'settled'),
              ('BX1', 'insurance', $1, 'P2602', '2026-01-02', 'percentOfValue', 171.07, 6, 'confirmed'),
              ('JG1', 'supervision', $1, 'P2602', '2026-01-02', 'perTonne', 119.63, 6, 'confirmed'),
              ('JG2', 'supervision', $1, 'P2602', '2026-01-02', 'perTonne', 500, 6, 'draft')`,
      [warehouse!.id],
    );
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('costs P2602 as the worked example: each component excl. VAT, 546,465.40 and 13,704.12/t', async () => {
    const { json } = await list('finance');
    expect(json.code, json.msg).toBe(200);
    const answer = json.data as BatchCostAnswer;
    expect(answer.day).toBe('2026-03-03');
    const row = answer.records.find((r) => r.batchNo === 'P2602')!;
    expect(row).toMatchObject({
      tonnes: '39.8760',
      purchaseContractNo: 'CG1',
      costBeforeHedge: '546465.40',
      hedgePnl: '0.00',
      cost: '546465.40',
      unitCost: '13704.12',
      allActual: false,
    });
    expect(row.components).toEqual({
      purchase: { estimated: '523143.85', actual: null, cost: '523143.85' },
      freight: { estimated: '19023.41', actual: null, cost: '19023.41' },
      storage: { estimated: '790.00', actual: '790.00', cost: '790.00' },
      insurance: { estimated: '161.39', actual: null, cost: '161.39' },
      supervision: { estimated: '112.86', actual: null, cost: '112.86' },
      inspection: { estimated: '0.00', actual: null, cost: '0.00' },
      interest: { estimated: '3233.89', actual: null, cost: '3233.89' },
    });
  });

  it('lists the house’s stock only, a batch without a purchase price blank, and totals every row', async () => {
    const answer = (await list('finance')).json.data as BatchCostAnswer;
    // P2600 is a client's; P2601 has left the warehouse.
    expect(answer.records.map((r) => r.batchNo)).toEqual(['P2602', 'P2699']);
    expect(answer.records[1]).toMatchObject({
      batchNo: 'P2699',
      cost: null,
      unitCost: null,
      components: null,
    });
    expect(answer.uncosted).toBe(1);
    const all = (await list('finance', { scope: 'all' })).json.data as BatchCostAnswer;
    expect(all.records.map((r) => r.batchNo)).toEqual(['P2601', 'P2602', 'P2699']);
    const sum = (pick: (r: (typeof all.records)[number]) => string | null) =>
      all.records.reduce((s, r) => s.plus(pick(r) ?? 0), new Decimal(0)).toFixed(2);
    expect(all.totals.cost).toBe(sum((r) => r.cost));
    for (const c of COST_COMPONENTS)
      expect(all.totals.components[c]).toBe(sum((r) => r.components?.[c].cost ?? null));
    expect(all.totals.tonnes).toBe('119.9880');
    expect(all.totals.costedTonnes).toBe('79.9880');
    const costed = (await list('finance', { scope: 'all', costed: 'no' })).json.data as BatchCostAnswer;
    expect(costed.records.map((r) => r.batchNo)).toEqual(['P2699']);
    const paged = (await list('finance', { scope: 'all', size: 2, page_no: 2 })).json.data as BatchCostAnswer;
    expect(paged).toMatchObject({ total: 3, totals: { cost: all.totals.cost } });
    expect(paged.records.map((r) => r.batchNo)).toEqual(['P2699']);
  });

  it('opens a batch’s build-up: its lines and the funding terms, summing to its components', async () => {
    const { json } = await post(app, BATCH_COST_DETAIL_PATH, { batchNo: 'P2602' }, { token: tokens.trader });
    expect(json.code, json.msg).toBe(200);
    const detail = json.data as BatchCostDetail;
    expect(detail.lines.map((l) => [l.component, l.source, l.estimatedExcluded, l.actualExcluded])).toEqual([
      ['purchase', 'CG1', '523143.85', null],
      ['freight', 'TL1', '19023.41', null],
      ['storage', 'BG1', '790.00', '790.00'],
      ['insurance', 'BX1', '161.39', null],
      ['supervision', 'JG1', '112.86', null],
      ['interest', 'CG1', '3233.89', null],
    ]);
    expect(detail.funding).toEqual({
      principal: '570226.80',
      from: '2026-01-02',
      days: 60,
      ratePercent: '3.45',
      dayCount: 'ACT/365',
    });
    const lines = detail.lines.reduce(
      (s, l) => s.plus(l.actualExcluded ?? l.estimatedExcluded),
      new Decimal(0),
    );
    expect(lines.toFixed(2)).toBe(detail.row.cost);
  });

  it('is read by finance, the desk and admin only, and refuses bad input in words, nothing read', async () => {
    expect((await list('sales')).json.code).toBe(403);
    expect((await list('admin')).json.code).toBe(200);
    const bad: Record<string, string | number>[] = [
      { scope: 'mine' },
      { size: 0 },
      { warehouseId: '1; drop' },
      { costed: 'maybe' },
    ];
    for (const body of bad) {
      const { json } = await list('finance', body);
      expect(json.code, JSON.stringify(body)).toBe(400);
      expect(json.msg).toBeTruthy();
    }
    const client = await post(app, BATCH_COST_DETAIL_PATH, { batchNo: 'P2600' }, { token: tokens.finance });
    expect(client.json).toMatchObject({ code: 400, msg: expect.stringContaining('P2600') });
  });

  it('is what the stock’s mark-to-market reads as the batch’s unit cost', async () => {
    await env.db.query(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       values ('2026-03-02', 'CF2605', 14300, 14300)`,
    );
    const { json } = await post(app, '/api/hedging/positions', {}, { token: tokens.admin });
    expect(json.code, json.msg).toBe(200);
    const mark = (json.data as { inventoryMark: { batches: { batchNo: string; unitCost: string | null }[] } })
      .inventoryMark;
    expect(mark.batches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ batchNo: 'P2602', unitCost: '13704.12' }),
        expect.objectContaining({ batchNo: 'P2699', unitCost: null }),
      ]),
    );
  });
});
