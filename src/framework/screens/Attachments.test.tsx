import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { attachmentPath } from '../resource/index.ts';
import { testContract } from '../resource/testDeclaration.ts';
import { ResourceDetail } from './ResourceDetail.tsx';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const withFiles = { ...testContract, attachments: true };
const file = {
  id: 'f1',
  name: '质检证书.pdf',
  size: 2048,
  uploadedBy: '李四',
  uploadedAt: '2026-11-20 10:00:00',
};
const contract = { id: '7', contractNo: 'CG202607', status: 'draft', attachments: [file] };

interface Sent {
  verb: string;
  form: URLSearchParams;
  authorization: string | null;
  url: string;
}

function setup(permissions: string[], files = [file]) {
  mockState.privileges.testContract = permissions;
  const sent: Sent[] = [];
  const resource = mockResource(withFiles, [{ ...contract, attachments: files }], permissions);
  const on = (verb: 'upload' | 'download' | 'delete', answer: (form: URLSearchParams) => Response) =>
    http.post(attachmentPath(withFiles, verb), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      sent.push({ verb, form, authorization: request.headers.get('authorization'), url: request.url });
      return answer(form);
    });
  server.use(
    ...resource.handlers,
    on('upload', (form) => {
      const row = resource.state.rows[0]!;
      const added = { ...file, id: 'f2', name: form.get('name')!, size: 5 };
      row.attachments = [...(row.attachments as unknown[]), added];
      return HttpResponse.json({ code: 200, msg: '上传成功', data: added });
    }),
    on(
      'download',
      () =>
        new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'content-type': 'application/pdf' },
        }),
    ),
    on('delete', () => {
      resource.state.rows[0]!.attachments = [];
      return HttpResponse.json({ code: 200, msg: '删除成功', data: null });
    }),
  );
  renderResource(<ResourceDetail decl={withFiles} id="7" />);
  return sent;
}

test('without the edit right: the files are listed and downloaded, never uploaded or deleted', async () => {
  const saved: { name: string; size: number }[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      saved.push({ name: '', size: blob.size });
      return 'blob:file';
    },
    revokeObjectURL: vi.fn(),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved[saved.length - 1]!.name = this.download;
  });
  const sent = setup(['view']);
  expect(await screen.findByText('质检证书.pdf')).toBeInTheDocument();
  expect(screen.getByText('2.0 KB')).toBeInTheDocument();
  expect(screen.getByText('李四')).toBeInTheDocument();
  expect(screen.queryByText('上传附件')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /删\s?除/ })).not.toBeInTheDocument();
  await userEvent.click(screen.getByText('质检证书.pdf'));
  await waitFor(() => expect(saved).toEqual([{ name: '质检证书.pdf', size: 4 }]));
  // The session travels as a header, as every call's does; the URL carries nothing.
  expect(sent[0]).toMatchObject({ verb: 'download', authorization: mockState.token });
  expect(new URL(sent[0]!.url).search).toBe('');
  expect([sent[0]!.form.get('id'), sent[0]!.form.get('attachmentId')]).toEqual(['7', 'f1']);
  click.mockRestore();
});

test('with the edit right: uploads a file as base64 and deletes after confirmation', async () => {
  const sent = setup(['view', 'edit'], []);
  expect(await screen.findByText('暂无附件')).toBeInTheDocument();
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, new File(['hello'], '发票.txt', { type: 'text/plain' }));
  await waitFor(() => expect(sent.map((s) => s.verb)).toEqual(['upload']));
  expect(sent[0]!.form.get('name')).toBe('发票.txt');
  expect(atob(sent[0]!.form.get('content')!)).toBe('hello');
  expect(await screen.findByText('发票.txt')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /删\s?除/ }));
  expect(await screen.findByText('确定删除附件「发票.txt」吗？')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /确\s?定|OK/ }));
  await waitFor(() => expect(sent.map((s) => s.verb)).toEqual(['upload', 'delete']));
  expect(sent[1]!.form.get('attachmentId')).toBe('f2');
  expect(await screen.findByText('暂无附件')).toBeInTheDocument();
});

test('refuses a file of another type before sending it', async () => {
  const sent = setup(['view', 'edit'], []);
  await screen.findByText('暂无附件');
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(
    document.querySelector<HTMLInputElement>('input[type=file]')!,
    new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }),
  );
  expect(await screen.findByText(/不支持该文件类型/)).toBeInTheDocument();
  expect(sent).toEqual([]);
});
