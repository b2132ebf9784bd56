// The demo company (server/platform/db/demo.ts and each area's demo.ts): what a newcomer finds in a fresh
// embedded database, that it is loaded once, and that its batches hold what the domain computes.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { POSITIONS_PATH, type PositionsAnswer } from '../../src/areas/hedging/api.ts';
import { stockOwnership } from '../../src/areas/inventory/resources.ts';
import { CLIENT_CREDIT_PATH } from '../../src/areas/payments/api.ts';
import { warehouseReceipt } from '../../src/areas/receipts/resources.ts';
import { LARGE_SCREEN_PATH } from '../../src/areas/reports/api.ts';
import { batch, STOCK_STATES } from '../../src/areas/warehouse/batches.ts';
import {
  batchFromBales,
  DELIVERY_TABLE_2016_17,
  lengthGrade,
  micronaireClass,
  strengthGrade,
  uniformityGrade,
} from '../../src/domain/index.ts';
import { historyActionLabel, resourcePath } from '../../src/framework/resource/index.ts';
import { LOCALES } from '../../src/shared/constants.ts';
import { ALL_RESOURCES } from '../../src/test/declarations.ts';
import { messageOf } from '../../src/test/locales.ts';
import { type Db, openDatabase } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { login, post, startApp, TEST_TENANT } from '../test/harness.ts';
import { resourceCalls } from '../test/resourceCalls.ts';
import { COMPOSITION } from './index.ts';
import { cropYearOf, demoBatches } from './warehouse/demo.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

const counts = (db: Db, sql: string) =>
  db.query<{ key: string; n: number }>(sql).then((rows) => Object.fromEntries(rows.map((r) => [r.key, r.n])));

describe('the demo company', () => {
  let db: Db;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).demo).toBe(true);
    ({ app } = await startApp(db));
    for (const user of ['trader', 'warehouse', 'risk']) tokens[user] = (await login(app, user)).token;
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('names every step of every document’s history in every language (issue 27)', async () => {
    const steps = await db.query<{ resource: string; action: string }>(
      'select distinct resource_key as resource, action from document_history order by 1, 2',
    );
    expect(steps.length).toBeGreaterThan(20);
    const unnamed = LOCALES.flatMap((locale) =>
      steps
        .filter(({ resource, action }) => {
          const decl = ALL_RESOURCES.find((candidate) => candidate.key === resource);
          const label = decl ? historyActionLabel(decl, action) : `action.${action}`;
          return typeof label !== 'string' || !messageOf(locale, label);
        })
        .map(({ resource, action }) => `${locale} ${resource} ${action}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('counts one stock on every screen that shows it, each saying what it counts (issue 27)', async () => {
    const sum = (rows: readonly Record<string, unknown>[]) =>
      rows.reduce((total, row) => total.plus(String(row.conditionedWeight ?? 0)), new Decimal(0));
    const report = await records('trader', batch, { status: [...STOCK_STATES] });
    const stockReport = sum(report);
    const admin = (await login(app, 'admin')).token;
    const { json: owners } = await post(
      app,
      resourcePath(stockOwnership, 'list'),
      { size: 100 },
      { token: admin },
    );
    const byOwner = (owners.data as { totals: Record<string, string> }).totals;
    const { json: screen } = await post(app, LARGE_SCREEN_PATH, { fiscalYear: 2027 }, { token: admin });
    const { json: positions } = await post(app, POSITIONS_PATH, {}, { token: admin });
    expect(stockReport.gt(10000)).toBe(true);
    expect(new Decimal(byOwner.conditionedWeight!).eq(stockReport)).toBe(true);
    expect(new Decimal((screen.data as { stock: { total: string } }).stock.total).eq(stockReport)).toBe(true);
    // The positions count the company's own cotton while it is its property (issue 21): the own column of
    // stock by owner, and what is on its way or sold but not out (its receipt not transferred) besides.
    const answer = positions.data as PositionsAnswer;
    const ownStock = new Decimal(answer.inventoryTonnes);
    expect(
      new Decimal(byOwner.selfOwnedWeight!).eq(sum(report.filter((row) => row.ownerKind === 'own'))),
    ).toBe(true);
    const [besides] = await db.query<{ tonnes: string }>(
      `select coalesce(sum(conditioned_weight), 0)::text as tonnes from batches b
        where owner_kind = 'own' and status in ('inTransit', 'sold')
          and not exists (select 1 from warehouse_receipts r where r.batch_no = b.batch_no and r.holder_id is not null)`,
    );
    expect(new Decimal(besides!.tonnes).gt(0)).toBe(true);
    expect(ownStock.eq(new Decimal(byOwner.selfOwnedWeight!).plus(besides!.tonnes))).toBe(true);
    // Its total is the sum of its parts: the months, the contracts naming no month and the stock.
    const parts = [...answer.exposure, ...(answer.withoutMonth ? [answer.withoutMonth] : []), answer.stock];
    expect(parts.reduce((total, row) => total.plus(row.netExposure), new Decimal(0)).toFixed(4)).toBe(
      answer.total.netExposure,
    );
    expect(answer.stock.netExposure).toBe(answer.inventoryTonnes);
  });

  it('holds a few hundred batches of three crop years up to the current one, in several states', async () => {
    const listed = await records('trader', batch);
    expect(listed.length).toBeGreaterThanOrEqual(250);
    const years = new Set(listed.map((row) => row.cropYear));
    expect([...years].sort()).toEqual(['2024/25', '2025/26', '2026/27']);
    const states = new Set(listed.map((row) => row.status));
    for (const state of ['stock', 'inTransit', 'receipted', 'sold', 'reserved', 'out'])
      expect(states).toContain(state);
    const warehouses = await db.query<{ region: string }>('select region from warehouses order by code');
    expect(warehouses.map((w) => w.region)).toEqual(
      expect.arrayContaining(['新疆库尔勒', '新疆乌鲁木齐', '新疆阿克苏', '河南郑州', '山东青岛']),
    );
  });

  it('holds receipts, movements, fees, appointments and contracts in the states their work leaves them', async () => {
    expect(
      await counts(db, 'select status as key, count(*)::int as n from warehouse_receipts group by 1'),
    ).toMatchObject({
      registered: expect.any(Number),
      transferred: expect.any(Number),
      cancelled: 1,
    });
    const movements = await counts(
      db,
      `select mode || ' ' || status as key, count(*)::int as n from movements group by 1`,
    );
    expect(Object.keys(movements)).toEqual(
      expect.arrayContaining(['rail inTransit', 'rail arrived', 'rail planned', 'shortHaul inTransit']),
    );
    const fees = await counts(
      db,
      `select kind || ' ' || status as key, count(*)::int as n from warehouse_fees group by 1`,
    );
    for (const kind of ['storage', 'insurance', 'supervision'])
      expect(Object.keys(fees)).toEqual(expect.arrayContaining([`${kind} settled`, `${kind} confirmed`]));
    expect(
      Object.keys(
        await counts(db, 'select status as key, count(*)::int as n from outbound_appointments group by 1'),
      ).sort(),
    ).toEqual(['booked', 'done']);
    expect(
      Object.keys(
        await counts(db, 'select status as key, count(*)::int as n from transaction_contracts group by 1'),
      ).length,
    ).toBeGreaterThanOrEqual(5);
    // Each document's batch is where the document says: receipted under a registered receipt, sold under a
    // transferred one, on its way under a movement in transit.
    const [mismatch] = await db.query(
      `select r.receipt_no from warehouse_receipts r join batches b on b.batch_no = r.batch_no
        where (r.status = 'registered' and b.status <> 'receipted') or (r.status = 'transferred' and b.status <> 'sold')
       union all
       select m.movement_no from movements m join batches b on b.batch_no = m.batch_no
        where m.status = 'inTransit' and (b.status <> 'inTransit' or b.warehouse_id <> m.from_warehouse_id)`,
    );
    expect(mismatch).toBeUndefined();
    // And the batch's history says which document moved it, and who did.
    const [unexplained] = await db.query(
      `select r.receipt_no from warehouse_receipts r join batches b on b.batch_no = r.batch_no
        where r.status = 'registered' and not exists (
          select 1 from document_history h join users u on u.id = h.user_id
           where h.resource_key = 'batch' and h.record_id = b.id::text and h.to_state = 'receipted'
             and h.comment = '注册仓单 ' || r.receipt_no and u.login_name = 'warehouse')`,
    );
    expect(unexplained).toBeUndefined();
  });

  it('holds contracts numbered by the pattern, partly and fully priced, fixings forced past a deadline and by a margin call, each as the rules price it', async () => {
    const contracts = await db.query<{ no: string; state: string; fixed: string; average: string | null }>(
      `select contract_no as no, pricing_state as state, fixed_tonnage::text as fixed, average_fixed_price::text as average
         from transaction_contracts order by id`,
    );
    for (const { no } of contracts) expect(no).toMatch(/^(CG|XS)\d{6}-\d{4}$/);
    expect(new Set(contracts.map((c) => c.state))).toEqual(new Set([null, 'unpriced', 'partial', 'priced']));
    const [forced] = await db.query<{ n: number }>(
      // A fixing carried into a split part keeps its forced flag; the fixings made are two: one past its
      // fixing deadline (contracts demo), one by a margin call unmet past its deadline (margin demo).
      'select count(*)::int as n from contract_fixings where forced and carried_from is null',
    );
    expect(forced!.n).toBe(2);
    // Each contract's figures are its fixings' average and sum.
    const [off] = await db.query(
      `select c.contract_no from transaction_contracts c join contract_fixings f on f.contract_id = c.id
        group by c.id having c.fixed_tonnage <> sum(f.tonnage)
            or c.average_fixed_price <> round(sum(f.tonnage * f.futures_price) / sum(f.tonnage), 2)`,
    );
    expect(off).toBeUndefined();
    const [history] = await db.query<{ n: number }>(
      `select count(*)::int as n from document_history where resource_key = 'transactionContract' and action = 'approve'`,
    );
    expect(history!.n).toBeGreaterThan(0);
  });

  // Issue 21: receivables read 0.00 for every client although goods had gone out, to clients and batches no
  // sale named. Goods now go out against the sales they fulfil, and each client's figures follow its
  // documents: receivables are the goods delivered (out, or by receipt transferred) less what was paid.
  it("sends goods out against the client's own sales, and its receivables follow what was delivered and paid", async () => {
    const [stray] = await db.query<{ appointmentNo: string }>(
      `select a.appointment_no as "appointmentNo" from outbound_appointments a
        where a.status = 'done' and not exists (
          select 1 from transaction_contract_lines l join transaction_contracts c on c.id = l.contract_id
           where l.batch_no = a.batch_no and c.side = 'sale' and c.partner_id = a.partner_id)`,
    );
    expect(stray).toBeUndefined();
    const clients = await db.query<{ id: string; owed: string }>(
      `select c.partner_id::text as id,
              sum(greatest(0, round(contract_delivered_tonnage(c.id) * c.unit_price, 2) - coalesce(p.paid, 0)))::text as owed
         from transaction_contracts c left join contract_payments p on p.contract_id = c.id
        where c.side = 'sale' and c.kind = 'spot' and c.status in ('executing', 'completed')
        group by c.partner_id`,
    );
    const credit = async (partnerId: string) =>
      (
        (await post(app, CLIENT_CREDIT_PATH, { partnerId }, { token: tokens.risk! })).json.data as {
          receivables: string;
        }
      ).receivables;
    for (const client of clients) expect(await credit(client.id)).toBe(new Decimal(client.owed).toFixed(2));
    expect(clients.some((client) => new Decimal(client.owed).isZero())).toBe(true);
    expect(clients.some((client) => new Decimal(client.owed).greaterThan(0))).toBe(true);
    // Goods out before pricing (the approved basis sale's) are owed at the market too.
    const [early] = await db.query<{ id: string }>(
      `select c.partner_id::text as id from transaction_contracts c
        where c.side = 'sale' and c.kind = 'basis' and c.fixed_tonnage = 0 and contract_delivered_tonnage(c.id) > 0`,
    );
    expect(new Decimal(await credit(early!.id)).greaterThan(0)).toBe(true);
  });

  it('is dated around the server clock: the newest batches are of the current crop year', () => {
    expect(cropYearOf('2026-11-23')).toBe('2026/27');
    expect(cropYearOf('2027-08-31')).toBe('2026/27');
    expect(new Set(demoBatches('2030-03-01').map((b) => b.cropYear))).toEqual(
      new Set(['2027/28', '2028/29', '2029/30']),
    );
  });

  it("stores each batch's figures as the domain computes them from its bales and its certificate", async () => {
    const stored = await db.query<Record<string, string | boolean | string[]>>(
      `select batch_no, bale_count::text, gross_weight_kg::text, tare_weight_kg::text, net_weight::text,
              conditioned_weight::text, length_mm::text, micronaire::text, strength::text, uniformity::text,
              length_grade, micronaire_grade, strength_grade, uniformity_grade, colour_grade, deliverable,
              undeliverable_reasons
         from batches order by batch_no`,
    );
    const bales = new Map(demoBatches('2026-11-23').map((b) => [b.batchNo, b.bales]));
    expect(stored.length).toBe(bales.size);
    for (const row of stored) {
      const figures = batchFromBales(bales.get(row.batch_no as string)!, DELIVERY_TABLE_2016_17);
      const kg = (tonnes: unknown) => (Number(tonnes) * 1000).toFixed(1);
      expect({
        bales: Number(row.bale_count),
        gross: Number(row.gross_weight_kg).toFixed(1),
        net: kg(row.net_weight),
        conditioned: kg(row.conditioned_weight),
        colour: row.colour_grade,
        deliverable: row.deliverable,
        reasons: row.undeliverable_reasons,
      }).toEqual({
        bales: figures.baleCount,
        gross: Number(figures.grossWeightKg).toFixed(1),
        net: Number(figures.netWeightKg).toFixed(1),
        conditioned: Number(figures.conditionedWeightKg).toFixed(1),
        colour: figures.colourGrades[0]!.grade,
        deliverable: figures.deliverable,
        reasons: figures.undeliverableReasons,
      });
      // The certificate's averages grade as the stored grades say (micronaire: the class most bales have).
      expect(Number(row.gross_weight_kg) - Number(row.tare_weight_kg)).toBeCloseTo(
        Number(row.net_weight) * 1000,
        6,
      );
      expect([row.length_grade, row.strength_grade, row.uniformity_grade]).toEqual([
        lengthGrade(String(row.length_mm)),
        strengthGrade(String(row.strength)),
        uniformityGrade(String(row.uniformity)),
      ]);
      expect(row.micronaire_grade).toBe(figures.micronaireClasses[0]!.grade);
      expect(['A', 'B1', 'B2', 'C1', 'C2']).toContain(micronaireClass(String(row.micronaire)));
    }
  });

  it('works like any other data: a demo receipt is cancelled and its batch is back in stock', async () => {
    const [registered] = await records('warehouse', warehouseReceipt, { status: 'registered' });
    const { json } = await transition(
      'warehouse',
      warehouseReceipt,
      registered!.id,
      'cancel',
      '演示：客户未提货',
    );
    expect(json.code, json.msg).toBe(200);
    const [moved] = await db.query<{ status: string }>('select status from batches where batch_no = $1', [
      registered!.batchNo,
    ]);
    expect(moved?.status).toBe('stock');
  });

  it('is loaded once: a restart asking for it again adds nothing', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from batches');
    expect(await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).toEqual({
      applied: [],
      seeded: false,
      demo: false,
    });
    expect(await db.query('select count(*)::int as n from batches')).toEqual(before);
    expect(await db.query('select count(*)::int as n from demo_loads')).toEqual([{ n: 1 }]);
  });
});

describe('without the demo', () => {
  it('a fresh database started with --no-demo (or on PostgreSQL by default) has no business data', async () => {
    const db = await openDatabase({});
    try {
      expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: false })).demo).toBe(false);
      const [empty] = await db.query(
        `select (select count(*) from batches)::int as batches, (select count(*) from warehouses)::int as warehouses,
                (select count(*) from warehouse_receipts)::int as receipts, (select count(*) from movements)::int as movements`,
      );
      expect(empty).toEqual({ batches: 0, warehouses: 0, receipts: 0, movements: 0 });
      // Asking for the demo later does not fill a database that is already in use.
      expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true })).demo).toBe(false);
      expect(await db.query('select count(*)::int as n from batches')).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });
});
