import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tenant } from '../../shared/tenant/index.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { defineResource } from '../resource/index.ts';
import { testContract } from '../resource/testDeclaration.ts';
import { ResourceList } from './ResourceList.tsx';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();

const contracts = Array.from({ length: 20 }, (_, i) => ({
  id: String(i + 1),
  contractNo: `CG${String(202600 + i + 1)}`,
  partnerId: i % 2 ? 'p1' : 'p2',
  partnerIdName: i % 2 ? '北方棉业' : '南方纺织',
  tonnage: `${40 + i}.0000`,
  unitPrice: '15800.00',
  status: i < 3 ? 'submitted' : 'draft',
  signDate: `2026-10-${String(i + 1).padStart(2, '0')}`,
  remark: '',
}));

function setup(permissions = ['view', 'create', 'edit', 'delete', 'export'], rows = contracts) {
  mockState.privileges.testContract = permissions;
  mockState.dictionary.contractState = [
    { value: 'draft', label: '草稿', sort: 1 },
    { value: 'submitted', label: '待审批', sort: 2 },
  ];
  const resource = mockResource(testContract, rows);
  server.use(...resource.handlers);
  renderResource(<ResourceList decl={testContract} />);
  return resource;
}

// Role queries over a whole antd table are slow in jsdom; rows and buttons are found by text instead.
vi.setConfig({ testTimeout: 60_000 });
const bodyRows = () => [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
const button = (name: RegExp, within: HTMLElement = document.body) =>
  [...within.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;
const header = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent?.includes(text));
const filterInput = () => document.querySelector<HTMLInputElement>('input#contractNo')!;

test('shows the first page of 15 with the total, newest signing first, amounts formatted', async () => {
  setup();
  expect(await screen.findByText('共 20 条')).toBeInTheDocument();
  expect(bodyRows()).toHaveLength(15);
  expect(within(bodyRows()[0]!).getByText('CG202620')).toBeInTheDocument();
  // 59 t × 15,800.00 = 932,200.00, computed from the record
  expect(within(bodyRows()[0]!).getByText('932,200.00')).toBeInTheDocument();
  expect(within(bodyRows()[0]!).getByText('59.0000')).toBeInTheDocument();
  expect(header(tenant.seller)).toBeDefined();
});

test('paging asks the server for the next page', async () => {
  const resource = setup();
  await screen.findByText('共 20 条');
  await userEvent.click(screen.getByTitle('2'));
  await waitFor(() => expect(bodyRows()).toHaveLength(5));
  expect(resource.state.calls.list?.at(-1)?.get('page_no')).toBe('2');
  expect(resource.state.calls.list?.at(-1)?.get('size')).toBe('15');
});

test('filters are sent and applied from page 1; reset clears them', async () => {
  const resource = setup();
  await screen.findByText('共 20 条');
  await userEvent.type(filterInput(), 'CG20261');
  await userEvent.click(button(/查\s?询/));
  expect(await screen.findByText('共 10 条')).toBeInTheDocument();
  expect(resource.state.calls.list?.at(-1)?.get('contractNo')).toBe('CG20261');
  await userEvent.click(button(/重\s?置/));
  expect(await screen.findByText('共 20 条')).toBeInTheDocument();
});

test('clicking a sortable header sorts on the server', async () => {
  const resource = setup();
  await screen.findByText('共 20 条');
  await userEvent.click(header('数量')!);
  await waitFor(() => expect(resource.state.calls.list?.at(-1)?.get('sort')).toBe('tonnage,asc'));
  await waitFor(() => expect(within(bodyRows()[0]!).getByText('CG202601')).toBeInTheDocument());
});

test('the column chooser hides and shows columns', async () => {
  setup();
  await screen.findByText('共 20 条');
  expect(header('备注')).toBeUndefined();
  await userEvent.click(button(/显示列/));
  await userEvent.click(
    await waitFor(() => document.querySelector<HTMLElement>('.ant-popover input[value="remark"]')!),
  );
  await waitFor(() => expect(header('备注')).toBeDefined());
});

test('row actions follow the permissions', async () => {
  setup(['view']);
  await screen.findByText('共 20 条');
  expect(button(/删\s?除/)).toBeUndefined();
  expect(button(/编\s?辑/)).toBeUndefined();
  expect(button(/新\s?增/)).toBeUndefined();
  expect(button(/导\s?出/)).toBeUndefined();
});

test('a row without a detail page opens in a drawer with its sections, state and actions', async () => {
  mockState.privileges.testContract = ['view', 'submit'];
  setup(['view', 'submit']);
  await screen.findByText('共 20 条');
  await userEvent.click(button(/查\s?看/, bodyRows()[0]!));
  const drawer = await screen.findByRole('dialog');
  expect(await within(drawer).findByText('基本信息')).toBeInTheDocument();
  expect(drawer).toHaveTextContent('CG202620');
  expect(button(/提\s?交/, drawer)).toBeDefined();
});

test('a scoped screen filters by its scope, hides that filter and fixes it in the create form', async () => {
  mockState.privileges.testContract = ['view', 'create'];
  const resource = mockResource(testContract, contracts);
  server.use(...resource.handlers);
  renderResource(<ResourceList decl={testContract} scope={{ partnerId: 'p1' }} />);
  await waitFor(() => expect(resource.state.calls.list?.at(-1)?.get('partnerId')).toBe('p1'));
  expect(document.querySelector('#partnerId')).toBeNull();
  await userEvent.click(button(/新\s?增/));
  const form = await screen.findByRole('form');
  expect(form.querySelector('#partnerId')?.closest('.ant-select-disabled')).not.toBeNull();
});

test('deleting asks first, then removes the row', async () => {
  const resource = setup();
  await screen.findByText('共 20 条');
  await userEvent.click(button(/删\s?除/, bodyRows()[0]));
  await userEvent.click(
    await waitFor(() => button(/确\s?定|OK/, document.querySelector<HTMLElement>('.ant-popconfirm')!)),
  );
  expect(await screen.findByText('共 19 条')).toBeInTheDocument();
  expect(resource.state.calls.delete?.[0]?.getAll('id')).toEqual(['20']);
});

test('a refused delete shows the reason, keeps the row and leaves no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const resource = setup();
    resource.state.rejectDelete = '只有草稿状态的记录可以删除';
    await screen.findByText('共 20 条');
    await userEvent.click(button(/删\s?除/, bodyRows()[0]));
    await userEvent.click(
      await waitFor(() => button(/确\s?定|OK/, document.querySelector<HTMLElement>('.ant-popconfirm')!)),
    );
    expect(await screen.findByText('只有草稿状态的记录可以删除')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    expect(screen.getByText('共 20 条')).toBeInTheDocument();
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test('a record past the states that allow changes offers neither edit nor delete', async () => {
  setup(undefined, contracts.slice(0, 4));
  await screen.findByText('共 4 条');
  const rowOf = (no: string) => bodyRows().find((row) => row.textContent?.includes(no))!;
  expect(button(/编\s?辑/, rowOf('CG202604'))).toBeDefined();
  expect(button(/删\s?除/, rowOf('CG202604'))).toBeDefined();
  expect(button(/编\s?辑/, rowOf('CG202601'))).toBeUndefined();
  expect(button(/删\s?除/, rowOf('CG202601'))).toBeUndefined();
});

test('an empty filter select reads 全部 and keeps a readable width', async () => {
  setup();
  await screen.findByText('共 20 条');
  for (const id of ['status', 'partnerId']) {
    const select = document.querySelector<HTMLElement>(`#${id}`)!.closest<HTMLElement>('.ant-select')!;
    expect(select).toHaveTextContent('全部');
    expect(select.style.width).toBe('180px');
  }
});

test('an empty result says so', async () => {
  setup();
  await screen.findByText('共 20 条');
  await userEvent.type(filterInput(), 'XX');
  await userEvent.click(button(/查\s?询/));
  expect(await screen.findByText('暂无数据')).toBeInTheDocument();
});

test('export writes every filtered row (all pages) into a real .xlsx', async () => {
  const saved: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  setup();
  await screen.findByText('共 20 条');
  await userEvent.type(filterInput(), 'CG20261');
  await userEvent.click(button(/查\s?询/));
  await screen.findByText('共 10 条');
  await userEvent.click(button(/导\s?出/));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(click).toHaveBeenCalled();

  const ExcelJS = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await saved[0]!.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    '合同编号',
    tenant.seller,
    '数量（吨）',
    '单价（元/吨）',
    '金额（元）',
    '状态',
    '签订日期',
  ]);
  expect(sheet.rowCount).toBe(11);
  const first = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(first).toEqual(['CG202619', '南方纺织', 58, 15800, 916400, '草稿', '2026-10-19']);
  click.mockRestore();
});

test('export fetches every page of a long list', async () => {
  const saved: Blob[] = [];
  const createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  };
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const many = Array.from({ length: 1001 }, (_, i) => ({
    ...contracts[0]!,
    id: String(i + 1),
    contractNo: `CG${i}`,
  }));
  const resource = setup(undefined, many);
  await screen.findByText('共 1001 条');
  await userEvent.click(button(/导\s?出/));
  await waitFor(() => expect(saved).toHaveLength(1));
  const exportCalls = resource.state.calls.list?.filter((form) => form.get('size') === '1000');
  expect(exportCalls?.map((form) => form.get('page_no'))).toEqual(['1', '2']);
  const ExcelJS = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await saved[0]!.arrayBuffer());
  expect(workbook.worksheets[0]?.rowCount).toBe(1002);
  click.mockRestore();
});

test('a yes/no filter can ask for either answer, or leave it open', async () => {
  const flagged = defineResource({
    key: 'flagged',
    area: 'pri',
    resource: 'Flagged',
    title: 'warehouse:route.MtfmBatchData',
    titleField: 'name',
    fields: {
      name: { label: 'field.name', type: 'text' },
      deliverable: { label: 'field.deliverable', type: 'boolean' },
    },
    list: { columns: ['name', 'deliverable'], filters: ['deliverable'] },
    permissions: { view: 'view' },
  });
  mockState.privileges.flagged = ['view'];
  const rows = [
    { id: '1', name: 'A', deliverable: true },
    { id: '2', name: 'B', deliverable: false },
  ];
  const resource = mockResource(flagged, rows);
  server.use(...resource.handlers);
  renderResource(<ResourceList decl={flagged} />);
  await screen.findByText('共 2 条');
  await userEvent.click(document.querySelector<HTMLElement>('#deliverable')!);
  await userEvent.click(await screen.findByTitle('否'));
  await userEvent.click(button(/查\s?询/));
  await waitFor(() => expect(resource.state.calls.list?.at(-1)?.get('deliverable')).toBe('false'));
});

test('a totals row sums the whole filter (every page), not the rows shown', async () => {
  const withTotals = { ...testContract, list: { ...testContract.list, totals: ['tonnage'] as const } };
  mockState.privileges.testContract = ['view'];
  const resource = mockResource(withTotals, contracts);
  server.use(...resource.handlers);
  renderResource(<ResourceList decl={withTotals} />);
  await screen.findByText('共 20 条');
  const totalsRow = () => document.querySelector<HTMLElement>('.resource-totals')!;
  // 40 + 41 + … + 59 t over all 20 contracts; the first page shows 15 of them.
  await waitFor(() => expect(within(totalsRow()).getByText('990.0000')).toBeInTheDocument());
  expect(within(totalsRow()).getByText('合计（全部筛选结果）')).toBeInTheDocument();
  await userEvent.type(filterInput(), 'CG20261');
  await userEvent.click(button(/查\s?询/));
  await screen.findByText('共 10 条');
  // CG202610 … CG202619: 49 + … + 58 t
  await waitFor(() => expect(within(totalsRow()).getByText('535.0000')).toBeInTheDocument());
});

test('a list without declared totals has no totals row', async () => {
  setup();
  await screen.findByText('共 20 条');
  expect(document.querySelector('.resource-totals')).toBeNull();
});

test('a read-only screen offers no create, edit or delete, whatever the rights', async () => {
  mockState.privileges.testContract = ['view', 'create', 'edit', 'delete', 'export'];
  const resource = mockResource(testContract, contracts);
  server.use(...resource.handlers);
  renderResource(<ResourceList decl={testContract} readOnly />);
  await screen.findByText('共 20 条');
  expect(button(/新\s?增/)).toBeUndefined();
  expect(button(/编\s?辑/, bodyRows()[0]!)).toBeUndefined();
  expect(button(/删\s?除/, bodyRows()[0]!)).toBeUndefined();
  expect(button(/导\s?出/)).toBeDefined();
});
