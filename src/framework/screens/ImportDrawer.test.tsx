// A new import is one declaration line: a command taking a file (`file`) is offered as the import drawer,
// sends the file with the input's other values as a preview, lists the bad rows a refusal names, shows what
// the preview's declaration says it would do, and imports the same file on confirmation.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { server, startMockServer } from '../../test/msw/server.ts';
import { defineInput, defineResource } from '../resource/index.ts';
import { CommandButtons } from './CommandButtons.tsx';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const invoiceFile = defineInput({
  key: 'invoiceFile',
  title: 'field.remark',
  fields: {
    fileName: { type: 'text' },
    content: { type: 'longText', rules: [{ kind: 'required' }] },
    issuedOn: { type: 'date', label: 'field.remark' },
  },
});
const invoiceImport = defineInput({
  key: 'invoiceImport',
  title: 'field.remark',
  fields: { imported: { type: 'integer', label: 'field.lines' } },
});
const invoice = defineResource({
  key: 'invoice',
  area: 'pur',
  resource: 'Invoice',
  title: 'field.remark',
  titleField: 'no',
  fields: { no: { type: 'text' } },
  list: { columns: ['no'], filters: [] },
  permissions: { view: 'view' },
  commands: {
    importInvoices: {
      input: invoiceFile,
      preview: invoiceImport,
      permission: 'import',
      target: 'resource',
      label: 'command.import.confirm',
      file: { accept: ['.xlsx', '.csv'] },
    },
  },
});

test('a declared import previews the file, lists a refusal’s bad rows, then imports on confirmation', async () => {
  const calls: URLSearchParams[] = [];
  server.use(
    http.post('/api/pur/Invoice/importInvoices', async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      calls.push(form);
      if (calls.length === 1)
        return HttpResponse.json({
          code: 400,
          msg: '文件中有 1 行数据有误，未导入任何数据：第 3 行 金额“abc”不是金额',
          data: { problems: [{ line: 3, field: 'amount', message: '金额“abc”不是金额' }] },
        });
      return HttpResponse.json({
        code: 200,
        msg: calls.length === 3 ? '导入发票 2 张' : '',
        data: { record: null, result: { imported: 2 } },
      });
    }),
  );
  renderResource(<CommandButtons decl={invoice} permissions={['view', 'import']} />);
  await userEvent.click(await screen.findByRole('button', { name: /确认导入/ }));
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, new File(['发票号,金额\nF1,10.00'], 'invoices.csv', { type: 'text/csv' }));
  await screen.findByText('invoices.csv');
  const preview = () => screen.getByRole('button', { name: /预\s*览/ }) as HTMLButtonElement;
  const confirm = () => screen.getAllByRole('button', { name: /确认导入/ }).at(-1) as HTMLButtonElement;

  await userEvent.click(preview());
  expect(await screen.findByText('金额“abc”不是金额')).toBeInTheDocument();
  expect(calls[0]!.get('preview')).toBe('true');
  expect(calls[0]!.get('fileName')).toBe('invoices.csv');
  expect(Buffer.from(calls[0]!.get('content')!, 'base64').toString('utf8')).toBe('发票号,金额\nF1,10.00');
  expect(confirm().disabled).toBe(true);

  await userEvent.click(preview());
  expect(await screen.findByText('预览结果如下，确认后导入')).toBeInTheDocument();
  await waitFor(() => expect(confirm().disabled).toBe(false));
  await userEvent.click(confirm());
  expect(await screen.findByText('导入发票 2 张')).toBeInTheDocument();
  expect(calls[2]!.get('preview')).toBeNull();
  expect(calls[2]!.get('content')).toBe(calls[1]!.get('content'));
});
