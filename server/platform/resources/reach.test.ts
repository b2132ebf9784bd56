// Rights held through a scoped screen reach only the records that screen shows; a report screen gives
// view and export only. The server enforces both whatever a client sends.
import type { FastifyInstance } from 'fastify';
import { moduleResource, org, role, user } from '../../../src/areas/access/index.ts';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { warehouseFee } from '../../../src/areas/warehouse/services.ts';
import { PATHS } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, loginChangingTemporary, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('the reach of scoped rights on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const fee = (feeNo: string, kind: string, warehouseId: string): Body => ({
    feeNo,
    kind,
    warehouseId,
    basis: 'lumpSum',
    rate: '880',
    periodFrom: '2026-11-01',
    taxRate: '6',
  });
  let insurance: Row;
  let storage: Row;
  let warehouseId: string;

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const who of ['admin', 'trader']) tokens[who] = (await login(app, who)).token;
    warehouseId = (await saved('admin', warehouse, { code: 'KL01', name: '库尔勒一号库', kind: 'delivery' }))
      .id;
    insurance = await saved('admin', warehouseFee, fee('BX-001', 'insurance', warehouseId));
    storage = await saved('admin', warehouseFee, fee('BG-001', 'storage', warehouseId));
    const { json: modules } = await call('admin', moduleResource, 'list', { code: 'QmBxFee' });
    const moduleId = (modules.data as { records: Row[] }).records[0]!.id;
    const clerkRole = await saved('admin', role, {
      name: '保险费专员',
      code: 'insuranceClerk',
      permissions: JSON.stringify([{ moduleId, codes: ['view', 'create', 'edit', 'delete', 'confirm'] }]),
    });
    const { json: departments } = await call('admin', org, 'list', { name: '总公司' });
    const departmentId = (departments.data as { records: Row[] }).records[0]!.id;
    const clerk = await saved('admin', user, {
      departmentId,
      loginName: 'bx01',
      relName: '吴敏',
      phone: '13700000002',
      roleIds: [clerkRole.id],
    });
    tokens.clerk = await loginChangingTemporary(app, 'bx01', String(clerk.temporaryPassword));
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('lists and opens only the records of the screen the rights came with', async () => {
    const { json } = await call('clerk', warehouseFee, 'list', { size: 100 });
    expect((json.data as { records: Row[] }).records.map((r) => r.feeNo)).toEqual(['BX-001']);
    expect((await call('clerk', warehouseFee, 'detail', { id: insurance.id })).json.code).toBe(200);
    const outside = await call('clerk', warehouseFee, 'detail', { id: storage.id });
    expect(outside.json).toMatchObject({ code: 400, msg: '记录不存在或已被删除' });
    expect((await call('clerk', warehouseFee, 'history', { id: storage.id })).json.code).toBe(400);
  });

  it('refuses to save, change or delete records outside it, and changes nothing', async () => {
    expect((await call('clerk', warehouseFee, 'save', fee('BG-002', 'storage', warehouseId))).json.code).toBe(
      403,
    );
    const moved = await call('clerk', warehouseFee, 'save', {
      ...fee('BX-001', 'storage', warehouseId),
      id: insurance.id,
    });
    expect(moved.json.code).toBe(403);
    const edited = await call('clerk', warehouseFee, 'save', {
      ...fee('BG-001', 'storage', warehouseId),
      id: storage.id,
    });
    expect(edited.json.code).toBe(400);
    expect(
      (await call('clerk', warehouseFee, 'transition', { id: storage.id, action: 'confirm' })).json.code,
    ).toBe(400);
    expect((await call('clerk', warehouseFee, 'delete', { id: storage.id })).json.code).toBe(400);
    const rows = await env.db.query('select fee_no, kind, status from warehouse_fees order by fee_no');
    expect(rows).toEqual([
      { fee_no: 'BG-001', kind: 'storage', status: 'draft' },
      { fee_no: 'BX-001', kind: 'insurance', status: 'draft' },
    ]);
    expect(
      (await call('clerk', warehouseFee, 'transition', { id: insurance.id, action: 'confirm' })).json.code,
    ).toBe(200);
  });

  it('lets a role made by the administrator read the words of coded values (no grant needed)', async () => {
    const { json } = await post(app, PATHS.dictionary, { code: 'feeKind' }, { token: tokens.clerk });
    expect(json.code).toBe(200);
    expect((json.data as { value: string; label: string }[]).map((e) => e.label)).toContain('保险费');
  });

  it('gives view and export, never changes, through a report screen', async () => {
    // The trader works the SpotReport area; its stock report shows batches.
    expect((await call('trader', batch, 'list')).json.code).toBe(200);
    const answer = await call('trader', batch, 'save', { batchNo: '65001251001', cropYear: '2025/26' });
    expect(answer.json.code).toBe(403);
    expect(await env.db.query('select batch_no from batches')).toEqual([]);
  });
});
