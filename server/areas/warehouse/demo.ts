// The warehouse's part of the demo company: delivery warehouses in Xinjiang and inland with their premium per
// crop year, a few hundred batches of three crop years built from plausible bales (the figures follow from
// the bales by src/domain, as an imported 公检 file would give them), the fees the warehouses charged over
// the last months and outbound appointments. Deterministic: the same day gives the same company.

import Decimal from 'decimal.js';
import {
  type Bale,
  type BatchFromBales,
  batchFromBales,
  DELIVERY_TABLE_2016_17,
  type DeliveryTable,
  feeAmount,
} from '../../../src/domain/index.ts';
import { addDays, DemoRandom, insertRows, recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import { BALE_COLUMNS as BALE_FIELDS, figuresFromBales } from './batchFigures.ts';
import { deliveryTableOf } from './deliveryTables.ts';

interface DemoWarehouse {
  code: string;
  name: string;
  kind: 'delivery' | 'own' | 'thirdParty';
  operator: string;
  region: string;
  address: string;
  contact: [string, string];
  storageFee: string;
  /** CNY/t against the exchange's base warehouse; absent for a warehouse that is not a delivery one. */
  premium?: number;
  xinjiang: boolean;
}

export const DEMO_WAREHOUSES: readonly DemoWarehouse[] = [
  {
    code: 'XJ-KRL',
    name: '新疆库尔勒中储棉交割库',
    kind: 'delivery',
    operator: '中储棉库尔勒有限责任公司',
    region: '新疆库尔勒',
    address: '新疆巴音郭楞州库尔勒市上户镇',
    contact: ['马超', '13899600005'],
    storageFee: '0.80',
    premium: -580,
    xinjiang: true,
  },
  {
    code: 'XJ-URC',
    name: '新疆乌鲁木齐棉麻交割库',
    kind: 'delivery',
    operator: '新疆棉麻储运乌鲁木齐有限公司',
    region: '新疆乌鲁木齐',
    address: '新疆乌鲁木齐市米东区古牧地东路',
    contact: ['马建军', '13899800031'],
    storageFee: '0.80',
    premium: -540,
    xinjiang: true,
  },
  {
    code: 'XJ-AKS',
    name: '新疆阿克苏棉麻交割库',
    kind: 'delivery',
    operator: '阿克苏棉麻储运有限公司',
    region: '新疆阿克苏',
    address: '新疆阿克苏市西工业园区纺织路',
    contact: ['张雪梅', '13579700032'],
    storageFee: '0.75',
    premium: -620,
    xinjiang: true,
  },
  {
    code: 'HN-ZZ',
    name: '郑州圃田棉花交割库',
    kind: 'delivery',
    operator: '郑州棉麻仓储物流有限公司',
    region: '河南郑州',
    address: '河南省郑州市中牟县圃田乡物流园',
    contact: ['刘国强', '13703710033'],
    storageFee: '0.90',
    premium: 0,
    xinjiang: false,
  },
  {
    code: 'SD-QD',
    name: '青岛港棉花交割库',
    kind: 'delivery',
    operator: '青岛港国际棉花物流有限公司',
    region: '山东青岛',
    address: '山东省青岛市黄岛区前湾港路',
    contact: ['于海波', '13806390034'],
    storageFee: '0.95',
    premium: 50,
    xinjiang: false,
  },
  {
    code: 'XJ-SHZ',
    name: '石河子自有棉库',
    kind: 'own',
    operator: '石河子天富棉业有限公司',
    region: '新疆石河子',
    address: '新疆石河子市北泉镇',
    contact: ['赵振宇', '13899510025'],
    storageFee: '0.60',
    xinjiang: true,
  },
];

/** The ginners batches come from, with their 5-digit processing-plant codes. */
const GINNERS: readonly [code: string, name: string][] = [
  ['65281', '库尔勒银星棉业有限公司'],
  ['65292', '阿克苏利华棉业有限公司'],
  ['65297', '沙雅县金丰轧花有限公司'],
  ['65901', '石河子天富棉业有限公司'],
  ['65001', '新疆天山棉业有限公司'],
];

/** The crop year a day falls in (a crop year starts on 1 September): 2026-11-23 is in 2026/27. */
export function cropYearOf(day: string): string {
  const year = Number(day.slice(0, 4)) - (Number(day.slice(5, 7)) < 9 ? 1 : 0);
  return `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

/** The current crop year and the two before it, oldest first, with how many batches each has in stock. */
export function demoCropYears(today: string): { cropYear: string; batches: number }[] {
  const current = Number(cropYearOf(today).slice(0, 4));
  return [
    { cropYear: cropYearOf(`${current - 2}-10-01`), batches: 36 },
    { cropYear: cropYearOf(`${current - 1}-10-01`), batches: 120 },
    { cropYear: cropYearOf(`${current}-10-01`), batches: 144 },
  ];
}

const oneDecimal = (value: number) => value.toFixed(1);

/** How one batch's cotton is, around which its bales scatter. */
interface BatchProfile {
  colour: string;
  length: number;
  micronaire: number;
  strength: number;
  uniformity: number;
  trash: number;
  regain: number;
  ginning: string;
  rough: boolean;
}

/** Mostly 31 and 21 white cotton, some 41 and light-spotted 12; micronaire mostly B2 or A; S2–S3, U2–U3. */
function batchProfile(random: DemoRandom): BatchProfile {
  return {
    colour: random.weighted([
      ['31', 46],
      ['21', 34],
      ['41', 10],
      ['12', 6],
      ['11', 4],
    ]),
    length: random.around(29.3, 0.8, 28.1, 30.7),
    micronaire: random.weighted([
      [random.around(4.55, 0.2, 4.3, 4.85), 55],
      [random.around(4.05, 0.15, 3.75, 4.2), 40],
      [random.around(5.1, 0.1, 5.0, 5.3), 5],
    ]),
    strength: random.around(28.6, 1.2, 26.4, 30.8),
    uniformity: random.around(82.6, 1.2, 80.3, 85.4),
    trash: random.around(2.4, 0.3, 1.8, 3.0),
    regain: random.around(8.0, 0.5, 7.1, 8.9),
    ginning: random.weighted([
      ['P2', 70],
      ['P1', 22],
      ['P3', 8],
    ]),
    rough: random.next() < 0.05,
  };
}

/** Most bales have the batch's colour, the others a neighbouring grade. */
const NEIGHBOUR_COLOURS: Readonly<Record<string, readonly string[]>> = {
  '11': ['21'],
  '21': ['11', '31'],
  '31': ['21', '41'],
  '41': ['31'],
  '12': ['22', '31'],
};

function bale(random: DemoRandom, batchNo: string, index: number, profile: BatchProfile): Bale {
  // Tenths of a kilogram, whole, so the net weight is exact without decimal arithmetic.
  const gross = Math.round(random.around(228.6, 2.5, 221, 236) * 10);
  const tare = Math.round(random.around(1.4, 0.15, 1.1, 1.8) * 10);
  return {
    batchNo,
    baleNo: `${batchNo}${String(index + 1).padStart(3, '0')}`,
    colourGrade: random.next() < 0.82 ? profile.colour : random.pick(NEIGHBOUR_COLOURS[profile.colour] ?? []),
    lengthMm: oneDecimal(random.around(profile.length, 0.5, 27.2, 31.8)),
    micronaire: oneDecimal(random.around(profile.micronaire, 0.15, 3.6, 5.4)),
    strength: oneDecimal(random.around(profile.strength, 0.7, 25, 32)),
    uniformity: oneDecimal(random.around(profile.uniformity, 0.6, 79, 86.5)),
    // A bale above 3.5 % trash makes the batch undeliverable: a rough batch (one in twenty) has some.
    trashPercent: oneDecimal(
      random.around(profile.trash + (profile.rough ? 1 : 0), 0.25, 1.2, profile.rough ? 3.9 : 3.5),
    ),
    moistureRegainPercent: oneDecimal(random.around(profile.regain, 0.3, 6.5, 9.8)),
    grossWeightKg: (gross / 10).toFixed(1),
    tareWeightKg: (tare / 10).toFixed(1),
    netWeightKg: ((gross - tare) / 10).toFixed(1),
    ginningGrade: random.next() < 0.85 ? profile.ginning : random.pick(['P1', 'P2', 'P3']),
  };
}

export interface DemoBatch {
  batchNo: string;
  cropYear: string;
  ginner: string;
  warehouseCode: string;
  bales: Bale[];
}

/**
 * The demo's batches with their bales: about 186 bales of about 227 kg each, as a 公检 bale file would list
 * them. The bale rows are what a `bales` table holds; the batch rows follow from them (`demoBatchRow`).
 */
export function demoBatches(today: string): DemoBatch[] {
  const batches: DemoBatch[] = [];
  for (const { cropYear, batches: count } of demoCropYears(today)) {
    const random = new DemoRandom(`batches ${cropYear}`);
    const yy = cropYear.slice(2, 4);
    const newCrop = cropYear === cropYearOf(today);
    for (let i = 0; i < count; i++) {
      const [ginnerCode, ginner] = random.pick(GINNERS);
      const batchNo = `${ginnerCode}${yy}${String(i + 1).padStart(4, '0')}`;
      // The new crop is still in Xinjiang; older cotton has partly gone inland.
      const warehouse = random.weighted(
        DEMO_WAREHOUSES.map(
          (w) => [w, w.kind === 'own' ? 1 : w.xinjiang ? 3 : newCrop ? 0.15 : 1.2] as const,
        ),
      );
      const profile = batchProfile(random);
      const baleCount = random.int(180, 192);
      const bales = Array.from({ length: baleCount }, (_, index) => bale(random, batchNo, index, profile));
      batches.push({ batchNo, cropYear, ginner, warehouseCode: warehouse.code, bales });
    }
  }
  return batches;
}

const tonnes = (kilograms: string) => new Decimal(kilograms).dividedBy(1000).toString();

/** A batch as its certificate and the domain's figures give it: averages, weights, grades, deliverability. */
export function demoBatchRow(
  batch: DemoBatch,
  figures: BatchFromBales = batchFromBales(batch.bales, DELIVERY_TABLE_2016_17),
) {
  return {
    batch_no: batch.batchNo,
    crop_year: batch.cropYear,
    ginner: batch.ginner,
    bale_count: figures.baleCount,
    gross_weight_kg: figures.grossWeightKg,
    tare_weight_kg: figures.tareWeightKg,
    trash_percent: figures.trashPercent,
    moisture_regain_percent: figures.moistureRegainPercent,
    colour_grade: figures.colourGrades[0]?.grade ?? null,
    length_mm: figures.lengthMm,
    micronaire: figures.micronaire,
    strength: figures.strength,
    uniformity: figures.uniformity,
    ginning_grade: figures.ginningGrades[0]?.grade ?? null,
    net_weight: tonnes(figures.netWeightKg),
    conditioned_weight: tonnes(figures.conditionedWeightKg),
    length_grade: figures.premiums.length.grade,
    micronaire_grade: figures.premiums.micronaire.grade,
    strength_grade: figures.premiums.strength.grade,
    uniformity_grade: figures.premiums.uniformity.grade,
    deliverable: figures.deliverable,
    undeliverable_reasons: figures.undeliverableReasons,
  };
}

const BATCH_COLUMNS = {
  batch_no: 'text',
  saved_batch_no: 'text',
  warehouse_id: 'bigint',
  status: 'text',
  crop_year: 'text',
  ginner: 'text',
  bale_count: 'integer',
  gross_weight_kg: 'numeric',
  tare_weight_kg: 'numeric',
  trash_percent: 'numeric',
  moisture_regain_percent: 'numeric',
  colour_grade: 'text',
  length_mm: 'numeric',
  micronaire: 'numeric',
  strength: 'numeric',
  uniformity: 'numeric',
  ginning_grade: 'text',
  net_weight: 'numeric',
  conditioned_weight: 'numeric',
  length_grade: 'text',
  micronaire_grade: 'text',
  strength_grade: 'text',
  uniformity_grade: 'text',
  deliverable: 'boolean',
  undeliverable_reasons: 'text[]',
  colour_shares: 'text',
  micronaire_shares: 'text',
  ginning_shares: 'text',
  exchange_premium: 'numeric',
};

async function writeWarehouses(tx: Queryable): Promise<Map<string, string>> {
  const rows = await insertRows<{ id: string; code: string }>(
    tx,
    'warehouses',
    {
      code: 'text',
      name: 'text',
      kind: 'text',
      operator_id: 'bigint',
      region: 'text',
      address: 'text',
      contact_name: 'text',
      contact_phone: 'text',
      storage_fee_per_tonne_day: 'numeric',
    },
    await Promise.all(
      DEMO_WAREHOUSES.map(async (w) => ({
        code: w.code,
        name: w.name,
        kind: w.kind,
        operator_id: await partnerId(tx, w.operator),
        region: w.region,
        address: w.address,
        contact_name: w.contact[0],
        contact_phone: w.contact[1],
        storage_fee_per_tonne_day: w.storageFee,
      })),
    ),
    'id::text as id, code',
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}

export async function partnerId(tx: Queryable, name: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>('select id::text as id from partners where name = $1', [name]);
  return row?.id ?? null;
}

/** The exchange reissues the warehouses' premiums every crop year; they drift by a few tens of yuan. */
async function writePremiums(tx: Queryable, warehouseIds: Map<string, string>, today: string) {
  const rows = demoCropYears(today).flatMap(({ cropYear }, yearIndex) =>
    DEMO_WAREHOUSES.filter((w) => w.premium !== undefined).map((w) => ({
      crop_year: cropYear,
      warehouse_id: warehouseIds.get(w.code),
      premium: String(w.premium! + (yearIndex - 1) * 20),
      effective_from: `${cropYear.slice(0, 4)}-09-01`,
      remark: `郑商所 ${cropYear} 年度交割库升贴水`,
    })),
  );
  await insertRows(
    tx,
    'warehouse_premiums',
    { crop_year: 'text', warehouse_id: 'bigint', premium: 'numeric', effective_from: 'date', remark: 'text' },
    rows,
  );
}

/** The batches and the bales their figures follow from, as a 公检 bale file import would leave them. */
/**
 * A batch's figures under a table, computed once per process: every tenant of `npm start` loads the same demo,
 * and the decimal arithmetic over 55,000 bales takes seconds.
 */
const figuresCache = new Map<string, ReturnType<typeof figuresFromBales>>();
function figuresOf(batch: DemoBatch, table: DeliveryTable) {
  const key = `${batch.batchNo}|${batch.bales.length}|${JSON.stringify(table)}`;
  let figures = figuresCache.get(key);
  if (!figures) {
    figures = figuresFromBales(batch.bales, table);
    figuresCache.set(key, figures);
  }
  return figures;
}

/**
 * The batches with the figures their bales give under their crop year's delivery table, as the bale import
 * stores them (figuresFromBales): computed once here, not read back and recomputed batch by batch.
 */
async function writeBatches(tx: Queryable, warehouseIds: Map<string, string>, today: string) {
  const batches = demoBatches(today);
  const tables = new Map<string, DeliveryTable>();
  for (const cropYear of new Set(batches.map((batch) => batch.cropYear)))
    tables.set(cropYear, await deliveryTableOf(tx, cropYear));
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const rows = batches.map((batch) => ({
    batch_no: batch.batchNo,
    crop_year: batch.cropYear,
    ginner: batch.ginner,
    ...Object.fromEntries(
      Object.entries(figuresOf(batch, tables.get(batch.cropYear)!)).map(([field, value]) => [
        snake(field),
        value,
      ]),
    ),
    saved_batch_no: batch.batchNo,
    warehouse_id: warehouseIds.get(batch.warehouseCode),
    status: 'stock',
  }));
  const ids = await insertRows<{ id: string }>(tx, 'batches', BATCH_COLUMNS, rows);
  // Every bale in one statement of column arrays (55,000 rows: several times quicker than JSON rows).
  const bales = batches.flatMap((batch, i) => batch.bales.map((bale) => ({ ...bale, batchId: ids[i]!.id })));
  await tx.query(
    `insert into bales (batch_id, ${BALE_FIELDS.map(([, column]) => column).join(', ')})
     select * from unnest($1::bigint[], ${BALE_FIELDS.map(([, , type], i) => `$${i + 2}::${type}[]`).join(', ')})`,
    [
      bales.map((bale) => bale.batchId),
      ...BALE_FIELDS.map(([field]) => bales.map((bale) => bale[field] ?? null)),
    ],
  );
}

/** The first day of the month `back` months before today's. */
function monthStart(today: string, back: number): string {
  const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - back);
  return date.toISOString().slice(0, 10);
}

/** Each warehouse bills storage, insurance and supervision monthly: settled, then confirmed, then draft. */
async function writeFees(tx: Queryable, warehouseIds: Map<string, string>, today: string) {
  const stock = await tx.query<{ warehouseId: string; tonnes: string }>(
    `select warehouse_id::text as "warehouseId", sum(conditioned_weight)::text as tonnes
       from batches group by warehouse_id`,
  );
  const tonnesIn = new Map(stock.map((row) => [row.warehouseId, row.tonnes]));
  const rows: Record<string, unknown>[] = [];
  for (const w of DEMO_WAREHOUSES) {
    const warehouseId = warehouseIds.get(w.code)!;
    const stocked = new Decimal(tonnesIn.get(warehouseId) ?? '0');
    if (stocked.isZero()) continue;
    const payee = await partnerId(tx, w.operator);
    for (const back of [3, 2, 1]) {
      const from = monthStart(today, back);
      const to = addDays(monthStart(today, back - 1), -1);
      const month = from.slice(0, 7).replace('-', '');
      const status = back === 3 ? 'settled' : back === 2 ? 'confirmed' : 'draft';
      // Stock grew over the months as the new crop came in.
      const held = stocked
        .times(1 - back * 0.12)
        .toDecimalPlaces(4)
        .toString();
      const common = { warehouse_id: warehouseId, period_from: from, period_to: to, payee_id: payee, status };
      rows.push({
        ...common,
        fee_no: `BG${month}-${w.code}`,
        kind: 'storage',
        basis: 'perTonneDay',
        rate: w.storageFee,
        tonnage: held,
        amount: feeAmount({
          basis: 'perTonneDay',
          rate: w.storageFee,
          tonnes: held,
          periodFrom: from,
          periodTo: to,
        }),
        tax_rate: '6',
      });
      const insuredValue = new Decimal(held).times(15200).toDecimalPlaces(2).toFixed(2);
      rows.push({
        ...common,
        fee_no: `BX${month}-${w.code}`,
        kind: 'insurance',
        basis: 'percentOfValue',
        rate: '0.012',
        insured_value: insuredValue,
        amount: feeAmount({ basis: 'percentOfValue', rate: '0.012', insuredValue }),
        tax_rate: '6',
      });
      if (w.kind === 'delivery')
        rows.push({
          ...common,
          fee_no: `JG${month}-${w.code}`,
          kind: 'supervision',
          basis: 'perTonne',
          rate: '2.50',
          tonnage: held,
          amount: feeAmount({ basis: 'perTonne', rate: '2.50', tonnes: held }),
          tax_rate: '6',
        });
    }
  }
  await insertRows(
    tx,
    'warehouse_fees',
    {
      fee_no: 'text',
      kind: 'text',
      warehouse_id: 'bigint',
      period_from: 'date',
      period_to: 'date',
      basis: 'text',
      rate: 'numeric',
      tonnage: 'numeric',
      insured_value: 'numeric',
      amount: 'numeric',
      tax_rate: 'numeric',
      payee_id: 'bigint',
      status: 'text',
    },
    rows,
  );
}

const DRIVERS: readonly [string, string][] = [
  ['王海军', '13899001101'],
  ['买买提·吐尔逊', '13909901102'],
  ['李卫东', '13619901103'],
  ['张勇', '13779901104'],
  ['陈国庆', '13565901105'],
];

/**
 * Clients book batches to collect in the next days. The appointments already done are the contracts demo's:
 * goods go out against the sale contracts they fulfil (issue 21), never to a client with no sale of them.
 */
async function writeAppointments(tx: Queryable, today: string) {
  const random = new DemoRandom('appointments');
  const batches = await unclaimedStockBatches(tx, 6, "w.kind = 'delivery' and not w.code like 'XJ-%'");
  const clients = await tx.query<{ id: string }>(
    `select id::text as id from partners where 'client' = any(kinds) order by partners.id`,
  );
  const rows = batches.map((batch, i) => {
    const [driver, phone] = random.pick(DRIVERS);
    return {
      appointment_no: `YY${today.slice(2, 4)}${String(i + 1).padStart(4, '0')}`,
      batch_no: batch.batchNo,
      warehouse_id: batch.warehouseId,
      partner_id: random.pick(clients).id,
      planned_date: addDays(today, random.int(1, 10)),
      vehicle_no: `${random.pick(['豫A', '鲁B', '苏B', '浙B'])}${random.int(10000, 99999)}`,
      driver_name: driver,
      driver_phone: phone,
      conditioned_weight: batch.conditionedWeight,
      status: 'booked' as const,
    };
  });
  await insertAppointments(tx, rows);
}

export type DemoAppointment = {
  appointment_no: string;
  batch_no: string;
  warehouse_id: string;
  partner_id: string | null;
  planned_date: string;
  vehicle_no: string;
  driver_name: string;
  driver_phone: string;
  conditioned_weight: string;
  status: 'booked' | 'done';
};

/** Writes appointments; those done send their batch out, with the warehouse's history of each step. */
export async function insertAppointments(tx: Queryable, rows: readonly DemoAppointment[]) {
  await insertRows(
    tx,
    'outbound_appointments',
    {
      appointment_no: 'text',
      batch_no: 'text',
      warehouse_id: 'bigint',
      partner_id: 'bigint',
      planned_date: 'date',
      vehicle_no: 'text',
      driver_name: 'text',
      driver_phone: 'text',
      conditioned_weight: 'numeric',
      status: 'text',
    },
    rows,
  );
  const done = rows.filter((row) => row.status === 'done');
  if (done.length === 0) return;
  const from = await tx.query<{ batchNo: string; status: string }>(
    'select batch_no as "batchNo", status from batches where batch_no = any($1::text[])',
    [done.map((row) => row.batch_no)],
  );
  await tx.query(`update batches set status = 'out' where batch_no = any($1::text[])`, [
    done.map((row) => row.batch_no),
  ]);
  const steps = done.map((row) => ({ by: 'warehouse', day: row.planned_date }));
  await recordHistory(
    tx,
    { resourceKey: 'outboundAppointment', table: 'outbound_appointments', keyColumn: 'appointment_no' },
    done.map((row, i) => ({
      ...steps[i]!,
      no: row.appointment_no,
      action: 'finishOutbound',
      from: 'booked',
      to: 'done',
    })),
  );
  await recordBatchMoves(
    tx,
    done.map((row, i) => ({
      ...steps[i]!,
      batchNo: row.batch_no,
      from: from.find((batch) => batch.batchNo === row.batch_no)?.status ?? 'stock',
      to: 'out',
      because: `出库（预约 ${row.appointment_no}）`,
    })),
  );
}

/** A driver and phone of the demo's carriers. */
export const demoDriver = (random: DemoRandom): readonly [string, string] => random.pick(DRIVERS);

/** The tables whose rows name a batch; a demo part takes only batches none of them names yet. */
const NAMING_TABLES = [
  'outbound_appointments',
  'warehouse_receipts',
  'movements',
  'transaction_contract_lines',
];

export interface StockBatch {
  batchNo: string;
  warehouseId: string;
  warehouseCode: string;
  cropYear: string;
  conditionedWeight: string;
}

/**
 * Batches in stock that no document names yet, in a stable order (by batch no), matching `where` (over
 * batches `b` and their warehouse `w`): each later demo part takes its own batches from what is left.
 */
export async function unclaimedStockBatches(
  tx: Queryable,
  count: number,
  where = 'true',
): Promise<StockBatch[]> {
  const present = await tx.query<{ name: string }>(
    'select t as name from unnest($1::text[]) t where to_regclass(t) is not null',
    [NAMING_TABLES],
  );
  const unnamed = present.map(
    ({ name }) => `not exists (select 1 from ${name} d where d.batch_no = b.batch_no)`,
  );
  return tx.query<StockBatch>(
    `select b.batch_no as "batchNo", b.warehouse_id::text as "warehouseId", w.code as "warehouseCode",
            b.crop_year as "cropYear", b.conditioned_weight::text as "conditionedWeight"
       from batches b join warehouses w on w.id = b.warehouse_id
      where b.status = 'stock' and b.deliverable and (${where}) ${unnamed.map((c) => `and ${c}`).join(' ')}
      order by md5(b.batch_no) limit $1`,
    [count],
  );
}

export async function warehouseDemo(tx: Queryable, { today }: DemoContext): Promise<void> {
  const warehouseIds = await writeWarehouses(tx);
  await writePremiums(tx, warehouseIds, today);
  await writeBatches(tx, warehouseIds, today);
  await writeFees(tx, warehouseIds, today);
  await writeAppointments(tx, today);
}

/** A batch moved by a demo document, as `moveBatch` records it in the batch's history. */
export interface DemoBatchMove {
  batchNo: string;
  from: string;
  to: string;
  because: string;
  by: string;
  day: string;
}

export const recordBatchMoves = (tx: Queryable, moves: readonly DemoBatchMove[]) =>
  recordHistory(
    tx,
    { resourceKey: 'batch', table: 'batches', keyColumn: 'batch_no' },
    moves.map(({ batchNo, because, ...move }) => ({
      ...move,
      no: batchNo,
      action: 'move',
      comment: because,
    })),
  );
