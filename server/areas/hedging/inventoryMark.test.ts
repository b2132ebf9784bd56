// The stock's mark-to-market in the TradeTotal answer, hand-worked (domain.md §5): ((S + B_mkt + QA) / 1.09 −
// unit cost excl. VAT) × W per batch in stock, S of the nearest priced month, B_mkt the sheet's quote at the
// batch's warehouse, QA its premium from the seeded 2016/17 table; the unit cost the costing area's full cost
// (issue 26): its purchase line excl. VAT plus its freight and warehouse fees excl. VAT (issue 21: it was the
// tax-inclusive price alone) and the funding interest on the purchase since the contract was signed (15 Jan
// to 2 Mar, 46 days at the seeded 4.35 % ACT/365); a batch missing a cost or a priced grade is counted apart
// and shows blank, a sold one not at all; cotton on its way is the house's unsold stock too (issue 21).
import type { FastifyInstance } from 'fastify';
import { POSITIONS_PATH, type PositionsAnswer } from '../../../src/areas/hedging/api.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';

// Monday 2 March 2026, 16:00 in Beijing: CF2603 is the day's month.
const NOW = Date.parse('2026-03-02T08:00:00Z');

describe.each(BACKENDS)('inventory mark-to-market on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    token = (await login(app, 'risk')).token;
    const q = env.db.query.bind(env.db);
    // CF2601 is before the day's month; CF2605 is the nearest priced month after it.
    await q(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       values ('2026-01-09', 'CF2601', 13000, 13000), ('2026-02-26', 'CF2605', 13900, 13950),
              ('2026-02-27', 'CF2605', 14010, 14000), ('2026-02-27', 'CF2609', 15000, 15000)`,
    );
    const [warehouse] = await q<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('W1', '库尔勒库', 'public') returning id::text`,
    );
    await q(
      `with sheet as (
         insert into sales_basis_sheets (sheet_no, effective_from, status, published_by, published_at)
         values ('JC1', '2026-01-01', 'active', (select min(id) from users), '2026-01-01T01:00:00Z') returning id)
       insert into sales_basis_lines (sheet_id, sort, futures_month, warehouse_id, basis)
       select id, n, 'CF2605', w, b from sheet,
              (values (1, null::bigint, 1200), (2, $1::bigint, 1300)) v(n, w, b)`,
      [warehouse!.id],
    );
    // B1 (no warehouse) 21/29/B1/S2/U2/P2: 300 + 300 + 0 + 250 + 150 + 0 = 1000.
    // B2 (W1) 31/28/A/S3/U3/P3: 0 + 0 + 200 + 0 + 0 − 300 = −100.
    // B3 has no purchase line; B4's colour 51 is not priced; B5 is sold; B6 (31/28/B1/S3/U3/P2: 0) is on its way.
    await q(
      `insert into batches (batch_no, status, crop_year, warehouse_id, conditioned_weight, colour_grade,
          length_grade, micronaire_grade, strength_grade, uniformity_grade, ginning_grade)
       values ('B1', 'stock', '2025/26', null, 40, '21', '29', 'B1', 'S2', 'U2', 'P2'),
              ('B2', 'stock', '2025/26', $1, 20.5, '31', '28', 'A', 'S3', 'U3', 'P3'),
              ('B3', 'stock', '2025/26', null, 10, '31', '28', 'B1', 'S3', 'U3', 'P2'),
              ('B4', 'stock', '2025/26', null, 10, '51', '28', 'B1', 'S3', 'U3', 'P2'),
              ('B5', 'sold', '2025/26', null, 99, '31', '28', 'B1', 'S3', 'U3', 'P2'),
              ('B6', 'inTransit', '2025/26', null, 10, '31', '28', 'B1', 'S3', 'U3', 'P2')`,
      [warehouse!.id],
    );
    const [supplier] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
    );
    await q(
      `with c as (
         insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tax_rate, status)
         values ('CG1', 'purchase', 'spot', $1, '2026-01-15', 200, 9, 'executing') returning id)
       insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, unit_price)
       select id, b, w, p from c, (values ('B1', 40, 15000), ('B2', 20.5, 15500), ('B4', 10, 15000),
                                          ('B5', 99, 15000), ('B6', 10, 14000)) v(b, w, p)`,
      [supplier!.id],
    );
    // B1's freight 2,180 incl. 9 % (2,000 excl., 50/t) and storage 1,060 incl. 6 % (1,000 excl., 25/t); a
    // draft fee and a planned movement are not costs yet.
    await q(
      `insert into movements (movement_no, mode, batch_no, from_warehouse_id, conditioned_weight, freight,
          freight_vat_rate, status)
       values ('M1', 'rail', 'B1', $1, 40, 2180, 9, 'arrived'), ('M2', 'rail', 'B1', $1, 40, 5000, 9, 'planned')`,
      [warehouse!.id],
    );
    await q(
      `insert into warehouse_fees (fee_no, kind, warehouse_id, batch_no, period_from, basis, amount, tax_rate, status)
       values ('F1', 'storage', $1, 'B1', '2026-01-01', 'fixed', 1060, 6, 'confirmed'),
              ('F2', 'insurance', $1, 'B1', '2026-01-01', 'fixed', 999, 6, 'draft')`,
      [warehouse!.id],
    );
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('values each batch known enough at the nearest priced month and counts the rest', async () => {
    const { json } = await post(app, POSITIONS_PATH, {}, { token });
    expect(json.code, json.msg).toBe(200);
    // B1: 600,000.00 / 1.09 = 550,458.72 + freight 2,000.00 + storage 1,000.00 + interest 600,000 × 4.35 % ×
    //     46 / 365 = 3,289.32: 556,748.04 / 40 = 13,918.701; market 16,200 / 1.09 = 14,862.385321;
    //     (14,862.385321 − 13,918.701) × 40 = 37,747.37
    // B2: 317,750.00 / 1.09 = 291,513.76 + interest 1,741.97 = 293,255.73 / 20.5 = 14,305.157561; market
    //     15,200 / 1.09 = 13,944.954128; × 20.5 → −7,384.17
    // B4: 150,000.00 / 1.09 = 137,614.68 + interest 822.33 = 138,437.01 / 10 = 13,843.701
    // B6: 140,000.00 / 1.09 = 128,440.37 + interest 140,000 × 4.35 % × 46 / 365 = 767.51 = 129,207.88 / 10
    //     = 12,920.788; market 15,200 / 1.09 = 13,944.954128; × 10 → 10,241.66
    expect((json.data as PositionsAnswer).inventoryMark).toEqual({
      month: 'CF2605',
      price: '14000.00',
      priceDate: '2026-02-27',
      valuedBatches: 3,
      valuedTonnes: '70.5000',
      unvaluedBatches: 2,
      mtm: '40604.86',
      batches: [
        { batchNo: 'B1', tonnes: '40.0000', unitCost: '13918.70', mtm: '37747.37' },
        { batchNo: 'B2', tonnes: '20.5000', unitCost: '14305.16', mtm: '-7384.17' },
        // No purchase line: no cost, blank (not 0.00).
        { batchNo: 'B3', tonnes: '10.0000', unitCost: null, mtm: null },
        // Costed, but colour 51 is not priced: not valued.
        { batchNo: 'B4', tonnes: '10.0000', unitCost: '13843.70', mtm: null },
        { batchNo: 'B6', tonnes: '10.0000', unitCost: '12920.79', mtm: '10241.66' },
      ],
    });
  });

  it('values nothing on a day before any price of a live month', async () => {
    const { json } = await post(app, POSITIONS_PATH, { day: '2026-02-20' }, { token });
    expect((json.data as PositionsAnswer).inventoryMark).toMatchObject({
      month: null,
      mtm: null,
      unvaluedBatches: 5,
    });
  });
});
