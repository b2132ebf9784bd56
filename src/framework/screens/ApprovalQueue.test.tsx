import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { testContract } from '../resource/testDeclaration.ts';
import { ApprovalQueue } from './ApprovalQueue.tsx';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const contract = (id: number, status: string) => ({
  id: String(id),
  contractNo: `CG20260${id}`,
  partnerId: 'p1',
  partnerIdName: '北方棉业',
  tonnage: '40.0000',
  unitPrice: '15800.00',
  status,
  signDate: `2026-11-0${id}`,
});

const rows = () => [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
const button = (name: RegExp, scope: ParentNode = document) =>
  [...scope.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
const dialog = () => document.querySelector<HTMLElement>('.ant-modal')!;

function setup(permissions = ['view', 'approve']) {
  mockState.privileges.testContract = permissions;
  const resource = mockResource(
    testContract,
    [contract(1, 'submitted'), contract(2, 'submitted'), contract(3, 'draft'), contract(4, 'submitted')],
    permissions,
  );
  server.use(...resource.handlers);
  renderResource(<ApprovalQueue decl={testContract} />);
  return resource;
}

test('lists only the documents awaiting approval', async () => {
  const resource = setup();
  expect(await screen.findByText('共 3 条')).toBeInTheDocument();
  expect(screen.queryByText('CG202603')).not.toBeInTheDocument();
  expect(resource.state.calls.list?.[0]?.getAll('status')).toEqual(['submitted']);
});

test('approving one document takes an optional comment and removes it from the queue', async () => {
  const resource = setup();
  await screen.findByText('共 3 条');
  const row = rows().find((r) => r.textContent?.includes('CG202601'))!;
  await userEvent.click(button(/审批通过/, row)!);
  await waitFor(() => expect(dialog()).toBeTruthy());
  await userEvent.type(dialog().querySelector('textarea')!, '同意');
  await userEvent.click(button(/审批通过/, dialog())!);
  expect(await screen.findByText('共 2 条')).toBeInTheDocument();
  const call = resource.state.calls.transition?.[0];
  expect([call?.getAll('id'), call?.get('action'), call?.get('comment')]).toEqual([['1'], 'approve', '同意']);
  expect(resource.state.history['1']?.[0]).toMatchObject({ toState: 'approved', comment: '同意' });
});

test('rejecting requires a comment', async () => {
  const resource = setup();
  await screen.findByText('共 3 条');
  const row = rows().find((r) => r.textContent?.includes('CG202602'))!;
  await userEvent.click(button(/驳\s?回/, row)!);
  await waitFor(() => expect(dialog()).toBeTruthy());
  await userEvent.click(button(/驳\s?回/, dialog())!);
  expect(await screen.findByText('请填写意见')).toBeInTheDocument();
  expect(resource.state.calls.transition).toBeUndefined();
  await userEvent.type(dialog().querySelector('textarea')!, '价格与市场不符');
  await userEvent.click(button(/驳\s?回/, dialog())!);
  expect(await screen.findByText('共 2 条')).toBeInTheDocument();
  expect(resource.state.rows.find((r) => r.id === '2')?.status).toBe('rejected');
});

test('bulk approval sends the selected documents in one command', async () => {
  const resource = setup();
  await screen.findByText('共 3 条');
  expect(button(/批量审批通过/)).toBeDisabled();
  for (const no of ['CG202601', 'CG202604']) {
    const row = rows().find((r) => r.textContent?.includes(no))!;
    await userEvent.click(row.querySelector('input[type="checkbox"]')!);
  }
  await userEvent.click(button(/批量审批通过/)!);
  await waitFor(() => expect(dialog().textContent).toContain('2 份单据'));
  await userEvent.click(button(/审批通过/, dialog().querySelector('.ant-modal-footer')!)!);
  expect(await screen.findByText('共 1 条')).toBeInTheDocument();
  expect(resource.state.calls.transition?.map((c) => c.getAll('id'))).toEqual([['1', '4']]);
});

test('without the approval permission there is nothing to approve with', async () => {
  setup(['view']);
  await screen.findByText('共 3 条');
  expect(button(/审批通过|驳\s?回/)).toBeUndefined();
});

test('offers no decision on a document the user submitted, alone or in a batch (four eyes)', async () => {
  const resource = setup();
  resource.state.submittedByUser = ['2'];
  await screen.findByText('共 3 条');
  const own = rows().find((r) => r.textContent?.includes('CG202602'))!;
  expect(button(/审批通过|驳\s?回/, own)).toBeUndefined();
  const other = rows().find((r) => r.textContent?.includes('CG202601'))!;
  expect(button(/审批通过/, other)).toBeDefined();
  for (const row of [own, other]) await userEvent.click(row.querySelector('input[type="checkbox"]')!);
  expect(button(/批量审批通过/)).toBeDisabled();
});
