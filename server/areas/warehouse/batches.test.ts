import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/resources.ts';
import { batch, batchPremium, warehousePremium } from '../../../src/areas/warehouse/batches.ts';
import { BASE_GRADE_CERTIFICATE } from '../../../src/areas/warehouse/examples.ts';
import { type ResourceDecl, type ResourceVerb, resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';
import { moveBatch } from './batches.ts';

const at = (decl: ResourceDecl, verb: ResourceVerb) => resourcePath(decl, verb);

const CERTIFICATE = BASE_GRADE_CERTIFICATE;

describe.each(BACKENDS)('batches on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let admin: string;
  let keeper: string;
  let trader: string;
  let finance: string;
  let risk: string;
  let korla: string;
  let zhengzhou: string;
  const call = (token: string, url: string, body: Body = {}) => post(app, url, body, { token });
  const { records, saved } = resourceCalls(() => app);
  const newBatch = (batchNo: string, change: Body = {}) =>
    saved(keeper, batch, { ...CERTIFICATE, batchNo, warehouseId: korla, ...change });
  const statusOf = async (batchNo: string) =>
    (await records(admin, batch, { batchNo })).find((row) => row.batchNo === batchNo)?.status;
  const historyOf = async (id: string) => {
    const { json } = await call(admin, at(batch, 'history'), { id });
    return json.data as { action: string; fromState: string; toState: string; comment: string }[];
  };
  const move = (batchNo: string, from: string[], to: string, because: string) =>
    env.db.transaction(async (tx) => {
      const [{ id }] = (await tx.query<{ id: string }>(
        `select id::text from users where login_name = 'warehouse'`,
      )) as [{ id: string }];
      await moveBatch(
        {
          db: tx,
          actor: { userId: id, loginName: 'warehouse' },
          now: new Date('2026-11-22T02:00:00Z'),
          today: '2026-11-22',
          channel: env.db.channel,
        },
        batchNo,
        { from, to, because },
      );
    });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    admin = (await login(app, 'admin')).token;
    keeper = (await login(app, 'warehouse')).token;
    trader = (await login(app, 'trader')).token;
    finance = (await login(app, 'finance')).token;
    risk = (await login(app, 'risk')).token;
    const warehouses = await env.db.query<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('KRL', '中储棉库尔勒', 'delivery'), ('ZZ1', '郑州棉麻', 'delivery')
       returning id::text`,
    );
    [korla, zhengzhou] = warehouses.map((w) => w.id) as [string, string];
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('stores a batch with its server-owned weights, grades and deliverability, in stock', async () => {
    const created = await newBatch('65001251001');
    expect(created).toMatchObject({
      batchNo: '65001251001',
      warehouseIdName: '中储棉库尔勒',
      netWeight: '19.9',
      conditionedWeight: '19.528',
      lengthGrade: '28',
      micronaireGrade: 'B2',
      strengthGrade: 'S3',
      uniformityGrade: 'U3',
      deliverable: true,
      undeliverableReasons: [],
      status: 'stock',
    });
    const edited = await saved(keeper, batch, {
      ...CERTIFICATE,
      id: created.id,
      batchNo: '65001251001',
      warehouseId: korla,
      trashPercent: '4.0',
    });
    expect(edited).toMatchObject({ deliverable: false, undeliverableReasons: ['trash'], status: 'stock' });
    expect((await call(admin, at(batch, 'detail'), { id: created.id })).json.data).toMatchObject({
      trashPercent: '4',
      conditionedWeight: edited.conditionedWeight,
    });
  });

  it('refuses bad certificates field by field and a taken batch number, writing nothing', async () => {
    const before = (await records(admin, batch)).length;
    const { json } = await call(keeper, at(batch, 'save'), {
      ...CERTIFICATE,
      batchNo: '65001 251',
      warehouseId: korla,
      tareWeightKg: '20000',
      lengthMm: '24',
    });
    expect(json.code).toBe(400);
    expect((json.data as { fields: Record<string, string> }).fields).toEqual({
      batchNo: '批号：批号为 1–32 位字母、数字或连字符',
      tareWeightKg: '皮重（千克）：皮重必须小于毛重',
      lengthMm: '长度（毫米）：不能小于 25',
    });
    await newBatch('65001251002');
    const taken = await call(keeper, at(batch, 'save'), {
      ...CERTIFICATE,
      batchNo: '65001251002',
      warehouseId: zhengzhou,
    });
    expect(taken.json).toMatchObject({ code: 400, data: { fields: { batchNo: '批号已存在' } } });
    expect((await records(admin, batch)).length).toBe(before + 1);
  });

  it('lists batches by crop year, warehouse, colour, status and deliverability, sorted by weight', async () => {
    await newBatch('LIST-1', { cropYear: '2024/25', warehouseId: zhengzhou, grossWeightKg: '30000' });
    await newBatch('LIST-2', { cropYear: '2024/25', warehouseId: zhengzhou, colourGrade: '51' });
    await newBatch('LIST-3', { cropYear: '2024/25', warehouseId: zhengzhou, grossWeightKg: '25000' });
    const of = async (filters: Body) => (await records(trader, batch, filters)).map((row) => row.batchNo);
    expect(await of({ cropYear: '2024/25', sort: 'conditionedWeight,desc' })).toEqual([
      'LIST-1',
      'LIST-3',
      'LIST-2',
    ]);
    expect(await of({ warehouseId: zhengzhou, deliverable: 'false' })).toEqual(['LIST-2']);
    expect(await of({ cropYear: '2024/25', colourGrade: '31', sort: 'batchNo,desc' })).toEqual([
      'LIST-3',
      'LIST-1',
    ]);
    expect(await of({ batchNo: 'LIST', status: ['stock', 'pledged'] })).toHaveLength(3);
    expect(await of({ batchNo: 'LIST', status: 'sold' })).toEqual([]);
  });

  it('lets risk and finance read batches (stock report) but not change them', async () => {
    expect((await records(finance, batch)).length).toBeGreaterThan(0);
    expect((await records(risk, batch)).length).toBeGreaterThan(0);
    const { json } = await call(risk, at(batch, 'save'), {
      ...CERTIFICATE,
      batchNo: 'T-1',
      warehouseId: korla,
    });
    expect(json.code).toBe(403);
    expect((await call(finance, at(warehousePremium, 'list'))).json.code).toBe(403);
  });

  it('moves a batch on behalf of a document and records it; refuses an illegal move changing nothing', async () => {
    const moved = await newBatch('MOVE-1');
    await move('MOVE-1', ['stock'], 'receipted', '仓单 WR001 注册');
    expect(await statusOf('MOVE-1')).toBe('receipted');
    expect(await historyOf(moved.id)).toEqual([
      expect.objectContaining({
        action: 'move',
        fromState: 'stock',
        toState: 'receipted',
        comment: '仓单 WR001 注册',
      }),
    ]);
    await expect(move('MOVE-1', ['stock'], 'out', '出库单 CK001 出库')).rejects.toThrow(
      '批号 MOVE-1 当前状态为「已注册仓单」，不能出库单 CK001 出库',
    );
    await expect(move('NO-SUCH', ['stock'], 'out', '出库')).rejects.toThrow('批号 NO-SUCH 不存在');
    expect(await statusOf('MOVE-1')).toBe('receipted');
    expect(await historyOf(moved.id)).toHaveLength(1);
  });

  it('refuses to delete a batch a document names or one that has moved; deletes a mistaken entry', async () => {
    const named = await newBatch('DEL-1');
    const [partner] = await env.db.query<{ id: string }>('select id::text from partners order by id limit 1');
    await saved(admin, transactionContract, {
      contractNo: 'HT-DEL-1',
      side: 'purchase',
      kind: 'spot',
      partnerId: partner!.id,
      signDate: '2026-11-20',
      tonnage: '19.528',
      unitPrice: '15000.00',
      taxRate: '9',
      lines: JSON.stringify([{ batchNo: 'DEL-1', conditionedWeight: '19.528', unitPrice: '15000.00' }]),
    });
    const refused = await call(keeper, at(batch, 'delete'), { id: named.id });
    expect(refused.json).toMatchObject({ code: 400, msg: '批号 DEL-1 已被交易合同引用，不能删除' });
    const renamed = await call(keeper, at(batch, 'save'), {
      ...CERTIFICATE,
      id: named.id,
      batchNo: 'DEL-1X',
      warehouseId: korla,
    });
    expect(renamed.json).toMatchObject({
      code: 400,
      data: { fields: { batchNo: '批号：批号 DEL-1 已被交易合同引用，不能修改' } },
    });
    expect(await statusOf('DEL-1')).toBe('stock');

    const pledged = await newBatch('DEL-2');
    await move('DEL-2', ['stock'], 'pledged', '质押 ZY001');
    const refusedMoved = await call(keeper, at(batch, 'delete'), { id: pledged.id });
    expect(refusedMoved.json.msg).toBe(
      '批号 DEL-2 当前状态为「已质押」，只有在库且未被单据引用的批次可以删除',
    );

    const mistaken = await newBatch('DEL-3');
    expect((await call(keeper, at(batch, 'delete'), { id: mistaken.id })).json.code).toBe(200);
    expect(await statusOf('DEL-3')).toBeUndefined();
    expect(await statusOf('DEL-1')).toBe('stock');
  });

  it('keeps one premium per warehouse and crop year', async () => {
    await saved(admin, warehousePremium, {
      cropYear: '2025/26',
      warehouseId: zhengzhou,
      premium: '100.00',
      effectiveFrom: '2025-09-01',
    });
    const { json } = await call(admin, at(warehousePremium, 'save'), {
      cropYear: '2025/26',
      warehouseId: zhengzhou,
      premium: '120.00',
      effectiveFrom: '2025-10-01',
    });
    expect(json).toMatchObject({
      code: 400,
      data: { fields: { warehouseId: '仓库：该仓库 2025/26 年度的升贴水已存在' } },
    });
    const rows = await records(keeper, warehousePremium, { warehouseId: zhengzhou });
    expect(rows.map((row) => [row.cropYear, row.premium])).toEqual([['2025/26', '100.00']]);
  });

  it('prices each batch against 3128B from the newest tables not after its crop year', async () => {
    // Tables of later years must not apply to a 2025/26 batch.
    await env.db.query(
      `insert into quality_premiums (crop_year, indicator, grade, premium) values ('2027/28', 'colour', '21', 999)`,
    );
    await saved(admin, warehousePremium, {
      cropYear: '2024/25',
      warehouseId: zhengzhou,
      premium: '80.00',
      effectiveFrom: '2024-09-01',
    });
    await saved(admin, warehousePremium, {
      cropYear: '2027/28',
      warehouseId: zhengzhou,
      premium: '500.00',
      effectiveFrom: '2027-09-01',
    });
    // 21 +300, length 31.4 → grade 31, priced on the ≥30 row +600, micronaire 4.5 → B2 priced as B 0, strength 29.5 → S2 +250,
    // uniformity 84 → U2 +150, ginning P1 +200: quality 1500; the warehouse's 2025/26 premium +100.
    await newBatch('PREM-1', {
      warehouseId: zhengzhou,
      colourGrade: '21',
      lengthMm: '31.4',
      micronaire: '4.5',
      strength: '29.5',
      uniformity: '84',
      ginningGrade: 'P1',
    });
    await newBatch('PREM-2', { warehouseId: zhengzhou, colourGrade: '51' });
    const [priced] = await records(trader, batchPremium, { batchNo: 'PREM-1' });
    expect(priced).toMatchObject({
      premiumTableCropYear: '2016/17',
      colourPremium: '300.00',
      lengthGrade: '31',
      lengthPremium: '600.00',
      micronairePremium: '0.00',
      strengthPremium: '250.00',
      uniformityPremium: '150.00',
      ginningPremium: '200.00',
      qualityPremium: '1500.00',
      warehousePremium: '100.00',
      totalPremium: '1600.00',
      deliverable: true,
      conditionedWeight: '19.528',
      warehouseIdName: '郑州棉麻',
    });
    const [undeliverable] = await records(trader, batchPremium, { batchNo: 'PREM-2' });
    expect(undeliverable).toMatchObject({
      colourPremium: null,
      qualityPremium: null,
      totalPremium: null,
      deliverable: false,
    });
    const [older] = await records(trader, batchPremium, { batchNo: 'LIST-1' });
    expect(older).toMatchObject({ qualityPremium: '0.00', warehousePremium: '80.00', totalPremium: '80.00' });
    expect((await call(keeper, at(batchPremium, 'list'), { deliverable: 'false' })).json.code).toBe(200);
    expect((await call(admin, '/api/pri/QmFuturesDiscountAll/save', { batchNo: 'X' })).res.statusCode).toBe(
      404,
    );
  });
});
