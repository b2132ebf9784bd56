import type { FastifyInstance } from 'fastify';
import { transactionContract, upstreamOrder } from '../../../src/areas/contracts/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { type HistoryEntry, resourcePath } from '../../../src/framework/resource/index.ts';
import { PATHS } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';

type Row = Record<string, unknown> & { id: string };
interface PageOf {
  records: Row[];
  total: number;
  pages: number;
  size: number;
}

describe.each(BACKENDS)('generic resource calls on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const call = (user: string, url: string, body: Record<string, string | number | string[]> = {}) =>
    post(app, url, body, { token: tokens[user] });
  const wh = (verb: Parameters<typeof resourcePath>[1]) => resourcePath(warehouse, verb);
  const order = (verb: Parameters<typeof resourcePath>[1]) => resourcePath(upstreamOrder, verb);
  const count = async (table: string) =>
    ((await env.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0] as { n: number }).n;

  const saveWarehouse = async (user: string, code: string, extra: Record<string, string> = {}) => {
    const { json } = await call(user, wh('save'), { code, name: `${code}库`, kind: 'thirdParty', ...extra });
    expect(json.code, json.msg).toBe(200);
    return json.data as Row;
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const user of ['admin', 'warehouse', 'trader', 'risk', 'sales'])
      tokens[user] = (await login(app, user)).token;
    for (const [i, region] of ['新疆', '新疆', '山东', '河北', '新疆', '河南', '新疆', '山东'].entries())
      await saveWarehouse('admin', `W${String(i).padStart(2, '0')}`, {
        region,
        storageFeePerTonneDay: `0.${i}5`,
      });
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('lists a page with its total, filtered and sorted as asked', async () => {
    const { json } = await call('admin', wh('list'), {
      region: '新疆',
      size: 3,
      page_no: 2,
      sort: 'code,desc',
    });
    const page = json.data as PageOf;
    expect(page).toMatchObject({ total: 4, pages: 2, size: 3 });
    expect(page.records.map((r) => r.code)).toEqual(['W00']);
    const first = (await call('admin', wh('list'), { region: '新疆', size: 3, sort: 'code,desc' })).json
      .data as PageOf;
    expect(first.records.map((r) => r.code)).toEqual(['W06', 'W04', 'W01']);
  });

  it('pages by 15 by default and keeps amounts exact', async () => {
    const page = (await call('admin', wh('list'), { name: 'W03' })).json.data as PageOf;
    expect(page.size).toBe(15);
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ code: 'W03', storageFeePerTonneDay: '0.35', status: 'enabled' });
  });

  it('refuses a filter the list does not offer, rather than answering every record unfiltered', async () => {
    const { json } = await call('admin', wh('list'), { address: 'x' });
    expect(json.code).toBe(400);
    expect(json.msg).toBe('列表没有「address」这个筛选条件');
  });

  it('ignores a sort the declaration does not offer', async () => {
    const { json } = await call('admin', wh('list'), { sort: 'id;drop table users,asc' });
    expect(json.code).toBe(200);
    expect((json.data as PageOf).total).toBe(8);
  });

  it('names the partner an id field points at', async () => {
    const [operator] = await env.db.query<{ id: string; name: string }>(
      `select id::text, name from partners where 'warehouse' = any(kinds) limit 1`,
    );
    const saved = await saveWarehouse('admin', 'WOP', { operatorId: operator!.id });
    expect(saved).toMatchObject({ operatorId: operator!.id, operatorIdName: operator!.name });
  });

  it('refuses a bad save with a message per field and stores nothing', async () => {
    const before = await count('warehouses');
    const { json } = await call('admin', wh('save'), {
      code: 'x',
      kind: 'thirdParty',
      storageFeePerTonneDay: '1.234',
    });
    expect(json.code).toBe(400);
    const fields = (json.data as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['code', 'name', 'storageFeePerTonneDay']);
    expect(fields.name).toContain('必填');
    expect(json.msg).toBe(fields.code);
    expect(await count('warehouses')).toBe(before);
  });

  it('refuses an option its dictionary does not hold', async () => {
    const { json } = await call('admin', wh('save'), { code: 'WKD', name: '字典外', kind: 'floating' });
    expect(json).toMatchObject({
      code: 400,
      data: { fields: { kind: expect.stringContaining('有效选项') } },
    });
  });

  it('refuses a reference to a record that does not exist, in words', async () => {
    const before = await count('warehouses');
    const { json } = await call('admin', wh('save'), {
      code: 'WNX',
      name: '无主库',
      kind: 'own',
      operatorId: '999999',
    });
    expect(json).toMatchObject({
      code: 400,
      data: { fields: { operatorId: expect.stringContaining('不存在或已被删除') } },
    });
    expect(await count('warehouses')).toBe(before);
  });

  it('refuses a duplicate code on the field', async () => {
    const { json } = await call('admin', wh('save'), { code: 'W01', name: '重复', kind: 'thirdParty' });
    expect(json).toMatchObject({ code: 400, data: { fields: { code: expect.stringContaining('已存在') } } });
  });

  it('edits a record and answers it as stored', async () => {
    const saved = await saveWarehouse('admin', 'WED');
    const { json } = await call('admin', wh('save'), {
      id: saved.id,
      code: 'WED',
      name: '改名库',
      kind: 'thirdParty',
    });
    expect(json.data).toMatchObject({ id: saved.id, name: '改名库' });
    const detail = await call('admin', wh('detail'), { id: saved.id });
    expect(detail.json.data).toMatchObject({ name: '改名库' });
  });

  it('asks for the permission of each call', async () => {
    expect(
      (await call('trader', wh('save'), { code: 'WT1', name: '交易', kind: 'thirdParty' })).json.code,
    ).toBe(403);
    const saved = await saveWarehouse('warehouse', 'WWH');
    // Sales do not manage warehouses: they see the names their outbound screens choose from, no more.
    const names = (await call('sales', wh('list'), { name: 'WWH库' })).json.data as { records: Row[] };
    expect(names.records.every((record) => Object.keys(record).join() === 'id,name')).toBe(true);
    expect((await call('sales', wh('detail'), { id: saved.id })).json.code).toBe(403);
    expect((await call('trader', wh('list'))).json.code).toBe(200);
    expect((await call('warehouse', wh('delete'), { id: saved.id })).json.code).toBe(403);
    expect((await call('admin', wh('delete'), { id: saved.id })).json.code).toBe(200);
    expect((await call('admin', wh('detail'), { id: saved.id })).json.code).toBe(400);
  });

  it('takes a legal transition, records it in the history and the operation record', async () => {
    const saved = await saveWarehouse('admin', 'WTR');
    const { json } = await call('admin', wh('transition'), {
      id: saved.id,
      action: 'disable',
      comment: '停租',
    });
    expect(json.code).toBe(200);
    expect((json.data as Row[])[0]).toMatchObject({ id: saved.id, status: 'disabled' });
    const history = (await call('admin', wh('history'), { id: saved.id })).json.data as HistoryEntry[];
    expect(history).toEqual([
      expect.objectContaining({
        action: 'disable',
        fromState: 'enabled',
        toState: 'disabled',
        userName: '王建国',
        comment: '停租',
      }),
    ]);
    const audit = (
      await call('admin', resourcePath({ area: 'pri', resource: 'operationRecord' }, 'list'), {
        resourceKey: 'warehouse',
        recordId: saved.id,
      })
    ).json.data as PageOf;
    expect(audit.records.map((r) => r.action).sort()).toEqual(['create', 'transition']);
    // What was done, in words, not the call's path or verb; the part of the product by its dictionary code.
    expect(audit.records.map((r) => [r.resourceKey, r.summary]).sort()).toEqual([
      ['warehouse', `停用仓库 ${saved.name}`],
      ['warehouse', `新增仓库 ${saved.name}`],
    ]);
    expect(audit.records[0]).toMatchObject({ userIdName: '王建国' });
  });

  it('refuses an illegal transition with 400 and changes nothing, for all the ids together', async () => {
    const a = await saveWarehouse('admin', 'WIA');
    const b = await saveWarehouse('admin', 'WIB');
    await call('admin', wh('transition'), { id: b.id, action: 'disable' });
    const { json } = await call('admin', wh('transition'), { id: [a.id, b.id], action: 'disable' });
    expect(json).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });
    expect((await call('admin', wh('detail'), { id: a.id })).json.data).toMatchObject({ status: 'enabled' });
    expect((await call('admin', wh('history'), { id: a.id })).json.data).toEqual([]);
    const both = await call('admin', wh('transition'), { id: [a.id, b.id], action: 'enable' });
    expect(both.json.code).toBe(400);
    expect((await call('admin', wh('transition'), { id: [a.id], action: 'fly' })).json.code).toBe(400);
  });

  it('asks for the permission of each transition (403) and a comment where required', async () => {
    const saved = await saveWarehouse('warehouse', 'WPM');
    expect((await call('warehouse', wh('transition'), { id: saved.id, action: 'disable' })).json.code).toBe(
      403,
    );
    const [supplier] = await env.db.query<{ id: string }>(
      `select id::text from partners where 'supplier' = any(kinds) limit 1`,
    );
    const created = await call('trader', order('save'), {
      orderNo: 'UO-1',
      supplierId: supplier!.id,
      cropYear: '2025/26',
      gradeSpec: '3128B',
      tonnage: '100.5',
      unitPrice: '15800.00',
    });
    expect(created.json).toMatchObject({ code: 200, data: { status: 'draft', tonnage: '100.5' } });
    const id = (created.json.data as Row).id;
    expect((await call('trader', order('transition'), { id, action: 'submit' })).json.code).toBe(200);
    expect((await call('trader', order('transition'), { id, action: 'approve' })).json.code).toBe(403);
    const noComment = await call('risk', order('transition'), { id, action: 'reject' });
    expect(noComment.json).toMatchObject({ code: 400, msg: '请填写意见' });
    expect(
      (await call('risk', order('transition'), { id, action: 'reject', comment: '价格偏高' })).json.code,
    ).toBe(200);
    const editWhileSubmitted = await call('trader', order('save'), {
      id,
      orderNo: 'UO-1',
      supplierId: supplier!.id,
      cropYear: '2025/26',
      gradeSpec: '3128B',
      tonnage: '1',
    });
    expect(editWhileSubmitted.json).toMatchObject({ code: 400, msg: '只有草稿状态的记录可以修改' });
    expect((await call('trader', order('detail'), { id })).json.data).toMatchObject({ tonnage: '100.5' });
    expect((await call('admin', order('delete'), { id })).json).toMatchObject({
      code: 400,
      msg: '只有草稿状态的记录可以删除',
    });
    const history = (await call('risk', order('history'), { id })).json.data as HistoryEntry[];
    expect(history.map((h) => [h.action, h.toState, h.userName])).toEqual([
      ['submit', 'submitted', '李明辉'],
      ['reject', 'rejected', '张丽华'],
    ]);
  });

  it('saves line items with their record and names a bad one by its line', async () => {
    const created = await call('admin', resourcePath(partner, 'save'), {
      name: '德州棉纺有限公司',
      kinds: ['client', 'supplier'],
      creditLimit: '500000.10',
      contacts: JSON.stringify([{ name: '孙伟', phone: '0534-1234567', position: '采购经理' }]),
    });
    expect(created.json).toMatchObject({
      code: 200,
      data: { kinds: ['client', 'supplier'], creditLimit: '500000.10', contacts: [{ name: '孙伟' }] },
    });
    const partnerId = (created.json.data as Row).id;
    const byKind = (await call('admin', resourcePath(partner, 'list'), { kinds: ['bank', 'supplier'] })).json
      .data as PageOf;
    expect(byKind.records.map((r) => r.id)).toContain(partnerId);
    const contract = {
      contractNo: 'TC-1',
      side: 'purchase',
      kind: 'basis',
      partnerId,
      signDate: '2026-03-01',
      tonnage: '20',
      tolerancePercent: '1',
      taxRate: '9',
      futuresMonth: 'CF605',
      basis: '350.00',
      fixingDeadline: '2026-04-30',
    };
    const before = await count('transaction_contracts');
    const badLine = await call('trader', resourcePath(transactionContract, 'save'), {
      ...contract,
      basis: '',
      lines: JSON.stringify([{ batchNo: '', conditionedWeight: '20.1' }]),
    });
    expect(Object.keys((badLine.json.data as { fields: object }).fields).sort()).toEqual([
      'basis',
      'lines.0.batchNo',
    ]);
    expect(await count('transaction_contracts')).toBe(before);
    await env.db.query(`insert into batches (batch_no) values ('65001231001')`);
    const saved = await call('trader', resourcePath(transactionContract, 'save'), {
      ...contract,
      lines: JSON.stringify([{ batchNo: '65001231001', conditionedWeight: '20.1234' }]),
    });
    expect(saved.json).toMatchObject({
      code: 200,
      data: {
        partnerIdName: '德州棉纺有限公司',
        lines: [{ batchNo: '65001231001', conditionedWeight: '20.1234' }],
      },
    });
  });

  it('answers the privileges of a resource as its screens need them', async () => {
    const { json } = await call('warehouse', PATHS.userPrivileges, { moduleCode: 'warehouseReceipt' });
    expect(json.data).toEqual(expect.arrayContaining(['view', 'register', 'cancel']));
    expect(json.data).not.toContain('delete');
  });
});
