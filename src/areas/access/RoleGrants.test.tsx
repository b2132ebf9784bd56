import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { initI18n } from '../../app/i18n.ts';
import { extendResourceScreens } from '../../framework/screens/extensions.ts';
import { ResourceDetail } from '../../framework/screens/ResourceDetail.tsx';
import { ResourceForm } from '../../framework/screens/ResourceForm.tsx';
import { mockResource } from '../../framework/screens/testing/mockResource.ts';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { GRANT_TREE_PATH, type GrantLine, type GrantTreeAnswer } from './grants.ts';
import { RoleGrantsInput, RoleGrantsView } from './RoleGrants.tsx';
import { role } from './resources.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });
extendResourceScreens('role', { linesInput: RoleGrantsInput, linesView: RoleGrantsView });

const codes = (...list: string[]) => list.map((code) => ({ code, name: code }));

const TREE: GrantTreeAnswer = {
  nodes: [
    { id: 'g1', parentId: null, kind: 'group', code: 'pri', title: '系统管理', codes: [] },
    {
      id: 'm1',
      parentId: 'g1',
      kind: 'leaf',
      code: 'WarehouseList',
      title: '仓库管理',
      codes: codes('view', 'create', 'edit', 'delete', 'export'),
    },
    {
      id: 'm2',
      parentId: 'g1',
      kind: 'leaf',
      code: 'StockReport',
      title: '库存报表',
      codes: codes('view', 'export'),
    },
    { id: 'g2', parentId: null, kind: 'group', code: 'sales', title: '销售管理', codes: [] },
    { id: 'g3', parentId: 'g2', kind: 'group', code: 'sales_contracts', title: '合同', codes: [] },
    {
      id: 'm3',
      parentId: 'g3',
      kind: 'leaf',
      code: 'SaleContract',
      title: '销售合同',
      codes: codes('view', 'submit', 'approve'),
    },
  ],
  roleWide: [],
};

const WORDS: Record<string, string> = {
  view: '查看',
  create: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  submit: '提交',
  approve: '审批',
  execute: '执行',
  void: '作废',
};

async function setup(permissions: GrantLine[]) {
  mockState.dictionary = {
    permissionCode: Object.entries(WORDS).map(([value, label], sort) => ({ value, label, sort })),
  };
  const roles = mockResource(role, [{ id: 'r1', name: '仓储专员', code: 'warehouse', permissions }]);
  server.use(
    ...roles.handlers,
    http.post(GRANT_TREE_PATH, () => HttpResponse.json({ code: 200, msg: 'success', data: TREE })),
  );
  await initI18n('zh-chs');
  await i18next.loadNamespaces('access');
  return roles;
}

const actionsOf = async (title: string) => screen.findByRole('group', { name: `${title} 的操作` });
const ticked = (group: HTMLElement) =>
  within(group)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);
const saveButton = () =>
  [...document.querySelectorAll('button')].find((b) => /保\s?存/.test(b.textContent ?? ''))!;
const sentLines = (roles: Awaited<ReturnType<typeof setup>>) =>
  JSON.parse(roles.state.calls.save!.at(-1)!.get('permissions') ?? '[]') as GrantLine[];

test("shows each screen with only its own module's actions, in words, and what the role holds", async () => {
  await setup([{ moduleId: 'm2', codes: ['view'] }]);
  renderResource(
    <ResourceForm decl={role} record={{ id: 'r1', name: '仓储专员' }} open onClose={() => undefined} />,
  );
  const warehouse = await actionsOf('仓库管理');
  expect(
    within(warehouse)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent),
  ).toEqual(['查看', '新增', '编辑', '删除', '导出']);
  const report = await actionsOf('库存报表');
  expect(within(report).getAllByRole('checkbox')).toHaveLength(2);
  expect(ticked(report)).toEqual(['查看']);
  expect(within(warehouse).queryByText('提交')).toBeNull();
  expect(screen.getByText('已授权 1 项操作，涉及 1 个页面')).toBeTruthy();
  // Not a select cut to its arrow: no select at all.
  expect(document.querySelector('.ant-drawer .ant-select')).toBeNull();
});

test('ticking a screen grants all its actions, and saving sends them as its line', async () => {
  const roles = await setup([{ moduleId: 'm2', codes: ['view'] }]);
  renderResource(
    <ResourceForm decl={role} record={{ id: 'r1', name: '仓储专员' }} open onClose={() => undefined} />,
  );
  await actionsOf('仓库管理');
  fireEvent.click(screen.getByRole('checkbox', { name: '仓库管理：全部操作' }));
  expect(ticked(await actionsOf('仓库管理'))).toEqual(['查看', '新增', '编辑', '删除', '导出']);
  expect(screen.getByText('已授权 6 项操作，涉及 2 个页面')).toBeTruthy();
  fireEvent.click(saveButton());
  await waitFor(() => expect(roles.state.calls.save).toHaveLength(1));
  expect(sentLines(roles)).toEqual([
    { moduleId: 'm1', codes: ['view', 'create', 'edit', 'delete', 'export'] },
    { moduleId: 'm2', codes: ['view'] },
  ]);
});

test("a group's line stays a group line until one of its screens loses a code: then the others keep it", async () => {
  const roles = await setup([{ moduleId: 'g1', codes: ['view', 'export'] }]);
  renderResource(
    <ResourceForm decl={role} record={{ id: 'r1', name: '仓储专员' }} open onClose={() => undefined} />,
  );
  const warehouse = await actionsOf('仓库管理');
  expect(ticked(warehouse)).toEqual(['查看', '导出']);
  expect(ticked(await actionsOf('库存报表'))).toEqual(['查看', '导出']);
  fireEvent.click(within(warehouse).getByRole('checkbox', { name: '导出' }));
  fireEvent.click(saveButton());
  await waitFor(() => expect(roles.state.calls.save).toHaveLength(1));
  expect(sentLines(roles)).toEqual([
    { moduleId: 'g1', codes: ['view'] },
    { moduleId: 'm2', codes: ['export'] },
  ]);
});

test('searching finds a screen in a closed side-menu group and opens it, offering no group-wide tick', async () => {
  await setup([]);
  renderResource(<ResourceForm decl={role} open onClose={() => undefined} />);
  fireEvent.change(await screen.findByRole('searchbox', { name: '搜索页面或菜单组' }), {
    target: { value: '合同' },
  });
  expect(ticked(await actionsOf('销售合同'))).toEqual([]);
  expect(screen.queryByText('仓库管理')).toBeNull();
  // A group's tick would also grant what the search hides.
  expect(screen.queryByRole('checkbox', { name: /销售管理/ })).toBeNull();
});

test("the role's detail shows the screens it holds actions on, with their words, read-only", async () => {
  await setup([{ moduleId: 'm3', codes: ['view', 'approve'] }]);
  renderResource(<ResourceDetail decl={role} id="r1" />);
  expect(await screen.findByText('销售合同')).toBeTruthy();
  expect(screen.getByText('审批')).toBeTruthy();
  expect(screen.queryByText('提交')).toBeNull();
  expect(screen.queryByText('仓库管理')).toBeNull();
  expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
});

test('the detail of a role holding every right says so above its tree', async () => {
  await setup([]);
  server.use(
    ...mockResource(role, [
      { id: 'r1', name: '系统管理员', code: 'administrator', allRights: true, permissions: [] },
    ]).handlers,
  );
  renderResource(<ResourceDetail decl={role} id="r1" />);
  expect(await screen.findByText(/此角色拥有所有页面的全部操作/)).toBeTruthy();
});
