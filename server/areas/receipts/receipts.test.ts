import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/resources.ts';
import { contractBatch, warehouseReceipt } from '../../../src/areas/receipts/resources.ts';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { groupTotals, type ResourceVerb, resourcePath } from '../../../src/framework/resource/index.ts';
import { type MenuAnswer, PATHS } from '../../../src/shared/api/contract.ts';
import { openDatabase } from '../../platform/db/index.ts';
import { migrate, migrationsDir } from '../../platform/db/migrate.ts';
import {
  BACKENDS,
  login,
  menuScreenIds,
  openTestDb,
  post,
  startApp,
  TEST_TENANT,
} from '../../test/harness.ts';
import { COMPOSITION } from '../index.ts';

type Row = Record<string, unknown> & { id: string };
type Body = Record<string, string | number | string[]>;

describe.each(BACKENDS)('warehouse receipts and contract batches on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const warehouses: Record<string, string> = {};
  let buyerId: string;

  const call = (user: string, url: string, body: Body = {}) => post(app, url, body, { token: tokens[user] });
  const receipts = (verb: ResourceVerb) => resourcePath(warehouseReceipt, verb);
  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;

  const addBatch = async (
    batchNo: string,
    warehouse: string,
    conditionedWeight: string,
    status = 'stock',
    facts: { cropYear?: string; baleCount?: number; undeliverable?: string[] } = {},
  ) => {
    await env.db.query(
      `insert into batches (batch_no, warehouse_id, status, conditioned_weight, crop_year, bale_count,
                            deliverable, undeliverable_reasons)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        batchNo,
        warehouses[warehouse],
        status,
        conditionedWeight,
        facts.cropYear ?? '2025/26',
        facts.baleCount ?? 185,
        !facts.undeliverable,
        facts.undeliverable ?? [],
      ],
    );
  };
  const batchStatus = async (batchNo: string) =>
    (await one<{ status: string }>('select status from batches where batch_no = $1', [batchNo])).status;
  const createReceipt = async (receiptNo: string, batchNo: string, extra: Body = {}) => {
    const { json } = await call('warehouse', receipts('save'), { receiptNo, batchNo, ...extra });
    expect(json.code, json.msg).toBe(200);
    return json.data as Row;
  };
  const move = (id: string, action: string, comment = '', values: Body = {}) =>
    call('warehouse', receipts('transition'), { id, action, ...(comment ? { comment } : {}), ...values });
  const stored = async (id: string) => (await call('admin', receipts('detail'), { id })).json.data as Row;
  const listed = async (user: string, url: string, filters: Body = {}) => {
    const { json } = await call(user, url, { size: 1000, ...filters });
    expect(json.code, json.msg).toBe(200);
    return (json.data as { records: Row[] }).records;
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const user of ['admin', 'warehouse', 'trader', 'finance', 'sales'])
      tokens[user] = (await login(app, user)).token;
    for (const code of ['ZZ1', 'ZZ2'])
      warehouses[code] = (
        await one<{ id: string }>(
          `insert into warehouses (code, name, kind) values ($1, $2, 'delivery') returning id::text`,
          [code, `${code}交割库`],
        )
      ).id;
    buyerId = (await one<{ id: string }>('select id::text from partners order by id limit 1')).id;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('creates a pre-declared receipt, taking warehouse and weight from its batch', async () => {
    await addBatch('65001251001', 'ZZ1', '40.1234');
    const receipt = await createReceipt('WR-001', '65001251001');
    expect(receipt).toMatchObject({
      receiptNo: 'WR-001',
      batchNo: '65001251001',
      warehouseId: warehouses.ZZ1,
      warehouseIdName: 'ZZ1交割库',
      conditionedWeight: '40.1234',
      lots: 8,
      weightDifference: '0.1234',
      validUntil: '2027-03-31',
      status: 'preDeclared',
      holderId: null,
    });
    expect(await batchStatus('65001251001')).toBe('stock');
  });

  it('refuses a receipt heavier than its batch or at another warehouse, field by field, writing nothing', async () => {
    await addBatch('65001251002', 'ZZ1', '39.5');
    const before = await one<{ n: number }>('select count(*)::int as n from warehouse_receipts');
    const { json } = await call('warehouse', receipts('save'), {
      receiptNo: 'WR-002',
      batchNo: '65001251002',
      warehouseId: warehouses.ZZ2!,
      conditionedWeight: '39.5001',
    });
    expect(json.code).toBe(400);
    const fields = (json.data as { fields: Record<string, string> }).fields;
    expect(fields.warehouseId).toContain('不在所选仓库');
    expect(fields.conditionedWeight).toContain('不能超过批号 65001251002 的公定重量 39.5 吨');
    const unknown = await call('warehouse', receipts('save'), {
      receiptNo: 'WR-002',
      batchNo: '65009999999',
    });
    expect(unknown.json).toMatchObject({ code: 400, data: { fields: { batchNo: expect.any(String) } } });
    await addBatch('65001191002', 'ZZ1', '40', 'stock', { cropYear: '2019/20' });
    const unannounced = await call('warehouse', receipts('save'), {
      receiptNo: 'WR-002',
      batchNo: '65001191002',
    });
    expect(unannounced.json).toMatchObject({
      code: 400,
      data: {
        fields: { batchNo: '批号：65001191002 的棉花年度 2019/20 还没有仓单有效期，请先登记该年度的有效期' },
      },
    });
    expect(await one('select count(*)::int as n from warehouse_receipts')).toEqual(before);
  });

  it('registers a receipt: its batch is receipted, the date set, both histories written', async () => {
    await addBatch('65001251003', 'ZZ1', '40');
    const receipt = await createReceipt('WR-003', '65001251003', { conditionedWeight: '38.5' });
    const { json } = await move(receipt.id, 'register');
    expect(json.code, json.msg).toBe(200);
    expect(
      (json.data as Row[])[0],
      'one delivery unit whatever its weight within the tolerance',
    ).toMatchObject({
      status: 'registered',
      lots: 8,
      weightDifference: '-1.5',
    });
    expect((await stored(receipt.id)).registeredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await batchStatus('65001251003')).toBe('receipted');
    const history = await env.db.query<{ resource_key: string; to_state: string; comment: string }>(
      `select h.resource_key, h.to_state, h.comment from document_history h
        where (h.resource_key = 'warehouseReceipt' and h.record_id = $1)
           or (h.resource_key = 'batch' and h.record_id = (select id::text from batches where batch_no = $2))
        order by h.id`,
      [receipt.id, '65001251003'],
    );
    expect(history).toEqual([
      { resource_key: 'warehouseReceipt', to_state: 'registered', comment: null },
      { resource_key: 'batch', to_state: 'receipted', comment: '注册仓单 WR-003' },
    ]);
    // The batch's own history, as its detail shows it.
    const [stock] = await env.db.query<{ id: string }>('select id::text from batches where batch_no = $1', [
      '65001251003',
    ]);
    const batchHistory = await post(
      app,
      resourcePath(batch, 'history'),
      { id: stock!.id },
      { token: tokens.warehouse },
    );
    expect(batchHistory.json.data).toEqual([
      expect.objectContaining({
        action: 'move',
        fromState: 'stock',
        toState: 'receipted',
        comment: '注册仓单 WR-003',
        userName: expect.any(String),
      }),
    ]);
  });

  it('refuses to register a receipt whose batch is not in stock: 400 and nothing changed', async () => {
    await addBatch('65001251004', 'ZZ1', '40', 'pledged');
    const receipt = await createReceipt('WR-004', '65001251004');
    const { json } = await move(receipt.id, 'register');
    expect(json).toMatchObject({
      code: 400,
      msg: expect.stringContaining('批号 65001251004 当前状态为「已质押」'),
    });
    expect(await stored(receipt.id)).toMatchObject({ status: 'preDeclared', registeredOn: null });
    expect(await batchStatus('65001251004')).toBe('pledged');
    const history = await call('admin', receipts('history'), { id: receipt.id });
    expect(history.json.data).toEqual([]);
  });

  it('transfers only to a transferee: the batch is sold, the holder is the transferee; cancelling leaves it sold', async () => {
    await addBatch('65001251005', 'ZZ2', '40');
    const receipt = await createReceipt('WR-005', '65001251005');
    await move(receipt.id, 'register');
    // The transfer asks for its transferee: without one, or one who is no partner, nothing moves.
    const refused = await move(receipt.id, 'transfer');
    expect(refused.json).toMatchObject({ code: 400, data: { fields: { transfereeId: expect.any(String) } } });
    const unknown = await move(receipt.id, 'transfer', '', { transfereeId: '999999' });
    expect(unknown.json).toMatchObject({ code: 400, data: { fields: { transfereeId: expect.any(String) } } });
    expect(await stored(receipt.id)).toMatchObject({ status: 'registered', transfereeId: null });
    expect(await batchStatus('65001251005')).toBe('receipted');

    const registered = await stored(receipt.id);
    const edit = { ...registered } as unknown as Body;
    const heavier = await call('warehouse', receipts('save'), { ...pick(edit), conditionedWeight: '39' });
    expect(heavier.json).toMatchObject({ code: 400, msg: '仓单已注册，只能修改备注' });

    const { json } = await move(receipt.id, 'transfer', '', { transfereeId: buyerId });
    expect(json.code, json.msg).toBe(200);
    expect((json.data as Row[])[0]).toMatchObject({ status: 'transferred', holderId: buyerId });
    expect(await batchStatus('65001251005')).toBe('sold');

    expect((await move(receipt.id, 'cancel')).json).toMatchObject({ code: 400, msg: '请填写意见' });
    const cancelled = await move(receipt.id, 'cancel', '买方交割完毕');
    expect(cancelled.json.code, cancelled.json.msg).toBe(200);
    expect(await stored(receipt.id)).toMatchObject({ status: 'cancelled', holderId: buyerId });
    expect(await batchStatus('65001251005')).toBe('sold');
    expect((await call('warehouse', receipts('save'), pick(edit))).json).toMatchObject({
      code: 400,
      msg: '已注销的仓单不能修改',
    });
  });

  it('keeps one live receipt per batch; cancelling a registered one puts the batch back in stock', async () => {
    await addBatch('65001251006', 'ZZ1', '40');
    const first = await createReceipt('WR-006', '65001251006');
    const second = await call('warehouse', receipts('save'), {
      receiptNo: 'WR-006B',
      batchNo: '65001251006',
    });
    expect(second.json).toMatchObject({
      code: 400,
      data: { fields: { batchNo: '批号：65001251006 已有未注销的仓单 WR-006' } },
    });
    await move(first.id, 'register');
    expect((await move(first.id, 'cancel', '仓单有误')).json.code).toBe(200);
    expect(await batchStatus('65001251006')).toBe('stock');
    const again = await createReceipt('WR-006B', '65001251006');
    expect(again.status).toBe('preDeclared');
  });

  it('deletes only a pre-declared receipt', async () => {
    await addBatch('65001251007', 'ZZ2', '40');
    const receipt = await createReceipt('WR-007', '65001251007');
    await move(receipt.id, 'register');
    const refused = await call('admin', receipts('delete'), { id: receipt.id });
    expect(refused.json).toMatchObject({ code: 400, msg: '只有预报状态的仓单可以删除：WR-007' });
    expect((await stored(receipt.id)).status).toBe('registered');
    await addBatch('65001251008', 'ZZ2', '40');
    const draft = await createReceipt('WR-008', '65001251008');
    expect((await call('admin', receipts('delete'), { id: draft.id })).json.code).toBe(200);
  });

  it('offers each role the receipt screens of its work', async () => {
    const screens = async (user: string) => {
      const { json } = await call(user, PATHS.menu);
      const leaves = menuScreenIds(json as unknown as MenuAnswer);
      return ['Cdzx', 'QmCdBatch', 'QmZccd', 'QmGhcd', 'QmCdzt', 'QmCottonContractBatch'].filter((key) =>
        leaves.includes(key),
      );
    };
    expect(await screens('warehouse')).toEqual(['Cdzx', 'QmCdBatch', 'QmZccd', 'QmGhcd', 'QmCdzt']);
    expect(await screens('trader')).toEqual([
      'Cdzx',
      'QmCdBatch',
      'QmZccd',
      'QmGhcd',
      'QmCdzt',
      'QmCottonContractBatch',
    ]);
    expect(await screens('finance')).toEqual(['QmCdBatch', 'QmCdzt', 'QmCottonContractBatch']);
    expect(await screens('sales')).toEqual([]);
  });

  it('lets the trader see receipts but not move them', async () => {
    const [receipt] = await listed('trader', receipts('list'), { receiptNo: 'WR-001' });
    expect(receipt).toMatchObject({ receiptNo: 'WR-001' });
    expect(
      (await call('trader', receipts('transition'), { id: receipt!.id, action: 'register' })).json.code,
    ).toBe(403);
    expect((await call('sales', receipts('list'))).json.code).toBe(403);
  });

  it('lists the registered receipts of the QmZccd screen by its status scope, and totals them by status and warehouse', async () => {
    const registered = await listed('warehouse', receipts('list'), { status: 'registered' });
    expect(registered.map((r) => r.receiptNo).sort()).toEqual(['WR-003', 'WR-007']);
    const all = await listed('finance', receipts('list'));
    const totals = groupTotals(warehouseReceipt, all);
    const registeredAtZz1 = totals.find((t) => t.group.join() === `registered,${warehouses.ZZ1}`);
    expect(registeredAtZz1).toEqual({
      group: ['registered', warehouses.ZZ1],
      count: 1,
      totals: { conditionedWeight: '38.5', lots: '8' },
    });
    const grand = totals.at(-1)!;
    expect(grand.count).toBe(all.length);
    const preDeclared = totals.filter((t) => t.group[0] === 'preDeclared').reduce((n, t) => n + t.count, 0);
    expect(preDeclared).toBe(all.filter((r) => r.status === 'preDeclared').length);
  });

  it('shows each batch of a contract with its exact amount, its warehouse and what became of it', async () => {
    const contract = {
      contractNo: 'TC-RB-1',
      side: 'sale',
      kind: 'spot',
      partnerId: buyerId,
      signDate: '2026-11-01',
      tonnage: '80',
      tolerancePercent: '2',
      taxRate: '9',
      unitPrice: '16000.00',
      lines: JSON.stringify([
        { batchNo: '65001251003', conditionedWeight: '40.1234', unitPrice: '15800.50' },
        { batchNo: '65001251005', conditionedWeight: '38.5' },
      ]),
    };
    const saved = await call('admin', resourcePath(transactionContract, 'save'), contract);
    expect(saved.json.code, saved.json.msg).toBe(200);
    const rows = await listed('trader', resourcePath(contractBatch, 'list'), { contractNo: 'TC-RB-1' });
    const shown = rows.map((r) => [
      r.batchNo,
      r.conditionedWeight,
      r.unitPrice,
      r.amount,
      r.warehouseId,
      r.batchStatus,
    ]);
    expect(shown.sort()).toEqual([
      ['65001251003', '40.1234', '15800.50', '633969.78', warehouses.ZZ1, 'receipted'],
      ['65001251005', '38.5', '16000.00', '616000.00', warehouses.ZZ2, 'sold'],
    ]);
    expect(rows[0]).toMatchObject({ side: 'sale', partnerId: buyerId, contractStatus: 'draft' });
    const byBatch = await listed('finance', resourcePath(contractBatch, 'list'), { batchNo: '1251005' });
    expect(byBatch.map((r) => r.contractNo)).toEqual(['TC-RB-1']);
    expect((await call('sales', resourcePath(contractBatch, 'list'))).json.code).toBe(403);
  });

  const partner = async (name: string, kind = 'client') =>
    (
      await one<{ id: string }>(
        `insert into partners (name, kinds) values ($1, array[$2]) returning id::text`,
        [name, kind],
      )
    ).id;
  const receiptCount = async () =>
    one<{ n: number }>('select count(*)::int as n from warehouse_receipt_events');

  it('takes its validity and old-crop discount from its crop year, as the exchange set them', async () => {
    await env.db.query(`update receipt_crop_years set old_crop_discount = 300 where crop_year = '2024/25'`);
    await addBatch('65001241101', 'ZZ1', '40', 'stock', { cropYear: '2024/25' });
    const old = await createReceipt('WR-101', '65001241101', { validUntil: '2030-01-01' });
    expect(old).toMatchObject({ validUntil: '2026-03-31', oldCropDiscount: '300.00' });
    const refused = await move(old.id, 'register');
    expect(refused.json).toMatchObject({ code: 400, msg: '仓单有效期至 2026-03-31，已不能注册' });
    expect(await stored(old.id)).toMatchObject({ status: 'preDeclared', registeredOn: null });
    expect(await batchStatus('65001241101')).toBe('stock');
  });

  it('refuses to register an undeliverable batch or one of the wrong bale count, saying why, changing nothing', async () => {
    await addBatch('65001251102', 'ZZ1', '40', 'stock', { undeliverable: ['trash', 'colour'] });
    const undeliverable = await createReceipt('WR-102', '65001251102');
    expect((await move(undeliverable.id, 'register')).json).toMatchObject({
      code: 400,
      msg: '批号 65001251102 不可交割（含杂率超过交割上限；颜色级不可交割），不能注册仓单',
    });
    await addBatch('65001251103', 'ZZ1', '40', 'stock', { baleCount: 179 });
    const short = await createReceipt('WR-103', '65001251103');
    expect((await move(short.id, 'register')).json).toMatchObject({
      code: 400,
      msg: '批号 65001251103：包数 179 不符合仓单要求：一张仓单应为 180 到 190 包，不能注册',
    });
    await addBatch('65001251104', 'ZZ1', '40', 'stock', { baleCount: 190 });
    const full = await createReceipt('WR-104', '65001251104');
    expect((await move(full.id, 'register')).json.code, '190 bales is within the tolerance').toBe(200);
    for (const [receipt, batchNo] of [
      [undeliverable, '65001251102'],
      [short, '65001251103'],
    ] as const) {
      expect(await stored(receipt.id)).toMatchObject({ status: 'preDeclared', registeredOn: null });
      expect(await batchStatus(batchNo)).toBe('stock');
    }
  });

  it('changes hands again and again, each holder recorded in turn; never to its own holder', async () => {
    const [first, second] = [await partner('过户甲'), await partner('过户乙')];
    await addBatch('65001251105', 'ZZ2', '40');
    const receipt = await createReceipt('WR-105', '65001251105');
    await move(receipt.id, 'register');
    expect((await move(receipt.id, 'transfer', '', { transfereeId: first })).json.code).toBe(200);
    const before = await receiptCount();
    const same = await move(receipt.id, 'transfer', '', { transfereeId: first });
    expect(same.json).toMatchObject({ code: 400, msg: '受让方就是当前持有人' });
    expect(await receiptCount()).toEqual(before);
    const again = await move(receipt.id, 'transfer', '', { transfereeId: second });
    expect(again.json.code, again.json.msg).toBe(200);
    const today = (await stored(receipt.id)).registeredOn;
    expect(await stored(receipt.id)).toMatchObject({
      status: 'transferred',
      holderId: second,
      holderHistory: `${today} 本公司 → ${today} 过户甲 → ${today} 过户乙`,
    });
    expect(await batchStatus('65001251105'), 'the batch was sold once').toBe('sold');
  });

  it('is pledged and released while ours: a pledged receipt is neither transferred nor cancelled', async () => {
    const bank = await partner('质押银行', 'bank');
    await addBatch('65001251106', 'ZZ1', '40');
    const receipt = await createReceipt('WR-106', '65001251106');
    await move(receipt.id, 'register');
    expect((await move(receipt.id, 'pledge')).json).toMatchObject({
      code: 400,
      data: { fields: { pledgeeId: expect.any(String) } },
    });
    expect((await move(receipt.id, 'pledge', '', { pledgeeId: bank })).json.code).toBe(200);
    expect(await stored(receipt.id)).toMatchObject({ status: 'pledged', pledgeeId: bank });
    expect(await batchStatus('65001251106')).toBe('pledged');

    expect(
      (await call('warehouse', receipts('save'), pick((await stored(receipt.id)) as unknown as Body))).json
        .msg,
    ).toBe('已质押的仓单解押前不能修改');
    for (const [action, comment, values] of [
      ['transfer', '', { transfereeId: buyerId }],
      ['cancel', '撤销', {}],
    ] as const)
      expect((await move(receipt.id, action, comment, values)).json).toMatchObject({
        code: 400,
        msg: '当前状态不允许此操作',
      });
    expect(await stored(receipt.id)).toMatchObject({ status: 'pledged', holderId: null });
    expect(await batchStatus('65001251106')).toBe('pledged');

    expect((await move(receipt.id, 'release')).json.code).toBe(200);
    expect(await stored(receipt.id)).toMatchObject({ status: 'registered', pledgeeId: null });
    expect(await batchStatus('65001251106')).toBe('receipted');
  });

  it('is expired once its valid-until date has passed: listed as such, only cancelled, the batch back in stock', async () => {
    await addBatch('65001251107', 'ZZ2', '40');
    const receipt = await createReceipt('WR-107', '65001251107');
    await move(receipt.id, 'register');
    const passDate = (days: number) =>
      env.db.query(
        // The app's business day (the harness's fixed clock: 2026-11-23), never the machine's.
        `update warehouse_receipts set valid_until = '2026-11-23'::date + $2::int where id = $1`,
        [receipt.id, days],
      );
    await passDate(0);
    expect((await stored(receipt.id)).status, 'valid through its last day').toBe('registered');
    await passDate(-1);
    expect((await stored(receipt.id)).status).toBe('expired');
    const expired = await listed('warehouse', receipts('list'), { status: 'expired' });
    expect(expired.map((r) => r.receiptNo)).toEqual(['WR-107']);
    expect((await move(receipt.id, 'transfer', '', { transfereeId: buyerId })).json).toMatchObject({
      code: 400,
      msg: '当前状态不允许此操作',
    });
    const cancelled = await move(receipt.id, 'cancel', '仓单到期');
    expect(cancelled.json.code, cancelled.json.msg).toBe(200);
    expect(await stored(receipt.id)).toMatchObject({ status: 'cancelled' });
    expect(await batchStatus('65001251107')).toBe('stock');
  });
});

describe('the warehouse receipts migration on a database in use', () => {
  it('keeps the receipts kept as cancellations, with their history', async () => {
    const db = await openDatabase({});
    try {
      for (const name of ['001_init.sql', '002_system_resources.sql'])
        await db.exec(fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
      await db.exec(`create table schema_migrations (name text primary key, applied_at timestamptz not null default now());
        insert into schema_migrations (name) values ('001_init.sql'), ('002_system_resources.sql');
        insert into warehouses (code, name, kind) values ('OLD', '老库', 'delivery');
        insert into receipt_cancellations (receipt_no, batch_no, warehouse_id, conditioned_weight, valid_until, status)
          select 'WR-OLD', '65001240001', id, 40.5, '2026-03-31', 'registered' from warehouses;
        insert into document_history (resource_key, record_id, action, from_state, to_state, at)
          select 'receiptCancellation', id::text, 'register', 'preDeclared', 'registered', '2026-03-01T02:00:00Z'
            from receipt_cancellations;`);
      expect((await migrate(db, TEST_TENANT, COMPOSITION)).applied).toContain('004_warehouse_receipts.sql');
      expect(
        await db.query(
          `select receipt_no, batch_no, trim_scale(conditioned_weight)::text as weight, status from warehouse_receipts`,
        ),
      ).toEqual([{ receipt_no: 'WR-OLD', batch_no: '65001240001', weight: '40.5', status: 'registered' }]);
      expect(
        await db.query(`select e.kind, b.batch_no from warehouse_receipt_events e
          join warehouse_receipts r on r.id = e.receipt_id join batches b on b.id = r.batch_id`),
        'its registration, at a batch of its own (migrations 010, 011)',
      ).toEqual([{ kind: 'register', batch_no: '65001240001' }]);
      expect(await db.query('select resource_key, to_state from document_history')).toEqual([
        { resource_key: 'warehouseReceipt', to_state: 'registered' },
      ]);
    } finally {
      await db.close();
    }
  });
});

/** The fields a receipt's form sends. */
function pick(record: Body): Body {
  const body: Body = {};
  for (const key of ['id', ...warehouseReceipt.form!.fields]) {
    const value = record[key];
    if (value !== null && value !== undefined) body[key] = value;
  }
  return body;
}
