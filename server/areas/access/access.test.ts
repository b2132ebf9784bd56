import type { FastifyInstance } from 'fastify';
import { GRANT_TREE_PATH, type GrantTreeAnswer } from '../../../src/areas/access/grants.ts';
import { moduleResource, operationRecord, org, role, user } from '../../../src/areas/access/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { warehouseReceipt } from '../../../src/areas/receipts/resources.ts';
import { dictionary, systemSetting } from '../../../src/areas/settings/index.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { type ResourceDecl, type ResourceVerb, resourcePath } from '../../../src/framework/resource/index.ts';
import { type MenuAnswer, type MenuItem, PATHS, SOCKET_TYPE } from '../../../src/shared/api/contract.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { openSocket } from '../../test/socketClient.ts';

type Row = Record<string, unknown> & { id: string };
type Body = Record<string, string | number | string[]>;
const at = (decl: ResourceDecl, verb: ResourceVerb) => resourcePath(decl, verb);

describe.each(BACKENDS)('system settings on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let admin: string;
  const call = (token: string, url: string, body: Body = {}) => post(app, url, body, { token });
  const records = async (token: string, decl: ResourceDecl, filters: Body = {}) => {
    const { json } = await call(token, at(decl, 'list'), { size: 1000, ...filters });
    expect(json.code, json.msg).toBe(200);
    return (json.data as { records: Row[] }).records;
  };
  const saved = async (token: string, decl: ResourceDecl, body: Body) => {
    const { json } = await call(token, at(decl, 'save'), body);
    expect(json.code, json.msg).toBe(200);
    return json.data as Row;
  };
  const moduleId = async (code: string) => (await records(admin, moduleResource, { code }))[0]!.id;
  const leafIds = (items: MenuItem[]): string[] =>
    items.flatMap((item) => (item.children?.length ? leafIds(item.children) : [item.id]));
  /** Each group with the screens of its side menu (in the side menu's groups, flattened). */
  const menuOf = async (token: string) => {
    const { json } = await call(token, PATHS.menu);
    return (json as unknown as MenuAnswer).menu.map((g) => [g.id, leafIds(g.menu)]);
  };
  const departmentId = async (name: string) => (await records(admin, org, { name }))[0]!.id;

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    admin = (await login(app, 'admin')).token;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('lets the administrator set up a department, a role and a user who sees and may do exactly that', async () => {
    const department = await saved(admin, org, {
      name: '棉花仓储二部',
      code: 'storage2',
      parentId: await departmentId('总公司'),
    });
    const clerkRole = await saved(admin, role, {
      name: '仓库文员',
      code: 'storeClerk',
      permissions: JSON.stringify([
        { moduleId: await moduleId('WarehouseList'), codes: ['view', 'create'] },
        { moduleId: await moduleId('PartnerList'), codes: ['view'] },
      ]),
    });
    const clerk = await saved(admin, user, {
      loginName: 'clerk01',
      relName: '周晓',
      phone: '13700000001',
      departmentId: department.id,
      roleIds: [clerkRole.id],
    });
    expect(clerk).toMatchObject({
      departmentIdName: '棉花仓储二部',
      roleIdsName: ['仓库文员'],
      status: 'enabled',
    });

    const first = await login(app, 'clerk01', String(clerk.temporaryPassword));
    const token = first.token;
    // The administrator's password is temporary: nothing but changing it until it is changed.
    expect(first.passwordTemporary).toBe(true);
    const early = await call(token, at(warehouse, 'list'));
    expect(early.json).toMatchObject({ code: 403, msg: '请先修改管理员设置的临时密码，再使用系统' });
    expect((await call(token, PATHS.menu)).json).toMatchObject({ menu: [], passwordTemporary: true });
    const changed = await call(token, PATHS.changePassword, {
      oldPwd: String(clerk.temporaryPassword),
      newPwd: 'Clerk2026x',
      newPwdRe: 'Clerk2026x',
    });
    expect(changed.json.code).toBe(200);
    expect((await login(app, 'clerk01', 'Clerk2026x')).passwordTemporary).toBeUndefined();
    expect(await menuOf(token)).toEqual([['pri', ['PartnerList', 'WarehouseList']]]);
    // The long system-settings menu groups its screens by business area.
    const { json: menu } = await call(token, PATHS.menu);
    expect((menu as unknown as MenuAnswer).menu[0]!.menu).toMatchObject([
      {
        id: 'pri_partners',
        title: '往来单位',
        titleKey: 'menuArea.partners',
        children: [{ id: 'PartnerList' }],
      },
      { id: 'pri_warehouse', title: '仓储', children: [{ id: 'WarehouseList' }] },
    ]);
    const privileges = await call(token, PATHS.userPrivileges, { moduleCode: warehouse.key });
    expect(privileges.json.data).toEqual(['view', 'create']);

    expect(
      (await call(token, at(warehouse, 'save'), { code: 'CK01', name: '一号库', kind: 'own' })).json.code,
    ).toBe(200);
    expect((await call(token, at(partner, 'list'))).json.code).toBe(200);
    expect((await call(token, at(user, 'list'))).json.code).toBe(403);
    expect((await call(token, at(role, 'save'), { name: '越权', code: 'sneaky' })).json.code).toBe(403);
    expect((await call(token, at(partner, 'save'), { name: '越权单位', kinds: ['client'] })).json.code).toBe(
      403,
    );
    const [stored] = await records(admin, warehouse, { name: '一号库' });
    expect((await call(token, at(warehouse, 'delete'), { id: stored!.id })).json.code).toBe(403);

    const trail = await records(admin, operationRecord, { 'time.from': '2000-01-01' });
    const seen = trail.map((r) => [r.userIdName, r.resourceKey, r.action, r.summary]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['王建国', 'org', 'create', '新增组织机构 棉花仓储二部'],
        ['王建国', 'role', 'create', '新增角色 仓库文员'],
        ['王建国', 'user', 'create', '新增用户 周晓'],
        ['周晓', 'account', 'login', '登录'],
        ['周晓', 'warehouse', 'create', '新增仓库 一号库'],
      ]),
    );
  });

  it('changes what a role may do at once', async () => {
    const token = (await login(app, 'warehouse')).token;
    await saved(admin, warehouse, { code: 'CK07', name: '七号库', kind: 'own' });
    expect((await call(token, at(warehouse, 'list'))).json.code).toBe(200);
    const [storeRole] = await records(admin, role, { name: '仓储专员' });
    const detail = (await call(admin, at(role, 'detail'), { id: storeRole!.id })).json.data as Row;
    const lines = detail.permissions as { moduleId: string; codes: string[] }[];
    const warehouseModule = await moduleId('WarehouseList');
    expect(lines.map((l) => l.moduleId)).toContain(warehouseModule);
    await saved(admin, role, {
      id: storeRole!.id,
      name: '仓储专员',
      code: 'warehouse',
      permissions: JSON.stringify(lines.filter((l) => l.moduleId !== warehouseModule)),
    });
    // Its other screens still name warehouses: the list answers their names only.
    const names = (await call(token, at(warehouse, 'list'))).json.data as { records: Row[] };
    expect(names.records.length).toBeGreaterThan(0);
    expect(names.records.every((record) => Object.keys(record).join() === 'id,name')).toBe(true);
    expect((await menuOf(token)).flatMap(([, leaves]) => leaves)).not.toContain('WarehouseList');
    expect((await call(token, at(warehouseReceipt, 'list'))).json.code).toBe(200);
    await call(admin, at(role, 'transition'), { id: storeRole!.id, action: 'disable' });
    expect((await call(token, at(warehouseReceipt, 'list'))).json.code).toBe(403);
  });

  it('offers the role editor each screen with its own actions, and grants only those', async () => {
    const { json: tree } = await call(admin, GRANT_TREE_PATH);
    expect(tree.code, tree.msg).toBe(200);
    const { nodes, roleWide } = tree.data as GrantTreeAnswer;
    const warehouseModule = await moduleId('WarehouseList');
    const screen = nodes.find((node) => node.id === warehouseModule)!;
    const detail = (await call(admin, at(moduleResource, 'detail'), { id: warehouseModule })).json
      .data as Row;
    expect(screen.codes.map((c) => c.code)).toEqual(
      (detail.permissionCodes as { code: string }[]).map((c) => c.code),
    );
    expect(screen).toMatchObject({ kind: 'leaf', titleKey: 'warehouse:route.WarehouseList' });
    const area = nodes.find((node) => node.id === screen.parentId)!;
    expect(area).toMatchObject({ kind: 'group', code: 'pri_warehouse', titleKey: 'menuArea.warehouse' });
    expect(nodes.find((node) => node.id === area.parentId)).toMatchObject({ kind: 'group', code: 'pri' });
    expect(roleWide.map((c) => c.code)).toEqual(['ownClients']);
    // A page with nothing to create or change (the home page) is only opened.
    expect(nodes.find((node) => node.code === 'index')!.codes.map((c) => c.code)).toEqual(['view']);

    const auditor = await saved(admin, role, {
      name: '审计员',
      code: 'auditor',
      permissions: JSON.stringify([{ moduleId: warehouseModule, codes: ['view'] }]),
    });
    const attempt = (moduleIdValue: string, codes: string[]) =>
      call(admin, at(role, 'save'), {
        id: auditor.id,
        name: '审计员（改）',
        code: 'auditor',
        permissions: JSON.stringify([{ moduleId: moduleIdValue, codes }]),
      });
    expect(screen.codes.map((c) => c.code)).not.toContain('settle');
    expect((await attempt(warehouseModule, ['view', 'settle'])).json).toMatchObject({
      code: 400,
      msg: '菜单「仓库管理」没有“结算”（settle）权限，不能授予',
    });
    expect((await attempt('987654', ['view'])).json).toMatchObject({
      code: 400,
      msg: expect.stringContaining('所选菜单不存在'),
    });
    const notAList = await call(admin, at(role, 'save'), {
      id: auditor.id,
      name: '审计员（改）',
      code: 'auditor',
      permissions: JSON.stringify([{ moduleId: warehouseModule, codes: 'view' }]),
    });
    expect(notAList.json).toMatchObject({ code: 400, msg: expect.stringContaining('第1行权限码') });
    const unchanged = (await call(admin, at(role, 'detail'), { id: auditor.id })).json.data as Row;
    expect(unchanged).toMatchObject({
      name: '审计员',
      permissions: [{ moduleId: warehouseModule, codes: ['view'] }],
    });
    // A group offers what its screens offer; a role-wide code goes on any screen.
    const group = (await attempt(screen.parentId!, ['view', 'ownClients'])).json;
    expect(group.code, group.msg).toBe(200);
    // What a role already holds and its module no longer offers (a seeded group right) is kept on re-saving.
    const [finance] = await records(admin, role, { name: '财务专员' });
    const financeDetail = (await call(admin, at(role, 'detail'), { id: finance!.id })).json.data as Row;
    const resaved = await call(admin, at(role, 'save'), {
      id: finance!.id,
      name: String(financeDetail.name),
      code: String(financeDetail.code),
      permissions: JSON.stringify(financeDetail.permissions),
    });
    expect(resaved.json.code, resaved.json.msg).toBe(200);
    const allRights = Object.fromEntries((await records(admin, role)).map((r) => [r.code, r.allRights]));
    expect(allRights).toMatchObject({ administrator: true, finance: false, auditor: false });
  });

  it('follows the stored menu tree: renamed, moved and hidden leaves', async () => {
    const token = (await login(app, 'finance')).token;
    const before = await menuOf(token);
    expect(before.find(([group]) => group === 'pri')?.[1]).toEqual(
      expect.arrayContaining(['ClientMarginSet', 'PartnerManagementAccount']),
    );
    const [margin] = await records(admin, moduleResource, { code: 'ClientMarginSet' });
    const [workbench] = await records(admin, moduleResource, { code: 'workbench' });
    const detail = (await call(admin, at(moduleResource, 'detail'), { id: margin!.id })).json.data as Row;
    await saved(admin, moduleResource, {
      id: margin!.id,
      parentId: workbench!.id,
      kind: 'leaf',
      code: 'ClientMarginSet',
      title: '客户保证金',
      path: String(detail.path),
      sort: 99,
      hidden: 'false',
      permissionCodes: JSON.stringify(detail.permissionCodes),
    });
    const [account] = await records(admin, moduleResource, { code: 'PartnerManagementAccount' });
    const accountDetail = (await call(admin, at(moduleResource, 'detail'), { id: account!.id })).json
      .data as Row;
    await saved(admin, moduleResource, {
      ...(accountDetail as Body),
      parentId: String(accountDetail.parentId),
      hidden: 'true',
      permissionCodes: JSON.stringify(accountDetail.permissionCodes),
    });
    const { json } = await call(token, PATHS.menu);
    const menu = (json as unknown as MenuAnswer).menu;
    const workbenchLeaves = menu.find((g) => g.id === 'workbench')!.menu;
    expect(workbenchLeaves.at(-1)).toMatchObject({ id: 'ClientMarginSet', title: '客户保证金' });
    // A title the administrator gave stays as given in every language (no i18n key to translate it by).
    expect(workbenchLeaves.at(-1)?.titleKey).toBeUndefined();
    const all = menu.flatMap((g) => leafIds(g.menu));
    expect(all.filter((id) => id === 'ClientMarginSet')).toHaveLength(1);
    expect(all).not.toContain('PartnerManagementAccount');
  });

  it('refuses a menu node under its own descendant', async () => {
    const pri = (await records(admin, moduleResource, { code: 'pri' })).find((m) => m.code === 'pri');
    const [leaf] = await records(admin, moduleResource, { code: 'WarehouseList' });
    const { json } = await call(admin, at(moduleResource, 'save'), {
      id: pri!.id,
      parentId: leaf!.id,
      kind: 'group',
      code: 'pri',
      title: '系统设置',
    });
    expect(json.code).toBe(400);
    expect(
      (await records(admin, moduleResource, { code: 'pri' })).find((m) => m.code === 'pri'),
    ).toMatchObject({
      parentId: null,
    });
  });

  it('disables a user: sessions end (6666) and login is refused; enabled again with a reset password', async () => {
    const { token, user: salesUser } = await login(app, 'sales');
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(base, PATHS.socket(salesUser.id), { authorization: token });
    const [sales] = await records(admin, user, { loginName: 'sales' });
    const [self] = await records(admin, user, { loginName: 'admin' });
    expect(
      (await call(admin, at(user, 'transition'), { id: self!.id, action: 'disable' })).json,
    ).toMatchObject({
      code: 400,
      msg: '不能停用自己的账号',
    });
    expect((await call(admin, at(user, 'transition'), { id: sales!.id, action: 'disable' })).json.code).toBe(
      200,
    );
    expect(await socket.next()).toEqual({ messageType: SOCKET_TYPE.reconnect });
    expect((await socket.closed).code).toBe(4001);
    expect((await call(token, PATHS.menu)).json.code).toBe(401);
    await expect(login(app, 'sales')).rejects.toThrow('账号已停用');
    await call(admin, at(user, 'transition'), { id: sales!.id, action: 'enable' });
    const reset = await call(admin, at(user, 'transition'), { id: sales!.id, action: 'resetPassword' });
    const temporary = String((reset.json.data as Row[])[0]!.temporaryPassword);
    expect(temporary).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/);
    await expect(login(app, 'sales')).rejects.toThrow();
    expect(await login(app, 'sales', temporary)).toMatchObject({ passwordTemporary: true });
  });

  it('offers a disabled partner in no picker', async () => {
    const picker = async () =>
      ((await call(admin, PATHS.partnerList)).json.data as { name: string }[]).map((p) => p.name);
    const [first] = await records(admin, partner);
    expect(await picker()).toContain(first!.name);
    await call(admin, at(partner, 'transition'), { id: first!.id, action: 'disable', comment: '停止合作' });
    expect(await picker()).not.toContain(first!.name);
  });

  it('answers query_dictionary from the edited dictionary', async () => {
    const [kinds] = await records(admin, dictionary, { code: 'warehouseKind' });
    const detail = (await call(admin, at(dictionary, 'detail'), { id: kinds!.id })).json.data as Row;
    const entries = [...(detail.entries as Row[]), { value: 'bonded', label: '保税库', sort: 9 }];
    await saved(admin, dictionary, {
      id: kinds!.id,
      code: 'warehouseKind',
      name: '仓库类型',
      entries: JSON.stringify(entries),
    });
    const { json } = await call(admin, PATHS.dictionary, { code: 'warehouseKind' });
    expect((json.data as { value: string; label: string }[]).at(-1)).toMatchObject({
      value: 'bonded',
      label: '保税库',
    });
  });

  it('keeps every setting of domain.md, checked by its own rule and recorded with who changed it', async () => {
    const settings = await records(admin, systemSetting);
    expect(settings.find((s) => s.settingKey === 'initialMarginPerTonne')).toMatchObject({ value: '800.00' });
    const refused = await call(admin, at(systemSetting, 'save'), {
      settingKey: 'dailyLimitPercent',
      value: '50',
      effectiveFrom: '2030-01-01',
    });
    expect(refused.json).toMatchObject({ code: 400, data: { fields: { value: expect.any(String) } } });
    const row = await saved(admin, systemSetting, {
      settingKey: 'dailyLimitPercent',
      value: '5',
      effectiveFrom: '2030-01-01',
    });
    expect(row).toMatchObject({ value: '5', updatedByName: '王建国' });
    expect(
      (await records(admin, systemSetting, { settingKey: 'dailyLimitPercent' })).map((s) => s.value),
    ).toEqual(['5', '4']);
    expect((await call(admin, at(systemSetting, 'delete'), { id: row.id })).json.code).toBe(403);
  });

  it('seeds menu leaves that all resolve to catalogue routes, and offers the administrator every served screen', async () => {
    const leaves = await env.db.query<{ code: string }>(`select code from modules where kind = 'leaf'`);
    expect(leaves.length).toBeGreaterThan(10);
    for (const { code } of leaves) expect(routeByKey(code), code).toBeDefined();
    const adminLeaves = (await menuOf(admin)).flatMap(([, ids]) => ids as string[]);
    for (const key of ['userList', 'roleList', 'moduleList', 'WarehouseList', 'systemSetting', 'Cdzx'])
      expect(adminLeaves).toContain(key);
    for (const key of ['MtfmBatchData', 'QmCdBatch', 'QmBgFee', 'QmYkDetail', 'StockReport'])
      expect(adminLeaves).toContain(key);
    // A screen whose business area is not built is in no menu, not even the administrator's.
    for (const key of ['PointPriceContract', 'SaleContract', 'purContractApproval'])
      expect(adminLeaves).toContain(key);
    expect(adminLeaves).not.toContain('InvoicingPurchaseReport');
  });
});
