// Storage of transport (src/areas/logistics/resources.ts): dispatch stations, rail and road routes, and
// movements of batches. A movement moves its batch only through moveBatch: depart takes it out of stock,
// arrive puts it into the destination warehouse, or out when the leg delivers it away.

import Decimal from 'decimal.js';
import { type FreightBasis, freight } from '../../../src/domain/money.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { StoredPart } from '../../platform/resources/area.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { moveBatch } from '../warehouse/index.ts';

type Input = Record<string, unknown>;

/** What a reference to a station or a route shows. */
const referenceNames = {
  dispatchStation: { table: 'dispatch_stations', column: 'name' },
  transportRoute: { table: 'transport_routes', column: 'name' },
} as const;

const MODE_NAMES: Readonly<Record<string, string>> = { rail: '铁路', road: '公路' };

/** A route is named after its stations ("origin — destination"); renaming a station renames its routes. */
async function nameRoutes(db: Queryable, condition: string, id: string) {
  await db.query(
    `update transport_routes t set name = f.name || ' — ' || d.name
       from dispatch_stations f, dispatch_stations d
      where f.id = t.from_station_id and d.id = t.to_station_id and ${condition}`,
    [id],
  );
}

async function routeProblems(db: Queryable, id: string, record: Input): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const [taken] = await db.query(
    `select 1 from transport_routes
      where mode = $1 and from_station_id = $2 and to_station_id = $3 and id <> $4`,
    [record.mode, record.fromStationId, record.toStationId, id],
  );
  if (taken)
    problems.toStationId = `到达站：从该起运站到该到达站的${MODE_NAMES[String(record.mode)]}线路已存在`;
  const stations = await db.query<{ id: string; name: string; kind: string }>(
    'select id::text, name, kind from dispatch_stations where id = any($1::bigint[])',
    [[record.fromStationId, record.toStationId]],
  );
  for (const [field, label] of [
    ['fromStationId', '起运站'],
    ['toStationId', '到达站'],
  ] as const) {
    const station = stations.find((s) => s.id === String(record[field]));
    if (station && station.kind !== 'both' && station.kind !== record.mode)
      problems[field] ??= `${label}：${station.name}不办理${MODE_NAMES[String(record.mode)]}运输`;
  }
  return problems;
}

/** Master data still in use is disabled rather than deleted: refuses naming the first user found. */
async function refuseInUse(db: Queryable, sql: string, ids: string[], message: (name: string) => string) {
  const [used] = await db.query<{ name: string }>(sql, [ids]);
  if (used) throw badRequest(message(used.name));
}

const dispatchStation: ResourceStorage = {
  table: 'dispatch_stations',
  unique: ['name'],
  saveExtra: ({ db }, id) => nameRoutes(db, '(t.from_station_id = $1 or t.to_station_id = $1)', id),
  onDelete: (db, ids) =>
    refuseInUse(
      db,
      `select name from transport_routes
        where from_station_id = any($1::bigint[]) or to_station_id = any($1::bigint[]) order by id limit 1`,
      ids,
      (route) => `线路「${route}」使用该站点，不能删除，可停用`,
    ),
};

const transportRoute: ResourceStorage = {
  table: 'transport_routes',
  saveExtra: async ({ db }, id, record) => {
    const problems = await routeProblems(db, id, record);
    if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
    await nameRoutes(db, 't.id = $1', id);
  },
  onDelete: (db, ids) =>
    refuseInUse(
      db,
      'select movement_no as name from movements where route_id = any($1::bigint[]) order by id limit 1',
      ids,
      (movementNo) => `运输单 ${movementNo} 使用该线路，不能删除，可停用`,
    ),
};

interface MovementRow {
  movementNo: string;
  status: string;
  batchNo: string;
  fromWarehouseId: string;
  toWarehouseId: string | null;
}

async function movementOf(db: Queryable, id: string): Promise<MovementRow> {
  const [row] = await db.query<MovementRow>(
    `select movement_no as "movementNo", status, batch_no as "batchNo",
            from_warehouse_id::text as "fromWarehouseId", to_warehouse_id::text as "toWarehouseId"
       from movements where id = $1`,
    [id],
  );
  if (!row) throw badRequest('运输单不存在或已被删除');
  return row;
}

interface BatchPlace {
  status: string;
  warehouseId: string | null;
  warehouseName: string | null;
}

async function batchPlace(db: Queryable, batchNo: unknown): Promise<BatchPlace | undefined> {
  const [batch] = await db.query<BatchPlace>(
    `select b.status, b.warehouse_id::text as "warehouseId", w.name as "warehouseName"
       from batches b left join warehouses w on w.id = b.warehouse_id where b.batch_no = $1`,
    [batchNo],
  );
  return batch;
}

/** The batch must be in the from-warehouse; once departed, it must still be the batch on its way. */
async function batchProblems(db: Queryable, record: Input, status: string): Promise<Record<string, string>> {
  const batch = await batchPlace(db, record.batchNo);
  if (!batch) return { batchNo: `批号：批号 ${record.batchNo} 不存在` };
  if (status === 'inTransit' && batch.status !== 'inTransit')
    return { batchNo: '批号：已发运的运输单不能更换批号' };
  if (batch.warehouseId !== String(record.fromWarehouseId))
    return {
      fromWarehouseId: `起运仓库：批号 ${record.batchNo} ${batch.warehouseName ? `在「${batch.warehouseName}」` : '未登记所在仓库'}，不在所选仓库`,
    };
  return {};
}

async function movementRouteProblems(db: Queryable, record: Input): Promise<Record<string, string>> {
  if (!record.routeId) return {};
  const [route] = await db.query<{ mode: string; status: string }>(
    'select mode, status from transport_routes where id = $1',
    [record.routeId],
  );
  if (!route) return { routeId: '运输线路：所选线路不存在' };
  if (route.mode !== record.mode)
    return { routeId: `运输线路：所选线路是${MODE_NAMES[route.mode]}线路，与本运输单的运输方式不符` };
  if (route.status !== 'enabled') return { routeId: '运输线路：所选线路已停用' };
  return {};
}

interface FreightFacts {
  movementNo: string;
  batchNo: string;
  freight: string | null;
  rate: string | null;
  conditionedWeight: string;
  batchGrossKg: string | null;
  batchConditioned: string | null;
  day: string | null;
}

/** The movement's share of its batch's gross weight, in tonnes (the whole batch when it moves whole). */
function grossTonnes(facts: FreightFacts): string | undefined {
  if (!facts.batchGrossKg || !facts.batchConditioned || new Decimal(facts.batchConditioned).isZero())
    return undefined;
  return new Decimal(facts.batchGrossKg)
    .dividedBy(1000)
    .times(facts.conditionedWeight)
    .dividedBy(facts.batchConditioned)
    .toString();
}

/**
 * Freight carries the freight VAT rate of the settings on its day. Left empty with a route given, it is
 * the route's rate × the weight the `freightBasis` setting names (gross or conditioned), to the fen.
 */
async function fillFreight(hook: HookContext, id: string) {
  const [facts] = await hook.db.query<FreightFacts>(
    `select m.movement_no as "movementNo", m.batch_no as "batchNo", m.freight::text as freight,
            r.freight_rate::text as rate, m.conditioned_weight::text as "conditionedWeight",
            b.gross_weight_kg::text as "batchGrossKg", b.conditioned_weight::text as "batchConditioned",
            to_char(m.departure_date, 'YYYY-MM-DD') as day
       from movements m left join transport_routes r on r.id = m.route_id
       left join batches b on b.id = m.batch_id where m.id = $1`,
    [id],
  );
  if (!facts) return;
  const day = facts.day ?? hook.today;
  const vatPercent = await settingOn(hook.db, 'vatFreightPercent', day);
  if (facts.freight !== null || facts.rate === null) {
    await hook.db.query('update movements set freight_vat_rate = $2, freight_basis = null where id = $1', [
      id,
      facts.freight === null ? null : vatPercent,
    ]);
    return;
  }
  const basis = (await settingOn(hook.db, 'freightBasis', day)) as FreightBasis;
  const gross = grossTonnes(facts);
  if (basis === 'grossWeight' && gross === undefined)
    throw new FieldErrors({
      freight: `运费：批号 ${facts.batchNo} 没有毛重，无法按毛重计算运费，请填写运费`,
    });
  const charged = freight({
    ratePerTonne: facts.rate,
    basis,
    grossWeightTonnes: gross ?? '0',
    conditionedWeightTonnes: facts.conditionedWeight,
    vatPercent,
  });
  await hook.db.query(
    'update movements set freight = $2, freight_vat_rate = $3, freight_basis = $4 where id = $1',
    [id, charged.included, vatPercent, basis],
  );
}

async function checkMovement(hook: HookContext, id: string, record: Input) {
  const { status } = await movementOf(hook.db, id);
  if (status !== 'planned' && status !== 'inTransit') throw badRequest('已到达或已取消的运输单不能修改');
  const problems = {
    ...(await batchProblems(hook.db, record, status)),
    ...(await movementRouteProblems(hook.db, record)),
  };
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  await fillFreight(hook, id);
}

async function depart(hook: HookContext, movement: MovementRow) {
  const batch = await batchPlace(hook.db, movement.batchNo);
  if (batch && batch.warehouseId !== movement.fromWarehouseId)
    throw badRequest(`批号 ${movement.batchNo} 已不在起运仓库，不能发运`);
  await moveBatch(hook, movement.batchNo, {
    from: ['stock'],
    to: 'inTransit',
    because: `运输单 ${movement.movementNo} 发运`,
  });
}

/** Into the destination warehouse when there is one; else the leg delivered the batch away. */
async function arrive(hook: HookContext, movement: MovementRow) {
  await moveBatch(hook, movement.batchNo, {
    from: ['inTransit'],
    to: movement.toWarehouseId ? 'stock' : 'out',
    ...(movement.toWarehouseId ? { warehouseId: movement.toWarehouseId } : {}),
    because: `运输单 ${movement.movementNo} 到达`,
  });
}

/** The day of a departure or arrival nobody entered: the day it was recorded. */
async function stampDate(hook: HookContext, id: string, column: 'departure_date' | 'arrival_date') {
  await hook.db.query(`update movements set ${column} = coalesce(${column}, $2::date) where id = $1`, [
    id,
    hook.today,
  ]);
}

const movement: ResourceStorage = {
  table: 'movements',
  unique: ['movementNo'],
  clientScope: { names: 'array[t.carrier_id]' },
  saveExtra: checkMovement,
  onDelete: async (db, ids) => {
    const [started] = await db.query<{ movementNo: string }>(
      `select movement_no as "movementNo" from movements where id = any($1::bigint[]) and status <> 'planned'`,
      [ids],
    );
    if (started) throw badRequest(`运输单 ${started.movementNo} 已发运或已取消，不能删除`);
  },
  afterTransition: async (hook, id, action) => {
    const row = await movementOf(hook.db, id);
    if (action === 'depart') {
      await depart(hook, row);
      await stampDate(hook, id, 'departure_date');
    }
    if (action === 'arrive') {
      await arrive(hook, row);
      await stampDate(hook, id, 'arrival_date');
    }
    return {};
  },
};

const storage: Readonly<Record<string, ResourceStorage>> = {
  dispatchStation,
  transportRoute,
  movement,
};

const MASTER_DATA = ['view', 'create', 'edit', 'delete', 'export', 'enable', 'disable'];
const MOVEMENT_WORK = ['view', 'create', 'edit', 'delete', 'export', 'depart', 'arrive', 'void'];
const MOVEMENT_ROUTES = ['QmDdYs', 'QmTlYs', 'QmGlYs', 'QmYkDetail'];
const onScreens = (routes: readonly string[], permissions: string[]) =>
  routes.map((scope) => ({ scope, permissions }));

const grants: StoredPart['grants'] = {
  warehouse: [
    // Carriers, receipt holders, fee payees and collecting clients are chosen from the partner list.
    { scope: 'partner', permissions: ['view'] },
    ...onScreens(['QmBystation', 'QmRailway', 'QmRoad'], MASTER_DATA),
    ...onScreens(MOVEMENT_ROUTES, MOVEMENT_WORK),
  ],
  trader: onScreens(MOVEMENT_ROUTES, ['view']),
  finance: onScreens(MOVEMENT_ROUTES, ['view', 'export']),
};

export const logisticsStorage: StoredPart = {
  migration: '005_logistics.sql',
  storage,
  grants,
  referenceNames,
};
