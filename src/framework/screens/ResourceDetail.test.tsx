import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { tenant } from '../../shared/tenant/index.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { resourcePath } from '../resource/index.ts';
import { testContract } from '../resource/testDeclaration.ts';
import { ResourceDetail } from './ResourceDetail.tsx';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const contract = {
  id: '7',
  contractNo: 'CG202607',
  partnerId: 'p1',
  partnerIdName: '北方棉业',
  tonnage: '40.1234',
  unitPrice: '15800.00',
  status: 'draft',
  signDate: '2026-11-01',
  lines: [{ id: 'l1', batchNo: '65001251001', conditionedWeight: '40.1234', unitPrice: '15800.00' }],
};

const button = (name: RegExp, scope: ParentNode = document) =>
  [...scope.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));

function setup(permissions: string[]) {
  mockState.privileges.testContract = permissions;
  const resource = mockResource(testContract, [contract], permissions);
  resource.state.history['7'] = [
    {
      id: 'h1',
      action: 'create',
      fromState: null,
      toState: 'draft',
      userName: '李四',
      time: '2026-11-01 09:30:00',
      comment: '按框架协议起草',
    },
  ];
  server.use(...resource.handlers);
  renderResource(<ResourceDetail decl={testContract} id="7" />);
  return resource;
}

test('shows the sections, computed amount, line items and the history', async () => {
  setup(['view']);
  expect(await screen.findByText('基本信息')).toBeInTheDocument();
  expect(screen.getByText('金额信息')).toBeInTheDocument();
  expect(screen.getByText(tenant.seller)).toBeInTheDocument();
  expect(screen.getByText('北方棉业')).toBeInTheDocument();
  expect(screen.getByText('633,949.72')).toBeInTheDocument();
  expect(screen.getByText('65001251001')).toBeInTheDocument();
  expect(screen.getByText('草稿', { selector: '.ant-tag' })).toBeInTheDocument();
  expect(await screen.findByText('李四 · 2026-11-01 09:30:00')).toBeInTheDocument();
  expect(screen.getByText('意见：按框架协议起草')).toBeInTheDocument();
  // Without submit or void permission there is nothing to do.
  expect(button(/提\s?交|作\s?废/)).toBeUndefined();
});

test('a transition asks for confirmation, is sent, and shows in state and history', async () => {
  const resource = setup(['view', 'submit', 'void']);
  await screen.findByText('基本信息');
  expect(button(/作\s?废/)).toBeDefined();
  await userEvent.click(button(/提\s?交/)!);
  expect(await screen.findByText('确定提交「CG202607」吗？')).toBeInTheDocument();
  await userEvent.click(button(/提\s?交/, document.querySelector('.ant-modal-footer')!)!);
  await waitFor(() => expect(screen.getByText('待审批', { selector: '.ant-tag' })).toBeInTheDocument());
  const call = resource.state.calls.transition?.[0];
  expect([call?.getAll('id'), call?.get('action')]).toEqual([['7'], 'submit']);
  expect(await screen.findByText('张三 · 2026-11-21 10:00:00')).toBeInTheDocument();
});

test('offers only what the server accepts on this record, whatever codes the user holds', async () => {
  // The trader holds void through the purchase screens; on a sale the server refuses it, and says so.
  setup(['view', 'submit', 'void']);
  server.use(
    http.post(resourcePath(testContract, 'detail'), () =>
      HttpResponse.json({
        code: 200,
        data: { ...contract, allowed: { transitions: ['submit'], commands: [], edit: false, delete: false } },
      }),
    ),
  );
  await screen.findByText('基本信息');
  expect(button(/提\s?交/)).toBeDefined();
  expect(button(/作\s?废/)).toBeUndefined();
});

test('cancelling the confirmation changes nothing', async () => {
  const resource = setup(['view', 'submit']);
  await screen.findByText('基本信息');
  await userEvent.click(button(/提\s?交/)!);
  await screen.findByText('确定提交「CG202607」吗？');
  await userEvent.click(button(/取\s?消/, document.querySelector('.ant-modal-footer')!)!);
  await waitFor(() => expect(screen.queryByText('确定提交「CG202607」吗？')).not.toBeInTheDocument());
  expect(resource.state.calls.transition).toBeUndefined();
  expect(screen.getByText('草稿', { selector: '.ant-tag' })).toBeInTheDocument();
});

test('declared attachments are listed on the detail', async () => {
  const withFiles = { ...testContract, attachments: true };
  mockState.privileges.testContract = ['view'];
  const file = {
    id: 'f1',
    name: '质检证书.pdf',
    size: 1024,
    uploadedBy: '李四',
    uploadedAt: '2026-11-20 10:00:00',
  };
  server.use(...mockResource(withFiles, [{ ...contract, attachments: [file] }]).handlers);
  renderResource(<ResourceDetail decl={withFiles} id="7" />);
  expect(await screen.findByText('质检证书.pdf')).toBeInTheDocument();
  expect(screen.getByText('1.0 KB')).toBeInTheDocument();
});

test('offers a command in the states it applies to and sends its own input from a drawer form', async () => {
  const { http, HttpResponse } = await import('msw');
  const sent: URLSearchParams[] = [];
  setup(['view', 'edit']);
  server.use(
    http.post('/api/pur/testContract/amend', async ({ request }) => {
      sent.push(new URLSearchParams(await request.text()));
      return HttpResponse.json({
        code: 200,
        msg: '已修改合同 CG202607',
        data: { record: contract, result: null },
      });
    }),
  );
  await userEvent.click((await screen.findAllByRole('button', { name: /编\s?辑/ }))[0]!);
  const drawer = await screen.findByRole('dialog');
  await userEvent.click(button(/保\s?存|确\s?定|提\s?交/, drawer)!);
  expect(await screen.findByText(/请输入|必填/)).toBeInTheDocument();
  expect(sent).toEqual([]);
  await userEvent.type(drawer.querySelector('input')!, '数量改为 40 吨');
  await userEvent.click(button(/保\s?存|确\s?定|提\s?交/, drawer)!);
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.get('id')).toBe('7');
  expect(sent[0]!.get('reason')).toBe('数量改为 40 吨');
  expect(await screen.findByText('已修改合同 CG202607')).toBeInTheDocument();
});

test('a transition that asks for a field takes it in its dialog, required, and sends it with the action', async () => {
  const asking = {
    ...testContract,
    workflow: {
      ...testContract.workflow!,
      transitions: testContract.workflow!.transitions.map((t) =>
        t.action === 'submit' ? { ...t, fields: ['partnerId'] } : t,
      ),
    },
  } as typeof testContract;
  mockState.privileges.testContract = ['view', 'submit'];
  mockState.partners = [{ id: 'p9', name: '南方棉业', kinds: ['supplier'] }];
  const resource = mockResource(asking, [contract], ['view', 'submit']);
  server.use(...resource.handlers);
  renderResource(<ResourceDetail decl={asking} id="7" />);
  await screen.findByText('基本信息');
  await userEvent.click(button(/提\s?交/)!);
  const dialog = await screen.findByRole('dialog');
  const footer = () => dialog.querySelector('.ant-modal-footer')!;
  await userEvent.click(button(/提\s?交/, footer())!);
  expect(await within(dialog).findByText(/必填/)).toBeInTheDocument();
  expect(resource.state.calls.transition).toBeUndefined();
  await userEvent.click(dialog.querySelector<HTMLElement>('#partnerId')!);
  await userEvent.click(await screen.findByTitle('南方棉业'));
  await userEvent.click(button(/提\s?交/, footer())!);
  await waitFor(() => expect(resource.state.calls.transition).toHaveLength(1));
  const call = resource.state.calls.transition![0]!;
  expect([call.get('action'), call.get('partnerId')]).toEqual(['submit', 'p9']);
});
