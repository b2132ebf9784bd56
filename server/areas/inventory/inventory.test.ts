import type { FastifyInstance } from 'fastify';
import {
  batchStorageFee,
  cargoOwner,
  movementFreight,
  stockBatch,
  stockOwnership,
} from '../../../src/areas/inventory/resources.ts';
import { movement } from '../../../src/areas/logistics/resources.ts';
import { warehouseReceipt } from '../../../src/areas/receipts/resources.ts';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { BASE_GRADE_CERTIFICATE } from '../../../src/areas/warehouse/examples.ts';
import { BACKENDS, login, openTestDb, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';

interface ListAnswer {
  records: Record<string, unknown>[];
  total: number;
  totals?: Record<string, string>;
}

describe.each(BACKENDS)('the /pur/ inventory views on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  let korla = '';
  let zhengzhou = '';
  let client = '';
  let supplier = '';
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const list = async (who: string, decl: typeof stockBatch | typeof stockOwnership, body: Body) => {
    const { json } = await call(who, decl, 'list', body);
    expect(json.code, json.msg).toBe(200);
    return json.data as ListAnswer;
  };
  const newBatch = (batchNo: string, change: Body = {}) =>
    saved('warehouse', batch, { ...BASE_GRADE_CERTIFICATE, batchNo, warehouseId: korla, ...change });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const role of ['admin', 'warehouse', 'trader', 'finance', 'sales'])
      tokens[role] = (await login(app, role)).token;
    [korla, zhengzhou] = (
      await env.db.query<{ id: string }>(
        `insert into warehouses (code, name, kind) values ('KRL', '中储棉库尔勒', 'delivery'), ('ZZ1', '郑州棉麻', 'delivery')
         returning id::text`,
      )
    ).map((w) => w.id) as [string, string];
    [client, supplier] = (
      await env.db.query<{ id: string }>(
        `insert into partners (name, kinds, contact_name, contact_phone)
         values ('华纺纱厂', '{client}', '王', '13900000001'), ('天山轧花厂', '{supplier}', '李', '13900000002')
         returning id::text`,
      )
    ).map((p) => p.id) as [string, string];
    // Seven batches: colours 31 and 21, micronaire 4.5 or 3.9, bales 181..187, three owners, two warehouses.
    for (let n = 1; n <= 7; n += 1)
      await newBatch(`INV00${n}`, {
        baleCount: String(180 + n),
        colourGrade: n % 2 === 0 ? '21' : '31',
        micronaire: n <= 4 ? '4.5' : '3.9',
        warehouseId: n === 7 ? zhengzhou : korla,
        ...(n === 5 ? { ownerKind: 'client', ownerId: client } : {}),
        ...(n === 6 ? { ownerKind: 'supplier', ownerId: supplier } : {}),
      });
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('a batch saved without an owner is own stock; goods of others name their owner, own stock names none', async () => {
    const own = (await records('admin', batch, { batchNo: 'INV001' }))[0];
    expect(own).toMatchObject({ ownerKind: 'own', ownerId: null });
    const clients = (await records('admin', batch, { batchNo: 'INV005' }))[0];
    expect(clients).toMatchObject({ ownerKind: 'client', ownerId: client, ownerIdName: '华纺纱厂' });

    const unnamed = await call('warehouse', batch, 'save', {
      ...BASE_GRADE_CERTIFICATE,
      batchNo: 'INV900',
      warehouseId: korla,
      ownerKind: 'supplier',
    });
    expect(unnamed.json.code).toBe(400);
    expect(unnamed.json.data).toMatchObject({ fields: { ownerId: expect.any(String) } });
    const ownWithOwner = await call('warehouse', batch, 'save', {
      ...BASE_GRADE_CERTIFICATE,
      batchNo: 'INV901',
      warehouseId: korla,
      ownerKind: 'own',
      ownerId: client,
    });
    expect(ownWithOwner.json.code).toBe(400);
    expect(await records('admin', batch, { batchNo: 'INV90' })).toEqual([]);
  });

  it('the stock search finds batches by colour and micronaire, with bales and conditioned tonnes of the whole filter', async () => {
    const found = await list('trader', stockBatch, {
      colourGrade: '31',
      'micronaire.from': '4.3',
      'micronaire.to': '4.9',
    });
    expect(found.records.map((r) => r.batchNo)).toEqual(['INV001', 'INV003']);
    // 181 + 183 bales; 19.528 t each.
    expect(found.totals).toEqual({ baleCount: '364', conditionedWeight: '39.056' });
    expect(found.records[0]).toMatchObject({
      availability: 'available',
      ownerKind: 'own',
      warehouseIdName: '中储棉库尔勒',
    });
  });

  it("a filter's totals are the sum over all of its pages, whichever page is asked for", async () => {
    const filter = { warehouseId: korla, size: 2, sort: 'batchNo,asc' };
    const first = await list('trader', stockBatch, { ...filter, page_no: 1 });
    expect(first.total).toBe(6);
    let bales = 0;
    for (let page = 1; page <= 3; page += 1) {
      const answer = await list('trader', stockBatch, { ...filter, page_no: page });
      expect(answer.totals).toEqual(first.totals);
      bales += answer.records.reduce((sum, r) => sum + Number(r.baleCount), 0);
    }
    expect(first.totals?.baleCount).toBe(String(bales));
    expect(first.totals?.baleCount).toBe(String(181 + 182 + 183 + 184 + 185 + 186));
    expect(first.totals?.conditionedWeight).toBe('117.168');
  });

  it('availability follows the batch: booked to leave, registered as a receipt, shipped out', async () => {
    await env.db.query(
      `insert into outbound_appointments (appointment_no, batch_no, warehouse_id, partner_id, planned_date, vehicle_no,
         driver_name, driver_phone, conditioned_weight) values ('OA1', 'INV002', $1, $2, '2026-11-30', '新A12345', '张', '13900000003', 19.528)`,
      [korla, client],
    );
    await env.db.query(`update batches set status = 'out' where batch_no = 'INV004'`);
    const byNo = Object.fromEntries(
      (await records('trader', stockBatch, {})).map((r) => [r.batchNo, r.availability]),
    );
    expect(byNo).toMatchObject({ INV001: 'available', INV002: 'booked', INV004: 'out' });
    const out = await list('trader', stockBatch, { availability: 'out' });
    expect(out.records.map((r) => r.batchNo)).toEqual(['INV004']);
    await env.db.query(`update batches set status = 'stock' where batch_no = 'INV004'`);
  });

  it('stock per warehouse splits into own, client-owned and supplier-owned goods', async () => {
    const rows = await records('warehouse', stockOwnership, {});
    const kor = rows.find((r) => r.warehouseId === korla);
    expect(kor).toMatchObject({
      batchCount: 6,
      selfOwnedBales: 181 + 182 + 183 + 184,
      clientBales: 185,
      clientWeight: '19.528',
      supplierBales: 186,
      supplierWeight: '19.528',
      conditionedWeight: '117.168',
    });
    expect(rows.find((r) => r.warehouseId === zhengzhou)).toMatchObject({
      selfOwnedBales: 187,
      clientBales: 0,
    });
  });

  it('goods held for others: one row per owner', async () => {
    const rows = await records('trader', cargoOwner, { sort: 'ownerKind,asc' });
    expect(rows.map((r) => [r.ownerName, r.ownerKind, r.baleCount, r.conditionedWeight])).toEqual([
      ['华纺纱厂', 'client', 185, '19.528'],
      ['天山轧花厂', 'supplier', 186, '19.528'],
    ]);
    const { json } = await call('trader', cargoOwner, 'detail', { id: rows[0]!.id });
    expect(json.data).toMatchObject({ ownerId: client, batchCount: 1 });
  });

  it('storage fees per batch by kind, voided fees left out; freight per movement with its rate', async () => {
    await env.db.query(
      `insert into warehouse_fees (fee_no, kind, warehouse_id, batch_no, period_from, period_to, basis, amount, tax_rate, status)
       values ('F1', 'storage', $1, 'INV001', '2026-10-01', '2026-10-31', 'perTonneDay', 120.50, 6, 'confirmed'),
              ('F2', 'insurance', $1, 'INV001', '2026-10-01', '2026-10-31', 'insuredValue', 30.00, 6, 'draft'),
              ('F3', 'storage', $1, 'INV001', '2026-11-01', '2026-11-30', 'perTonneDay', 999.00, 6, 'voided')`,
      [korla],
    );
    const [fees] = await records('finance', batchStorageFee, { batchNo: 'INV001' });
    expect(fees).toMatchObject({
      storageFee: '120.50',
      insuranceFee: '30.00',
      totalFee: '150.50',
      feeCount: 2,
      feesUntil: '2026-10-31',
    });
    await env.db.query(
      `insert into movements (movement_no, mode, batch_no, from_warehouse_id, to_warehouse_id, conditioned_weight, freight)
       values ('M1', 'road', 'INV003', $1, $2, 19.528, 3905.60)`,
      [korla, zhengzhou],
    );
    const [freight] = await records('trader', movementFreight, {});
    expect(freight).toMatchObject({ movementNo: 'M1', freight: '3905.60', freightPerTonne: '200.00' });
  });

  it('the views are read only and read by the roles granted them', async () => {
    const refused = await call('sales', stockBatch, 'list', {});
    expect(refused.json.code).toBe(403);
    const save = await call('trader', stockBatch, 'save', { batchNo: 'X' });
    expect(save.json.code).not.toBe(200);
  });

  it("a /pur/ screen over another area's records gives view and export only, whatever the grant", async () => {
    // The trader's /pur/ group grant says create and edit; its movement and receipt screens only view.
    expect((await call('trader', movement, 'list', {})).json.code).toBe(200);
    const created = await call('trader', movement, 'save', {
      movementNo: 'M-TRADER',
      mode: 'road',
      batchNo: 'INV001',
      fromWarehouseId: korla,
      toWarehouseId: zhengzhou,
      conditionedWeight: '19.528',
    });
    expect(created.json.code).toBe(403);
    const receipt = await call('trader', warehouseReceipt, 'save', { receiptNo: 'WR-T', batchNo: 'INV001' });
    expect(receipt.json.code).toBe(403);
    expect((await records('admin', movement, { movementNo: 'M-TRADER' })).length).toBe(0);
  });
});
