import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { defineResource } from '../resource/index.ts';
import { testContract } from '../resource/testDeclaration.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { fieldErrorsOf } from './resourceApi.ts';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const existing = {
  id: '7',
  contractNo: 'CG202607',
  partnerId: 'p1',
  tonnage: '40.0000',
  unitPrice: '15800.00',
  signDate: '2026-11-01',
  deliveryDate: '2026-12-01',
  status: 'draft',
  lines: [{ batchNo: '65001251001', conditionedWeight: '40.0000', unitPrice: '15800.00' }],
};

const saveButton = () =>
  [...document.querySelectorAll('button')].find((b) => /保\s?存/.test(b.textContent ?? ''))!;
const input = (id: string) => document.querySelector<HTMLInputElement>(`input#${id}, textarea#${id}`)!;
const errorOf = (id: string) =>
  document
    .querySelector(`input#${id}, textarea#${id}`)
    ?.closest('.ant-form-item')
    ?.querySelector('.ant-form-item-explain')?.textContent;

function setup(record?: typeof existing) {
  mockState.partners = [{ id: 'p1', name: '北方棉业', kinds: ['supplier'] }];
  const resource = mockResource(testContract, record ? [record] : []);
  server.use(...resource.handlers);
  const onClose = vi.fn();
  renderResource(<ResourceForm decl={testContract} record={record} open onClose={onClose} />);
  return { resource, onClose };
}

test('submitting an empty form names every required field and sends nothing', async () => {
  const { resource } = setup();
  await waitFor(() => expect(input('contractNo')).toBeInTheDocument());
  await userEvent.click(saveButton());
  await waitFor(() => expect(errorOf('contractNo')).toBe('此项为必填项'));
  expect(errorOf('tonnage')).toBe('此项为必填项');
  expect(errorOf('signDate')).toBe('此项为必填项');
  expect(errorOf('remark')).toBeFalsy();
  expect(resource.state.calls.save).toBeUndefined();
});

test('the shared rules speak on blur: pattern and decimals', async () => {
  setup();
  await waitFor(() => expect(input('contractNo')).toBeInTheDocument());
  await userEvent.type(input('contractNo'), 'cg1');
  fireEvent.blur(input('contractNo'));
  await waitFor(() => expect(errorOf('contractNo')).toBe('合同号格式应为两位大写字母加六位数字'));
  await userEvent.type(input('unitPrice'), '15800.555');
  fireEvent.blur(input('unitPrice'));
  await waitFor(() => expect(errorOf('unitPrice')).toBe('请输入金额，最多两位小数'));
});

test('editing loads the record, saves it, and closes', async () => {
  const { resource, onClose } = setup(existing);
  await waitFor(() => expect(input('contractNo').value).toBe('CG202607'));
  await userEvent.clear(input('unitPrice'));
  await userEvent.type(input('unitPrice'), '16000.50');
  await userEvent.click(saveButton());
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const body = resource.state.calls.save?.[0];
  // Amounts travel as exact decimal text (InputNumber in string mode drops only trailing zeros).
  expect([body?.get('id'), body?.get('unitPrice'), body?.has('status')]).toEqual(['7', '16000.5', false]);
  expect(JSON.parse(body?.get('lines') ?? '[]')).toEqual(existing.lines);
});

test("the server's refusal is shown in the form, which stays open", async () => {
  const { resource, onClose } = setup(existing);
  resource.state.rejectSave = { contractNo: '合同编号已存在' };
  await waitFor(() => expect(input('contractNo').value).toBe('CG202607'));
  await userEvent.click(saveButton());
  await waitFor(() =>
    expect(input('contractNo').closest('.ant-form-item')?.textContent).toContain('合同编号已存在'),
  );
  expect(onClose).not.toHaveBeenCalled();
});

test('field errors of a 400 answer map to field names, line items included', () => {
  const error = {
    status: 400,
    code: 400,
    message: 'x',
    data: { fields: { contractNo: '已存在', 'lines.0.batchNo': '无此批号' } },
  };
  expect(fieldErrorsOf(error)).toEqual({ contractNo: '已存在', 'lines.0.batchNo': '无此批号' });
  expect(fieldErrorsOf({ status: 400, code: 400, message: 'x' })).toEqual({});
});

test('a temporary password in the save answer is shown once, to be handed over', async () => {
  const { onClose } = setup(existing);
  server.use(
    http.post('*/save', () =>
      HttpResponse.json({ code: 200, data: { ...existing, temporaryPassword: 'Tmp8k2Qa9x' } }),
    ),
  );
  await waitFor(() => expect(input('contractNo').value).toBe('CG202607'));
  await userEvent.click(saveButton());
  const password = await screen.findByText('Tmp8k2Qa9x');
  expect(password.closest('.ant-modal-confirm')?.textContent).toContain('临时密码');
  expect(onClose).toHaveBeenCalled();
});

test('a long form lays out in two columns (a long text keeps the whole width); a short one in one', async () => {
  const certificate = defineResource({
    key: 'longForm',
    area: 'pri',
    resource: 'LongForm',
    title: 'warehouse:route.MtfmBatchData',
    titleField: 'a',
    fields: Object.fromEntries(
      [...'abcdefgh'].map((key) => [key, { label: 'field.name', type: 'text' }] as const),
    ) as Record<string, { label: 'field.name'; type: 'text' }>,
    list: { columns: [], filters: [] },
    form: { fields: [...'abcdefgh'] },
    permissions: {},
  });
  const withNote = {
    ...certificate,
    fields: { ...certificate.fields, note: { label: 'field.remark', type: 'longText' } },
    form: { fields: [...'abcdefgh', 'note'] },
  } as const;
  const { unmount } = renderResource(<ResourceForm decl={certificate} open onClose={() => undefined} />);
  await screen.findByRole('form');
  expect(document.querySelectorAll('.ant-form .ant-col-24')).toHaveLength(8);
  unmount();
  renderResource(<ResourceForm decl={withNote} open onClose={() => undefined} />);
  await screen.findByRole('form');
  expect(document.querySelectorAll('.ant-form .ant-col-12')).toHaveLength(8);
  expect(document.querySelector('textarea#note')?.closest('.ant-col-24')).not.toBeNull();
});

test('a line item select is wide enough for its options (a role line: module and its rights)', async () => {
  const { role, moduleResource } = await import('../../areas/access/resources.ts');
  const modules = mockResource(moduleResource, [{ id: 'm1', title: '工作台' }]);
  const roles = mockResource(role, [
    { id: 'r1', name: '仓储专员', code: 'warehouse', permissions: [{ moduleId: 'm1', codes: ['view'] }] },
  ]);
  server.use(...modules.handlers, ...roles.handlers);
  renderResource(
    <ResourceForm decl={role} record={{ id: 'r1', name: '仓储专员' }} open onClose={() => undefined} />,
  );
  await waitFor(() => expect(document.querySelectorAll('.ant-space-item .ant-form-item')).toHaveLength(2));
  const lineItems = [...document.querySelectorAll<HTMLElement>('.ant-space-item .ant-form-item')];
  // module, rights
  expect(lineItems.map((item) => item.style.width)).toEqual(['240px', '360px']);
});

test('picking a batch fills its warehouse and weight (an outbound appointment)', async () => {
  const { outboundAppointment } = await import('../../areas/warehouse/services.ts');
  const { batch } = await import('../../areas/warehouse/batches.ts');
  const { warehouse } = await import('../../areas/warehouse/index.ts');
  const { registerResources } = await import('../resource/index.ts');
  registerResources([batch, warehouse]);
  const batches = mockResource(batch, [
    {
      id: 'b1',
      batchNo: '65001251001',
      warehouseId: 'w1',
      warehouseIdName: '新疆一库',
      conditionedWeight: '40.1234',
    },
  ]);
  const warehouses = mockResource(warehouse, [{ id: 'w1', name: '新疆一库', code: 'XJ1' }]);
  const appointments = mockResource(outboundAppointment, []);
  server.use(...batches.handlers, ...warehouses.handlers, ...appointments.handlers);
  renderResource(<ResourceForm decl={outboundAppointment} open onClose={() => undefined} />);
  const batchInput = await waitFor(() => {
    const found = input('batchNo');
    expect(found).not.toBeNull();
    return found;
  });
  fireEvent.mouseDown(batchInput);
  await userEvent.click(await screen.findByText('65001251001 · 新疆一库'));
  await waitFor(() => expect(input('conditionedWeight').value).toBe('40.1234'));
  const warehouseItem = input('warehouseId').closest('.ant-select')!;
  expect(warehouseItem).toHaveTextContent('新疆一库');
});

test('a new record takes a field’s default from the setting in force; an edited one keeps its own value', async () => {
  const taxed = defineResource({
    key: 'taxedForm',
    area: 'pri',
    resource: 'TaxedForm',
    title: 'warehouse:route.MtfmBatchData',
    titleField: 'name',
    fields: {
      name: { label: 'field.name', type: 'text' },
      taxRate: { label: 'field.name', type: 'percent', defaultSetting: 'vatLintPercent' },
    },
    list: { columns: [], filters: [] },
    form: { fields: ['name', 'taxRate'] },
    permissions: {},
  });
  server.use(...mockResource(taxed, [{ id: '3', name: 'x', taxRate: '13' }]).handlers);
  const { unmount } = renderResource(<ResourceForm decl={taxed} open onClose={() => undefined} />);
  await waitFor(() => expect(input('taxRate').value).toBe('9'));
  unmount();
  renderResource(
    <ResourceForm
      decl={taxed}
      record={{ id: '3', name: 'x', taxRate: '13' }}
      open
      onClose={() => undefined}
    />,
  );
  await waitFor(() => expect(input('taxRate').value).toBe('13'));
});

test("a reference to a declaration not loaded yet loads it, then offers that resource's records", async () => {
  const { registerResources, setResourceLoader } = await import('../resource/index.ts');
  const counterparty = defineResource({
    key: 'lazyCounterparty',
    area: 'pri',
    resource: 'LazyCounterparty',
    title: 'warehouse:route.MtfmBatchData',
    titleField: 'name',
    fields: { name: { label: 'field.name', type: 'text' } },
    list: { columns: ['name'], filters: [] },
    permissions: {},
  });
  const order = defineResource({
    key: 'lazyOrder',
    area: 'pri',
    resource: 'LazyOrder',
    title: 'warehouse:route.MtfmBatchData',
    titleField: 'counterpartyId',
    fields: { counterpartyId: { label: 'field.name', type: 'reference', resource: 'lazyCounterparty' } },
    list: { columns: [], filters: [] },
    form: { fields: ['counterpartyId'] },
    permissions: {},
  });
  const loads: string[] = [];
  setResourceLoader({
    declares: (key) => key === 'lazyCounterparty',
    load: async (key) => {
      loads.push(key);
      registerResources([counterparty]);
    },
  });
  server.use(...mockResource(counterparty, [{ id: 'c1', name: '中信期货有限公司' }]).handlers);
  renderResource(<ResourceForm decl={order} open onClose={() => undefined} />);
  const select = await waitFor(() => {
    const found = input('counterpartyId');
    expect(found).not.toBeNull();
    return found;
  });
  fireEvent.mouseDown(select);
  expect(await screen.findByText('中信期货有限公司')).toBeInTheDocument();
  expect(loads).toEqual(['lazyCounterparty']);
  setResourceLoader(undefined);
});
