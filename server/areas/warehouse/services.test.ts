import type { FastifyInstance } from 'fastify';
import { partner } from '../../../src/areas/partners/index.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { outboundAppointment, warehouseFee } from '../../../src/areas/warehouse/services.ts';
import {
  type HistoryEntry,
  type ResourceDecl,
  type ResourceVerb,
  resourcePath,
} from '../../../src/framework/resource/index.ts';
import { buildApp } from '../../app.ts';
import { BACKENDS, login, openTestDb, post, startApp, TEST_LIMITS, TEST_TENANT } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';

const _at = (decl: ResourceDecl, verb: ResourceVerb) => resourcePath(decl, verb);

describe.each(BACKENDS)('warehouse fees and outbound appointments on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (user) => tokens[user]!,
  );
  const batch = async (batchNo: string) =>
    (
      await env.db.query<{ status: string; warehouseId: string }>(
        'select status, warehouse_id::text as "warehouseId" from batches where batch_no = $1',
        [batchNo],
      )
    )[0];
  const addBatch = (batchNo: string, warehouseKey: string, status = 'stock') =>
    env.db.query('insert into batches (batch_no, warehouse_id, status) values ($1, $2, $3)', [
      batchNo,
      ids[warehouseKey],
      status,
    ]);

  const fee = (feeNo: string, extra: Body): Body => ({
    feeNo,
    warehouseId: ids.korla!,
    periodFrom: '2026-11-01',
    ...extra,
  });
  const appointment = (appointmentNo: string, batchNo: string, extra: Body = {}): Body => ({
    appointmentNo,
    batchNo,
    warehouseId: ids.korla!,
    partnerId: ids.client!,
    plannedDate: '2026-11-25',
    vehicleNo: '新A12345',
    driverName: '马师傅',
    driverPhone: '13912345678',
    conditionedWeight: '39.8765',
    ...extra,
  });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const user of ['admin', 'warehouse', 'finance', 'trader'])
      tokens[user] = (await login(app, user)).token;
    ids.korla = (
      await saved('admin', warehouse, {
        code: 'KL01',
        name: '库尔勒一号库',
        kind: 'delivery',
        storageFeePerTonneDay: '0.18',
      })
    ).id;
    ids.jinan = (
      await saved('admin', warehouse, { code: 'JN02', name: '济南二号库', kind: 'thirdParty' })
    ).id;
    ids.client = (await records('admin', partner, { name: '山东魏桥纺织股份有限公司' }))[0]!.id;
    for (const batchNo of ['65001251001', '65001251002', '65001251003', '65001251004'])
      await addBatch(batchNo, 'korla');
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('computes and stores the amount of each basis, the storage rate taken from the warehouse', async () => {
    const storage = await saved(
      'warehouse',
      warehouseFee,
      fee('BG-001', {
        kind: 'storage',
        basis: 'perTonneDay',
        batchNo: '65001251001',
        tonnage: '40',
        periodTo: '2026-11-30',
      }),
    );
    expect(storage).toMatchObject({
      rate: '0.18',
      amount: '216.00',
      status: 'draft',
      batchNo: '65001251001',
    });
    const amounts = [];
    for (const [feeNo, body] of [
      ['JG-001', { kind: 'supervision', basis: 'perTonne', rate: '12.5', tonnage: '40.004' }],
      ['BX-001', { kind: 'insurance', basis: 'percentOfValue', rate: '0.05', insuredValue: '612345.67' }],
      ['ZF-001', { kind: 'sundry', basis: 'lumpSum', rate: '880' }],
    ] as const)
      amounts.push((await saved('warehouse', warehouseFee, fee(feeNo, body))).amount);
    expect(amounts).toEqual(['500.05', '306.17', '880.00']);

    const { json } = await call(
      'warehouse',
      warehouseFee,
      'save',
      fee('BG-002', {
        kind: 'storage',
        basis: 'perTonneDay',
        warehouseId: ids.jinan!,
        tonnage: '40',
        periodTo: '2026-11-30',
      }),
    );
    expect(json).toMatchObject({
      code: 400,
      data: { fields: { rate: expect.stringContaining('未设置仓储费率') } },
    });
    expect(await records('admin', warehouseFee, { feeNo: 'BG-002' })).toEqual([]);
  });

  it('says which figure a basis still needs, and saves nothing', async () => {
    const perTonne = await call(
      'warehouse',
      warehouseFee,
      'save',
      fee('JG-009', { kind: 'supervision', basis: 'perTonne', rate: '12' }),
    );
    expect(perTonne.json).toMatchObject({
      code: 400,
      data: { fields: { tonnage: '数量（吨）：按吨或按吨·天计费时必须填写数量' } },
    });
    const byValue = await call(
      'warehouse',
      warehouseFee,
      'save',
      fee('BX-009', { kind: 'insurance', basis: 'percentOfValue', rate: '0.05', periodTo: '2026-10-01' }),
    );
    expect(byValue.json).toMatchObject({
      code: 400,
      data: {
        fields: {
          insuredValue: '保险货值（元）：按货值百分比计费时必须填写保险货值',
          periodTo: '计费截止日：截止日不能早于起始日',
        },
      },
    });
    expect(await records('admin', warehouseFee, { feeNo: '-009' })).toEqual([]);
  });

  it('lists the fees of one kind for its screen', async () => {
    const insurance = await records('finance', warehouseFee, { kind: 'insurance' });
    expect(insurance.map((r) => [r.feeNo, r.kind])).toEqual([['BX-001', 'insurance']]);
    expect((await records('finance', warehouseFee)).length).toBe(4);
  });

  it('is confirmed by the warehouse, settled by finance, and voided only before settling', async () => {
    const [storage] = await records('warehouse', warehouseFee, { feeNo: 'BG-001' });
    const id = storage!.id;
    expect((await transition('warehouse', warehouseFee, id, 'settle')).json.code).toBe(403);
    expect((await transition('finance', warehouseFee, id, 'confirm')).json.code).toBe(403);
    expect((await transition('warehouse', warehouseFee, id, 'confirm')).json).toMatchObject({
      code: 200,
      data: [{ status: 'confirmed' }],
    });
    const edit = await call('warehouse', warehouseFee, 'save', {
      id,
      ...fee('BG-001', { kind: 'storage', basis: 'lumpSum', rate: '1' }),
    });
    expect(edit.json).toMatchObject({ code: 400, msg: '只有草稿状态的费用可以修改' });
    expect((await transition('warehouse', warehouseFee, id, 'settle')).json.code).toBe(403);
    expect((await transition('finance', warehouseFee, id, 'settle')).json.code).toBe(200);
    const late = await transition('warehouse', warehouseFee, id, 'void', '录错');
    expect(late.json).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });
    expect((await records('admin', warehouseFee, { feeNo: 'BG-001' }))[0]).toMatchObject({
      status: 'settled',
      amount: '216.00',
    });
    const history = (await call('finance', warehouseFee, 'history', { id })).json.data as HistoryEntry[];
    expect(history.map((h) => [h.action, h.toState, h.userName])).toEqual([
      ['confirm', 'confirmed', '刘强'],
      ['settle', 'settled', '陈静'],
    ]);

    const [sundry] = await records('warehouse', warehouseFee, { feeNo: 'ZF-001' });
    expect((await transition('warehouse', warehouseFee, sundry!.id, 'void')).json).toMatchObject({
      code: 400,
      msg: '请填写意见',
    });
    expect((await transition('warehouse', warehouseFee, sundry!.id, 'void', '重复录入')).json.code).toBe(200);
    expect((await call('finance', warehouseFee, 'save', fee('ZF-002', { kind: 'sundry' }))).json.code).toBe(
      403,
    );
  });

  it('ships the batch out when the appointment is done, and sums it in the outbound summary', async () => {
    const booked = await saved('warehouse', outboundAppointment, appointment('YY-001', '65001251001'));
    expect(booked).toMatchObject({
      status: 'booked',
      warehouseIdName: '库尔勒一号库',
      partnerIdName: '山东魏桥纺织股份有限公司',
    });
    expect(await records('trader', outboundAppointment, { status: 'done' })).toEqual([]);
    const done = await transition('warehouse', outboundAppointment, booked.id, 'finishOutbound');
    expect(done.json).toMatchObject({ code: 200, data: [{ status: 'done' }] });
    expect(await batch('65001251001')).toEqual({ status: 'out', warehouseId: ids.korla });
    const summary = await records('trader', outboundAppointment, { status: 'done' });
    expect(summary.map((r) => [r.appointmentNo, r.conditionedWeight])).toEqual([['YY-001', '39.8765']]);
    expect(
      (await transition('warehouse', outboundAppointment, booked.id, 'cancelBooking', '改期')).json.code,
    ).toBe(400);
    const again = await call('warehouse', outboundAppointment, 'save', appointment('YY-002', '65001251001'));
    expect(again.json).toMatchObject({
      code: 400,
      data: { fields: { batchNo: '批号：批号 65001251001 已出库' } },
    });
  });

  it('books a batch only in the warehouse it is in, once at a time', async () => {
    const elsewhere = await call(
      'warehouse',
      outboundAppointment,
      'save',
      appointment('YY-010', '65001251002', { warehouseId: ids.jinan! }),
    );
    expect(elsewhere.json).toMatchObject({
      code: 400,
      data: { fields: { warehouseId: '仓库：批号 65001251002 在「库尔勒一号库」，不在所选仓库' } },
    });
    const unknown = await call(
      'warehouse',
      outboundAppointment,
      'save',
      appointment('YY-011', '65009999999'),
    );
    expect(unknown.json.code).toBe(400);
    const badPhone = await call(
      'warehouse',
      outboundAppointment,
      'save',
      appointment('YY-012', '65001251002', { driverPhone: '0991-1234567' }),
    );
    expect(badPhone.json).toMatchObject({
      code: 400,
      data: { fields: { driverPhone: '司机手机号：请输入 11 位手机号码' } },
    });

    const first = await saved('warehouse', outboundAppointment, appointment('YY-013', '65001251002'));
    const second = await call('warehouse', outboundAppointment, 'save', appointment('YY-014', '65001251002'));
    expect(second.json).toMatchObject({
      code: 400,
      data: { fields: { batchNo: '批号：批号 65001251002 已有未完成的出库预约 YY-013' } },
    });
    expect(
      (
        await saved('warehouse', outboundAppointment, {
          id: first.id,
          ...appointment('YY-013', '65001251002', { plannedDate: '2026-11-26' }),
        })
      ).plannedDate,
    ).toBe('2026-11-26');
    expect((await transition('warehouse', outboundAppointment, first.id, 'cancelBooking')).json.code).toBe(
      400,
    );
    expect(
      (await transition('warehouse', outboundAppointment, first.id, 'cancelBooking', '客户改期')).json,
    ).toMatchObject({
      code: 200,
      data: [{ status: 'cancelled' }],
    });
    await saved('warehouse', outboundAppointment, appointment('YY-014', '65001251002'));
    expect(
      (await records('admin', outboundAppointment, { batchNo: '65001251002' })).map((r) => r.status),
    ).toEqual(['cancelled', 'booked']);
    expect(await batch('65001251002')).toMatchObject({ status: 'stock' });
  });

  it('refuses to ship out a batch that is not in stock, reserved or sold, changing nothing', async () => {
    const booked = await saved('warehouse', outboundAppointment, appointment('YY-020', '65001251003'));
    await env.db.query(`update batches set status = 'pledged' where batch_no = '65001251003'`);
    const refused = await transition('warehouse', outboundAppointment, booked.id, 'finishOutbound');
    expect(refused.json).toMatchObject({ code: 400, msg: expect.stringContaining('已质押') });
    expect((await call('admin', outboundAppointment, 'detail', { id: booked.id })).json.data).toMatchObject({
      status: 'booked',
    });
    expect(await batch('65001251003')).toMatchObject({ status: 'pledged' });
    const history = (await call('admin', outboundAppointment, 'history', { id: booked.id })).json.data;
    expect(history).toEqual([]);

    await env.db.query(`update batches set status = 'reserved' where batch_no = '65001251003'`);
    expect((await transition('warehouse', outboundAppointment, booked.id, 'finishOutbound')).json.code).toBe(
      200,
    );
    expect(await batch('65001251003')).toMatchObject({ status: 'out' });
  });

  it('books one batch once when fifty bookings of it arrive together, answering the others in words', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          'warehouse',
          outboundAppointment,
          'save',
          appointment(`YY-1${String(i).padStart(2, '0')}`, '65001251004'),
        ),
      ),
    );
    const codes = answers.map((a) => a.json.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.json.code === 400 && /已有未完成的出库预约/.test(a.json.msg ?? '')),
    ).toHaveLength(49);
    expect(answers.map((a) => a.res.statusCode).filter((s) => s !== 200)).toEqual([]);
  });

  it('takes a fee’s tax rate from the settings of its kind on its first day, whatever the form sends', async () => {
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from, remark)
       values ('vatStoragePercent', '5', '2026-12-01', '测试：调整税率')`,
    );
    const taxed = async (feeNo: string, body: Body) =>
      (await saved('warehouse', warehouseFee, fee(feeNo, { basis: 'lumpSum', rate: '106', ...body })))
        .taxRate;
    expect(await taxed('ZF-TAX-1', { kind: 'sundry', taxRate: '13' })).toBe('6');
    expect(await taxed('ZF-TAX-2', { kind: 'sundry', periodFrom: '2026-12-01' })).toBe('5');
    expect(await taxed('BX-TAX-1', { kind: 'insurance', periodFrom: '2026-12-01' })).toBe('6');
    await env.db.query(`delete from system_settings where setting_key = 'vatStoragePercent' and value = '5'`);
  });

  it('lets a sold batch leave the warehouse', async () => {
    await addBatch('65001251009', 'korla', 'sold');
    const booked = await saved('warehouse', outboundAppointment, appointment('YY-040', '65001251009'));
    const shipped = await transition('warehouse', outboundAppointment, booked.id, 'finishOutbound');
    expect(shipped.json.code, shipped.json.msg).toBe(200);
    expect(await batch('65001251009')).toMatchObject({ status: 'out' });
  });

  it('lets the trader look at appointments but not work them', async () => {
    const [open] = await records('trader', outboundAppointment, { appointmentNo: 'YY-014' });
    expect((await transition('trader', outboundAppointment, open!.id, 'finishOutbound')).json.code).toBe(403);
    expect(
      (await call('trader', outboundAppointment, 'save', appointment('YY-030', '65001251004'))).json.code,
    ).toBe(403);
    // The trader's /pur/ storage-fee screen only views, and only storage fees.
    const fees = await records('trader', warehouseFee);
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((fee) => fee.kind === 'storage')).toBe(true);
    expect((await call('trader', warehouseFee, 'delete', { id: fees[0]!.id })).json.code).toBe(403);
  });
});

describe('weights on a tenant that shows three decimals', () => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    env = await openTestDb(BACKENDS[0]!);
    ({ app } = await buildApp({
      db: env.db,
      ...COMPOSITION,
      tenant: { ...TEST_TENANT, weightDigit: 3 },
      loginLimits: TEST_LIMITS,
    }));
    token = (await login(app, 'warehouse')).token;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('refuses on the server a weight the form refuses: more decimals than the tenant’s weightDigit', async () => {
    const [korla] = await env.db.query<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('WD3', '三位库', 'delivery') returning id::text`,
    );
    const body = {
      feeNo: 'WD-001',
      kind: 'supervision',
      warehouseId: korla!.id,
      periodFrom: '2026-11-01',
      basis: 'perTonne',
      rate: '12.5',
    };
    const refused = await post(
      app,
      resourcePath(warehouseFee, 'save'),
      { ...body, tonnage: '40.0045' },
      { token },
    );
    expect(refused.json).toMatchObject({
      code: 400,
      data: { fields: { tonnage: expect.stringContaining('最多 3 位小数') } },
    });
    expect(await env.db.query(`select 1 from warehouse_fees where fee_no = 'WD-001'`)).toEqual([]);
    const taken = await post(
      app,
      resourcePath(warehouseFee, 'save'),
      { ...body, tonnage: '40.005' },
      { token },
    );
    expect(taken.json.code, taken.json.msg).toBe(200);
  });
});
