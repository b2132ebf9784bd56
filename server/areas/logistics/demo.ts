// Logistics' part of the demo company: the rail and road stations near the demo warehouses, the routes
// between them with their freight rates, and movements of batches — rail trains inland (some still in
// transit, some arrived), road and short-haul legs inside Xinjiang, a few planned — as depart and arrive
// would leave them (a batch in transit is still booked to the warehouse it left).

import Decimal from 'decimal.js';
import { addDays, DemoRandom, type DemoStep, insertRows, recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import {
  type DemoBatchMove,
  partnerId,
  recordBatchMoves,
  type StockBatch,
  unclaimedStockBatches,
} from '../warehouse/index.ts';

const STATIONS: readonly [
  warehouse: string,
  name: string,
  kind: string,
  bureau: string,
  province: string,
  city: string,
][] = [
  ['XJ-KRL', '库尔勒站', 'both', '乌鲁木齐局', '新疆', '库尔勒'],
  ['XJ-URC', '乌鲁木齐西站', 'both', '乌鲁木齐局', '新疆', '乌鲁木齐'],
  ['XJ-AKS', '阿克苏站', 'both', '乌鲁木齐局', '新疆', '阿克苏'],
  ['XJ-SHZ', '石河子站', 'road', '乌鲁木齐局', '新疆', '石河子'],
  ['HN-ZZ', '圃田站', 'rail', '郑州局', '河南', '郑州'],
  ['SD-QD', '黄岛站', 'rail', '济南局', '山东', '青岛'],
];

const ROUTES: readonly [mode: string, from: string, to: string, km: number, rate: string, days: number][] = [
  ['rail', 'XJ-KRL', 'HN-ZZ', 3120, '520.00', 9],
  ['rail', 'XJ-URC', 'HN-ZZ', 3060, '495.00', 8],
  ['rail', 'XJ-AKS', 'SD-QD', 4380, '640.00', 11],
  ['rail', 'XJ-KRL', 'SD-QD', 4010, '590.00', 10],
  ['road', 'XJ-SHZ', 'XJ-URC', 150, '48.00', 1],
  ['road', 'XJ-KRL', 'XJ-URC', 470, '96.00', 1],
];

interface Place {
  warehouseIds: Map<string, string>;
  routeIds: Map<string, { id: string; rate: string; days: number }>;
}

async function writeNetwork(tx: Queryable): Promise<Place> {
  const warehouses = await tx.query<{ id: string; code: string }>(
    'select id::text as id, code from warehouses',
  );
  const warehouseIds = new Map(warehouses.map((w) => [w.code, w.id]));
  const stations = await insertRows<{ id: string; name: string }>(
    tx,
    'dispatch_stations',
    { name: 'text', kind: 'text', railway_bureau: 'text', province: 'text', city: 'text' },
    STATIONS.map(([, name, kind, bureau, province, city]) => ({
      name,
      kind,
      railway_bureau: bureau,
      province,
      city,
    })),
    'id::text as id, name',
  );
  const stationOf = new Map(
    STATIONS.map(([warehouse, name]) => [warehouse, stations.find((s) => s.name === name)!.id]),
  );
  const nameOf = new Map(STATIONS.map(([warehouse, name]) => [warehouse, name]));
  const routes = await insertRows<{ id: string }>(
    tx,
    'transport_routes',
    {
      name: 'text',
      mode: 'text',
      from_station_id: 'bigint',
      to_station_id: 'bigint',
      distance_km: 'integer',
      freight_rate: 'numeric',
      transit_days: 'integer',
    },
    ROUTES.map(([mode, from, to, km, rate, days]) => ({
      name: `${nameOf.get(from)}—${nameOf.get(to)}`,
      mode,
      from_station_id: stationOf.get(from),
      to_station_id: stationOf.get(to),
      distance_km: km,
      freight_rate: rate,
      transit_days: days,
    })),
  );
  const routeIds = new Map(
    ROUTES.map(([mode, from, to, , rate, days], i) => [
      `${mode} ${from} ${to}`,
      { id: routes[i]!.id, rate, days },
    ]),
  );
  return { warehouseIds, routeIds };
}

interface Leg {
  batch: StockBatch;
  mode: 'rail' | 'road' | 'shortHaul';
  from: string;
  to: string;
  status: 'planned' | 'inTransit' | 'arrived';
  departure: string | null;
}

const MOVEMENT_COLUMNS = {
  movement_no: 'text',
  mode: 'text',
  batch_no: 'text',
  from_warehouse_id: 'bigint',
  to_warehouse_id: 'bigint',
  route_id: 'bigint',
  carrier_id: 'bigint',
  waybill_no: 'text',
  vehicle_no: 'text',
  departure_date: 'date',
  arrival_date: 'date',
  conditioned_weight: 'numeric',
  freight: 'numeric',
  status: 'text',
};

/** Trains inland (arrived ones brought the inland stock), trucks inside Xinjiang, a few planned trains. */
async function plannedLegs(tx: Queryable, random: DemoRandom, today: string): Promise<Leg[]> {
  const legs: Leg[] = [];
  const add = (batches: StockBatch[], leg: (batch: StockBatch) => Omit<Leg, 'batch'>) =>
    legs.push(...batches.map((batch) => ({ batch, ...leg(batch) })));
  add(await unclaimedStockBatches(tx, 10, "w.code in ('HN-ZZ', 'SD-QD')"), (batch) => ({
    mode: 'rail',
    from:
      batch.warehouseCode === 'HN-ZZ' ? random.pick(['XJ-KRL', 'XJ-URC']) : random.pick(['XJ-KRL', 'XJ-AKS']),
    to: batch.warehouseCode,
    status: 'arrived',
    departure: addDays(today, -random.int(25, 90)),
  }));
  add(await unclaimedStockBatches(tx, 8, "w.code in ('XJ-KRL', 'XJ-URC')"), (batch) => ({
    mode: 'rail',
    from: batch.warehouseCode,
    to: 'HN-ZZ',
    status: 'inTransit',
    departure: addDays(today, -random.int(1, 7)),
  }));
  add(await unclaimedStockBatches(tx, 3, "w.code = 'XJ-AKS'"), (batch) => ({
    mode: 'rail',
    from: batch.warehouseCode,
    to: 'SD-QD',
    status: 'planned',
    departure: null,
  }));
  add(await unclaimedStockBatches(tx, 5, "w.code = 'XJ-URC'"), (batch) => ({
    mode: random.pick(['road', 'shortHaul'] as const),
    from: random.pick(['XJ-SHZ', 'XJ-KRL']),
    to: batch.warehouseCode,
    status: 'arrived',
    departure: addDays(today, -random.int(5, 40)),
  }));
  add(await unclaimedStockBatches(tx, 3, "w.code = 'XJ-SHZ'"), (batch) => ({
    mode: 'shortHaul',
    from: batch.warehouseCode,
    to: 'XJ-URC',
    status: 'inTransit',
    departure: today,
  }));
  return legs;
}

export async function logisticsDemo(tx: Queryable, { today }: DemoContext): Promise<void> {
  const random = new DemoRandom('movements');
  const { warehouseIds, routeIds } = await writeNetwork(tx);
  const railCarrier = await partnerId(tx, '中铁快运新疆物流有限公司');
  const roadCarrier = await partnerId(tx, '巴州顺达汽车运输有限公司');
  const legs = await plannedLegs(tx, random, today);
  const rows = legs.map((leg, i) => {
    const route = routeIds.get(`${leg.mode === 'shortHaul' ? 'road' : leg.mode} ${leg.from} ${leg.to}`);
    const rail = leg.mode === 'rail';
    return {
      movement_no: `${rail ? 'TL' : leg.mode === 'road' ? 'GL' : 'DD'}${today.slice(2, 4)}${String(i + 1).padStart(4, '0')}`,
      mode: leg.mode,
      batch_no: leg.batch.batchNo,
      from_warehouse_id: warehouseIds.get(leg.from),
      to_warehouse_id: warehouseIds.get(leg.to),
      route_id: route?.id ?? null,
      carrier_id: rail ? railCarrier : roadCarrier,
      waybill_no: rail ? `${random.int(10000000, 99999999)}` : null,
      vehicle_no: rail ? null : `新${random.pick(['A', 'M', 'C'])}${random.int(10000, 99999)}`,
      departure_date: leg.departure,
      arrival_date:
        leg.status === 'arrived' && leg.departure ? addDays(leg.departure, route?.days ?? 1) : null,
      conditioned_weight: leg.batch.conditionedWeight,
      freight: route
        ? new Decimal(route.rate)
            .times(leg.batch.conditionedWeight)
            .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
            .toFixed(2)
        : null,
      status: leg.status,
    };
  });
  await insertRows(tx, 'movements', MOVEMENT_COLUMNS, rows);
  await recordMovementHistory(tx, rows);
  // Departed legs not yet arrived: the batch is on its way, still booked to the warehouse it left.
  const travelling = legs.filter((leg) => leg.status === 'inTransit');
  await tx.query(
    `update batches b set status = 'inTransit', warehouse_id = v.warehouse_id
       from unnest($1::text[], $2::bigint[]) as v(batch_no, warehouse_id) where b.batch_no = v.batch_no`,
    [travelling.map((leg) => leg.batch.batchNo), travelling.map((leg) => warehouseIds.get(leg.from))],
  );
}

interface MovementRow {
  movement_no: string;
  batch_no: string;
  departure_date: string | null;
  arrival_date: string | null;
  status: string;
}

/** Departure and arrival in each movement's and its batch's history. */
async function recordMovementHistory(tx: Queryable, rows: readonly MovementRow[]) {
  const steps: DemoStep[] = [];
  const moves: DemoBatchMove[] = [];
  for (const row of rows) {
    if (!row.departure_date) continue;
    const departed = { by: 'warehouse', day: row.departure_date };
    steps.push({ ...departed, no: row.movement_no, action: 'depart', from: 'planned', to: 'inTransit' });
    moves.push({
      ...departed,
      batchNo: row.batch_no,
      from: 'stock',
      to: 'inTransit',
      because: `运输单 ${row.movement_no} 发运`,
    });
    if (!row.arrival_date) continue;
    const arrived = { by: 'warehouse', day: row.arrival_date };
    steps.push({ ...arrived, no: row.movement_no, action: 'arrive', from: 'inTransit', to: 'arrived' });
    moves.push({
      ...arrived,
      batchNo: row.batch_no,
      from: 'inTransit',
      to: 'stock',
      because: `运输单 ${row.movement_no} 到达`,
    });
  }
  await recordHistory(tx, { resourceKey: 'movement', table: 'movements', keyColumn: 'movement_no' }, steps);
  await recordBatchMoves(tx, moves);
}
