import type { FastifyInstance } from 'fastify';
import { dispatchStation, movement, transportRoute } from '../../../src/areas/logistics/resources.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { type ResourceDecl, type ResourceVerb, resourcePath } from '../../../src/framework/resource/index.ts';
import { type MenuAnswer, PATHS } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, menuScreenIds, openTestDb, post, startApp } from '../../test/harness.ts';

type Row = Record<string, unknown> & { id: string };
type Body = Record<string, string | number | string[]>;
const at = (decl: ResourceDecl, verb: ResourceVerb) => resourcePath(decl, verb);

describe.each(BACKENDS)('transport on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let admin: string;
  let clerk: string;
  const stores: Record<string, string> = {};
  const stations: Record<string, string> = {};
  let railRoute: Row;
  let roadRoute: Row;

  const call = (token: string, decl: ResourceDecl, verb: ResourceVerb, body: Body = {}) =>
    post(app, at(decl, verb), body, { token }).then(({ json }) => json);
  const saved = async (token: string, decl: ResourceDecl, body: Body) => {
    const json = await call(token, decl, 'save', body);
    expect(json.code, json.msg).toBe(200);
    return json.data as Row;
  };
  const records = async (decl: ResourceDecl, filters: Body = {}) => {
    const json = await call(clerk, decl, 'list', { size: 1000, ...filters });
    expect(json.code, json.msg).toBe(200);
    return (json.data as { records: Row[] }).records;
  };
  const batchOf = async (batchNo: string) => {
    const [batch] = await env.db.query<{ status: string; warehouse: string | null }>(
      `select b.status, w.name as warehouse from batches b left join warehouses w on w.id = b.warehouse_id
        where b.batch_no = $1`,
      [batchNo],
    );
    return batch;
  };
  const addBatch = (batchNo: string, store: string, status = 'stock') =>
    env.db.query('insert into batches (batch_no, warehouse_id, status) values ($1, $2, $3)', [
      batchNo,
      stores[store],
      status,
    ]);
  const transition = (id: string, action: string, comment?: string) =>
    call(clerk, movement, 'transition', { id, action, ...(comment ? { comment } : {}) });
  const planned = (body: Body) =>
    saved(clerk, movement, { conditionedWeight: '40.1234', fromWarehouseId: stores.乌苏库!, ...body });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    admin = (await login(app, 'admin')).token;
    clerk = (await login(app, 'warehouse')).token;
    for (const [code, name] of [
      ['WS01', '乌苏库'],
      ['ZZ01', '郑州库'],
    ]) {
      stores[name!] = (await saved(admin, warehouse, { code: code!, name: name!, kind: 'own' })).id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('keeps stations and one route per mode, origin and destination, named after its stations', async () => {
    for (const [name, kind, railwayBureau] of [
      ['乌鲁木齐北站', 'rail', '乌鲁木齐局'],
      ['郑州东站', 'both', '郑州局'],
      ['乌苏公路货场', 'road', ''],
    ])
      stations[name!] = (
        await saved(clerk, dispatchStation, { name: name!, kind: kind!, railwayBureau: railwayBureau! })
      ).id;
    const again = await call(clerk, dispatchStation, 'save', { name: '郑州东站', kind: 'road' });
    expect(again).toMatchObject({ code: 400, data: { fields: { name: expect.stringContaining('已存在') } } });

    const rail = { mode: 'rail', fromStationId: stations.乌鲁木齐北站!, toStationId: stations.郑州东站! };
    railRoute = await saved(clerk, transportRoute, { ...rail, freightRate: '310.50', distanceKm: 3100 });
    expect(railRoute).toMatchObject({
      name: '乌鲁木齐北站 — 郑州东站',
      fromStationIdName: '乌鲁木齐北站',
      freightRate: '310.50',
      status: 'enabled',
    });
    const duplicate = await call(clerk, transportRoute, 'save', { ...rail, freightRate: '299.00' });
    expect(duplicate).toMatchObject({
      code: 400,
      data: { fields: { toStationId: '到达站：从该起运站到该到达站的铁路线路已存在' } },
    });
    const roadFromRailYard = await call(clerk, transportRoute, 'save', {
      ...rail,
      mode: 'road',
      freightRate: '1',
    });
    expect(roadFromRailYard).toMatchObject({
      code: 400,
      data: { fields: { fromStationId: '起运站：乌鲁木齐北站不办理公路运输' } },
    });
    roadRoute = await saved(clerk, transportRoute, {
      mode: 'road',
      fromStationId: stations.乌苏公路货场!,
      toStationId: stations.郑州东站!,
      freightRate: '420.00',
    });

    expect((await records(transportRoute, { mode: 'rail' })).map((r) => r.name)).toEqual([
      '乌鲁木齐北站 — 郑州东站',
    ]);
    expect((await records(transportRoute, { mode: 'road' })).map((r) => r.name)).toEqual([
      '乌苏公路货场 — 郑州东站',
    ]);

    await saved(clerk, dispatchStation, {
      id: stations.郑州东站!,
      name: '郑州东货场',
      kind: 'both',
      railwayBureau: '郑州局',
    });
    const [renamed] = await records(transportRoute, { mode: 'rail' });
    expect(renamed!.name).toBe('乌鲁木齐北站 — 郑州东货场');
  });

  it('fills the freight of a movement from its route, exactly, and refuses a route of another mode', async () => {
    await addBatch('65001251001', '乌苏库');
    const leg = await planned({
      movementNo: 'TL001',
      mode: 'rail',
      batchNo: '65001251001',
      destination: '郑州纺织厂',
      routeId: railRoute.id,
    });
    // 40.1234 t × 310.50 CNY/t = 12458.3157 → 12458.32
    expect(leg).toMatchObject({
      freight: '12458.32',
      routeIdName: '乌鲁木齐北站 — 郑州东货场',
      status: 'planned',
    });

    const entered = await planned({
      movementNo: 'TL002',
      mode: 'rail',
      batchNo: '65001251001',
      destination: '郑州',
      routeId: railRoute.id,
      freight: '12000.00',
    });
    expect(entered.freight).toBe('12000.00');

    const mismatch = await call(clerk, movement, 'save', {
      movementNo: 'TL003',
      mode: 'rail',
      batchNo: '65001251001',
      fromWarehouseId: stores.乌苏库!,
      destination: '郑州',
      routeId: roadRoute.id,
      conditionedWeight: '40',
    });
    expect(mismatch).toMatchObject({
      code: 400,
      data: { fields: { routeId: '运输线路：所选线路是公路线路，与本运输单的运输方式不符' } },
    });
    expect(await records(movement, { movementNo: 'TL003' })).toEqual([]);

    const inUse = await call(clerk, transportRoute, 'delete', { id: railRoute.id });
    expect(inUse).toMatchObject({ code: 400, msg: '运输单 TL001 使用该线路，不能删除，可停用' });
    const station = await call(clerk, dispatchStation, 'delete', { id: stations.乌鲁木齐北站! });
    expect(station).toMatchObject({
      code: 400,
      msg: '线路「乌鲁木齐北站 — 郑州东货场」使用该站点，不能删除，可停用',
    });
  });

  it('carries the freight VAT rate of the settings on its day and charges on the weight the setting names', async () => {
    const [leg] = await records(movement, { movementNo: 'TL001' });
    expect(leg).toMatchObject({
      freight: '12458.32',
      freightVatRate: '9',
      freightBasis: 'conditionedWeight',
    });
    expect(movement.computed!.freightExclTax!.compute(leg!)).toBe('11429.65');
    expect(movement.computed!.freightVat!.compute(leg!)).toBe('1028.67');

    await env.db.query(
      `insert into batches (batch_no, warehouse_id, status, gross_weight_kg, conditioned_weight)
       values ('65001251010', $1, 'stock', 41000, 40.1234)`,
      [stores.乌苏库],
    );
    await env.db.query(`update system_settings set value = 'grossWeight' where setting_key = 'freightBasis'`);
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('vatFreightPercent', '10', '2027-01-01')`,
    );
    try {
      const byGross = await planned({
        movementNo: 'TL010',
        mode: 'rail',
        batchNo: '65001251010',
        destination: '郑州纺织厂',
        routeId: railRoute.id,
        departureDate: '2027-01-02',
      });
      // 41 t gross × 310.50 CNY/t = 12730.50, with the freight VAT of 2 January 2027.
      expect(byGross).toMatchObject({
        freight: '12730.50',
        freightVatRate: '10',
        freightBasis: 'grossWeight',
      });
      const noGross = await call(clerk, movement, 'save', {
        movementNo: 'TL011',
        mode: 'rail',
        batchNo: '65001251001',
        fromWarehouseId: stores.乌苏库!,
        destination: '郑州',
        routeId: railRoute.id,
        conditionedWeight: '40',
      });
      expect(noGross).toMatchObject({
        code: 400,
        data: { fields: { freight: '运费：批号 65001251001 没有毛重，无法按毛重计算运费，请填写运费' } },
      });
      expect(await records(movement, { movementNo: 'TL011' })).toEqual([]);
    } finally {
      // Later tests count the rail movements.
      await env.db.query(`delete from movements where movement_no = 'TL010'`);
      await env.db.query(
        `update system_settings set value = 'conditionedWeight' where setting_key = 'freightBasis'`,
      );
      await env.db.query(
        `delete from system_settings where setting_key = 'vatFreightPercent' and value = '10'`,
      );
    }
  });

  it('refuses a from-warehouse the batch is not in', async () => {
    await addBatch('65001251002', '郑州库');
    const answer = await call(clerk, movement, 'save', {
      movementNo: 'DD001',
      mode: 'shortHaul',
      batchNo: '65001251002',
      fromWarehouseId: stores.乌苏库!,
      toWarehouseId: stores.郑州库!,
      conditionedWeight: '39.5',
    });
    expect(answer).toMatchObject({
      code: 400,
      data: { fields: { fromWarehouseId: '起运仓库：批号 65001251002 在「郑州库」，不在所选仓库' } },
    });
    expect(await records(movement, { movementNo: 'DD001' })).toEqual([]);
  });

  it('moves the batch on departure and into the destination warehouse on arrival', async () => {
    await addBatch('65001251003', '乌苏库');
    const body = {
      movementNo: 'YK001',
      mode: 'transfer',
      batchNo: '65001251003',
      toWarehouseId: stores.郑州库!,
      departureDate: '2026-11-20',
    };
    const transfer = await planned(body);
    const edit = (changes: Body) =>
      call(clerk, movement, 'save', {
        ...body,
        id: transfer.id,
        fromWarehouseId: stores.乌苏库!,
        conditionedWeight: '40.1234',
        ...changes,
      });
    expect(await transition(transfer.id, 'depart')).toMatchObject({
      code: 200,
      data: [{ status: 'inTransit' }],
    });
    expect(await batchOf('65001251003')).toEqual({ status: 'inTransit', warehouse: '乌苏库' });

    const underway = await edit({ vehicleNo: '新A12345' });
    expect(underway.code, underway.msg).toBe(200);
    const swapped = await edit({ batchNo: '65001251001' });
    expect(swapped).toMatchObject({
      code: 400,
      data: { fields: { batchNo: '批号：已发运的运输单不能更换批号' } },
    });

    const [arrived] = (await transition(transfer.id, 'arrive')).data as Row[];
    expect(arrived).toMatchObject({ status: 'arrived', departureDate: '2026-11-20', vehicleNo: '新A12345' });
    expect(arrived!.arrivalDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await batchOf('65001251003')).toEqual({ status: 'stock', warehouse: '郑州库' });

    const history = await env.db.query<{ to_state: string; comment: string }>(
      `select h.to_state, h.comment from document_history h join batches b on h.record_id = b.id::text
        where h.resource_key = 'batch' and b.batch_no = $1 order by h.id`,
      ['65001251003'],
    );
    expect(history).toEqual([
      { to_state: 'inTransit', comment: '运输单 YK001 发运' },
      { to_state: 'stock', comment: '运输单 YK001 到达' },
    ]);
    const late = await edit({ vehicleNo: '新A54321' });
    expect(late).toMatchObject({ code: 400, msg: '已到达或已取消的运输单不能修改' });
    expect((await call(clerk, movement, 'delete', { id: transfer.id })).code).toBe(400);
  });

  it('delivers a batch away when a leg ends outside the warehouses', async () => {
    await addBatch('65001251004', '乌苏库');
    const leg = await planned({
      movementNo: 'GL001',
      mode: 'road',
      batchNo: '65001251004',
      destination: '石家庄纺织厂',
    });
    await transition(leg.id, 'depart');
    expect((await transition(leg.id, 'arrive')).code).toBe(200);
    expect(await batchOf('65001251004')).toEqual({ status: 'out', warehouse: '乌苏库' });
  });

  it('refuses to dispatch a batch that is not in stock, changing nothing', async () => {
    await addBatch('65001251005', '乌苏库', 'pledged');
    const leg = await planned({
      movementNo: 'GL002',
      mode: 'road',
      batchNo: '65001251005',
      destination: '石家庄',
    });
    const refused = await transition(leg.id, 'depart');
    expect(refused).toMatchObject({
      code: 400,
      msg: '批号 65001251005 当前状态为「已质押」，不能运输单 GL002 发运',
    });
    const [still] = await records(movement, { movementNo: 'GL002' });
    expect(still).toMatchObject({ status: 'planned', departureDate: null });
    expect(await batchOf('65001251005')).toEqual({ status: 'pledged', warehouse: '乌苏库' });
    const history = await call(clerk, movement, 'history', { id: leg.id });
    expect(history.data).toEqual([]);

    expect((await transition(leg.id, 'cancelMovement')).code).toBe(400);
    const cancelled = await transition(leg.id, 'cancelMovement', '质押未解除');
    expect(cancelled).toMatchObject({ code: 200, data: [{ status: 'cancelled' }] });
  });

  const transportMenu = async (token: string) => {
    const { json } = await post(app, PATHS.menu, {}, { token });
    const leaves = menuScreenIds(json as unknown as MenuAnswer);
    return leaves.filter((key) => /^Qm(Bystation|Railway|Road|DdYs|TlYs|GlYs|YkDetail)$/.test(key)).sort();
  };

  it('offers the warehouse every transport screen, traders and finance the movements', async () => {
    expect(await transportMenu(clerk)).toEqual([
      'QmBystation',
      'QmDdYs',
      'QmGlYs',
      'QmRailway',
      'QmRoad',
      'QmTlYs',
      'QmYkDetail',
    ]);
    for (const role of ['trader', 'finance'])
      expect(await transportMenu((await login(app, role)).token), role).toEqual([
        'QmDdYs',
        'QmGlYs',
        'QmTlYs',
        'QmYkDetail',
      ]);
  });

  it('lists each transport screen by its mode; traders and finance only look', async () => {
    expect((await records(movement, { mode: 'rail' })).map((r) => r.movementNo)).toEqual(['TL001', 'TL002']);
    expect((await records(movement, { mode: 'transfer' })).map((r) => r.movementNo)).toEqual(['YK001']);
    for (const role of ['trader', 'finance']) {
      const token = (await login(app, role)).token;
      const list = await call(token, movement, 'list', { mode: 'road' });
      expect((list.data as { total: number }).total, role).toBe(2);
      expect((await call(token, movement, 'save', { movementNo: 'X1' })).code, role).toBe(403);
      const [leg] = await records(movement, { movementNo: 'TL001' });
      expect((await call(token, movement, 'transition', { id: leg!.id, action: 'depart' })).code, role).toBe(
        403,
      );
    }
  });
});
