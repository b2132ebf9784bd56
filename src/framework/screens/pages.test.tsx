import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { transactionContract } from '../../areas/contracts/index.ts';
import { warehouseReceipt } from '../../areas/receipts/resources.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { PUBLISHED_TEMPLATE_PATH, type PublishedTemplate } from '../resource/index.ts';
import { testContract } from '../resource/testDeclaration.ts';
import { NotAvailablePage } from './NotAvailablePage.tsx';
import { PrintPage, printRoutesOf } from './PrintPage.tsx';
import { ReportPage } from './ReportPage.tsx';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

interface TemplateRow {
  name: string;
  variant: string;
  content: string;
  language?: string;
}

/**
 * The published templates the server answers by print page (variant) and language (the Chinese one where
 * none is in the language asked); the variants asked, in order.
 */
function publishedTemplates(rows: TemplateRow[]) {
  const asked: string[] = [];
  const handler = http.post(`*${PUBLISHED_TEMPLATE_PATH}`, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    const variant = body.get('variant') ?? '';
    asked.push(variant);
    const ofPage = rows.filter((row) => row.variant === variant);
    const languageOf = (row: TemplateRow) => row.language ?? 'zh-chs';
    const template =
      ofPage.find((row) => languageOf(row) === body.get('language')) ??
      ofPage.find((row) => languageOf(row) === 'zh-chs');
    const data: PublishedTemplate | null = template
      ? {
          name: template.name,
          content: template.content,
          language: languageOf(template),
          languages: ofPage.map(languageOf),
          house: { creditCode: '', address: '' },
        }
      : null;
    return HttpResponse.json({ code: 200, msg: 'success', data });
  });
  return { handler, asked };
}

const contract = {
  id: '7',
  contractNo: 'CG202607',
  partnerId: 'p1',
  partnerIdName: '北方棉业',
  tonnage: '40.1234',
  unitPrice: '15800.00',
  status: 'approved',
  signDate: '2026-11-01',
  lines: [{ batchNo: '65001251001', conditionedWeight: '40.1234', unitPrice: '15800.00' }],
};

test('a print page fills the tenant variant template on an A4 page with print CSS', async () => {
  const variant = tenant.printVariants.purchase;
  const template = publishedTemplates([
    { name: 'other layout', variant: 'nothing', content: 'WRONG TEMPLATE' },
    {
      name: 'standard',
      variant,
      content:
        '{{tenant.seller}}：{{partnerId}}\n合同号 {{contractNo}}，金额 {{amount}} 元（大写：{{amountInWords}}）',
    },
  ]);
  server.use(...mockResource(testContract, [contract]).handlers, template.handler);
  renderResource(<PrintPage decl={testContract} id="7" route={{ key: variant }} />);
  const page = await screen.findByRole('article');
  expect(page).toHaveTextContent(`${tenant.seller}：北方棉业`);
  expect(page).toHaveTextContent(
    '合同号 CG202607，金额 633,949.72 元（大写：陆拾叁万叁仟玖佰肆拾玖元柒角贰分）',
  );
  expect(page).not.toHaveTextContent('WRONG TEMPLATE');
  expect(page).toHaveTextContent('65001251001');
  expect(template.asked).toEqual([variant]);
  const css = page.parentElement?.querySelector('style')?.textContent ?? '';
  expect(css).toContain('@page { size: A4');
  expect(css).toMatch(/@media print \{\s*\.print-toolbar \{ display: none; \}/);
});

test('a print from an English session prints wholly in its template’s language, English where one is chosen', async () => {
  const variant = tenant.printVariants.purchase;
  const template = publishedTemplates([
    {
      name: '标准',
      variant,
      content: '采购合同\n合同号 {{contractNo}}\n\n数量 {{tonnage}} 吨\n\n{{^lines}}批次另定{{/lines}}',
    },
    {
      name: 'standard',
      variant,
      language: 'en',
      content:
        'Purchase Contract\nNo. {{contractNo}}\n\nQuantity {{tonnage}} t, amount {{amount}} CNY ({{amountInWords}})',
    },
  ]);
  server.use(...mockResource(testContract, [contract]).handlers, template.handler);
  // The house signs: its role is the tenant's own term, in the document's language.
  const route = {
    key: variant,
    print: {
      document: 'purchase',
      templates: 'contractTemplate',
      parties: [{ role: { term: 'buyer' }, party: 'tenant' }],
    },
  } as const;
  const view = renderResource(<PrintPage decl={testContract} id="7" route={route} />);
  await act(() => i18next.changeLanguage('en'));
  const chinese = await screen.findByRole('article');
  await waitFor(() => expect(chinese).toHaveTextContent('第一条数量 40.1234 吨'));
  // Its page words, signatures and dates are Chinese too; a section on its lines is left out, as it has lines.
  expect(chinese).toHaveTextContent(`${tenant.buyer}（盖章）：${tenant.name}`);
  expect(chinese).toHaveTextContent('日期：');
  expect(chinese).not.toHaveTextContent(/Clause|Date|seal|批次另定/);
  expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  view.unmount();

  renderResource(<PrintPage decl={testContract} id="7" route={route} language="en" />);
  await act(() => i18next.changeLanguage('en'));
  const english = await screen.findByRole('article');
  await waitFor(() => expect(english).toHaveTextContent('Clause 1Quantity 40.1234 t'));
  expect(english.textContent?.split(tenant.name).join('')).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
  expect(english).toHaveTextContent(`${tenant.termsIn.en.buyer} (seal): ${tenant.name}`);
  expect(english).toHaveTextContent('amount 633,949.72 CNY (renminbi six hundred and thirty-three thousand');
  await act(() => i18next.changeLanguage('zh-chs'));
});

test('without a template the print page says so instead of printing a blank page', async () => {
  server.use(...mockResource(testContract, [contract]).handlers, publishedTemplates([]).handler);
  renderResource(<PrintPage decl={testContract} id="7" route={{ key: 'purchasePrint' }} />);
  expect(await screen.findByText('尚未设置此单据的打印模板')).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

test('a document that is not of the print page’s kind is not printed on it', async () => {
  const template = { name: 'sales', variant: 'marketPrint', content: '{{contractNo}}' };
  server.use(
    ...mockResource(testContract, [{ ...contract, side: 'purchase' }]).handlers,
    publishedTemplates([template]).handler,
  );
  const route = { key: 'marketPrint', scope: { side: 'sale' } };
  renderResource(<PrintPage decl={testContract} id="7" route={route} />);
  expect(await screen.findByText('该单据不是此打印页面所打印的单据类型')).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

test('a contract offers its own kind of print page, in the variant the tenant names', () => {
  const purchase = printRoutesOf(transactionContract, { id: '1', side: 'purchase' }).map((r) => r.key);
  const sale = printRoutesOf(transactionContract, { id: '2', side: 'sale' }).map((r) => r.key);
  expect(purchase).toEqual([tenant.printVariants.purchase, 'transactionConfirmation']);
  expect(sale).toEqual([tenant.printVariants.market, 'transactionConfirmation']);
  // A transfer confirmation exists only once the receipt has been transferred.
  expect(printRoutesOf(warehouseReceipt, { id: '3', status: 'registered' })).toEqual([]);
  const transferred = printRoutesOf(warehouseReceipt, { id: '3', status: 'transferred' });
  expect(transferred.map((r) => r.key)).toEqual(['transferConfirmation']);
});

test('a report shows exact totals per group and overall', async () => {
  mockState.privileges.testContract = ['view'];
  const rows = [
    { ...contract, id: '1', partnerId: 'p1', partnerIdName: '北方棉业', tonnage: '0.1000' },
    { ...contract, id: '2', partnerId: 'p2', partnerIdName: '南方纺织', tonnage: '1.2345' },
    { ...contract, id: '3', partnerId: 'p1', partnerIdName: '北方棉业', tonnage: '0.2000' },
  ];
  server.use(...mockResource(testContract, rows).handlers);
  renderResource(<ReportPage decl={testContract} />);
  const totals = await waitFor(() => {
    const table = document.querySelector<HTMLElement>('.ant-card .ant-table-tbody');
    expect(table?.querySelectorAll('tr.ant-table-row')).toHaveLength(3);
    return table!;
  });
  const lines = [...totals.querySelectorAll('tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
  expect(lines).toEqual([
    ['北方棉业', '2', '0.3000'],
    ['南方纺织', '1', '1.2345'],
    ['合计', '3', '1.5345'],
  ]);
});

test('a route not built yet says so and offers nothing to click', async () => {
  renderResource(<NotAvailablePage routeKey="InvoicingPurchaseReport" />);
  expect(await screen.findByText('「采购开票报表」在当前版本中尚未提供')).toBeInTheDocument();
  expect(screen.getByText(/此页面不显示任何数据/)).toBeInTheDocument();
  expect(document.querySelectorAll('button, a')).toHaveLength(0);
});

test('a report opens on its own filters and charts its groups named in words, each bar with its exact total', async () => {
  mockState.privileges.testContract = ['view'];
  mockState.dictionary.contractState = [
    { value: 'approved', label: '已审批', sort: 1 },
    { value: 'submitted', label: '已提交', sort: 2 },
  ];
  const decl = {
    ...testContract,
    report: {
      groupBy: ['status'],
      totals: ['tonnage'],
      chart: true,
      filters: { status: ['approved', 'submitted'] },
    },
  } as typeof testContract;
  const rows = [
    { ...contract, id: '1', status: 'approved', tonnage: '10.5000' },
    { ...contract, id: '2', status: 'submitted', tonnage: '2.2500' },
    { ...contract, id: '3', status: 'approved', tonnage: '1.0000' },
  ];
  const mocked = mockResource(decl, rows);
  server.use(...mocked.handlers);
  renderResource(<ReportPage decl={decl} />);
  const chart = await screen.findByRole('figure', { name: '数量（吨）对比图' });
  await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
  await waitFor(() => expect(chart.textContent).toContain('已审批'));
  expect(chart.textContent).toContain('已提交');
  expect(chart.textContent).not.toMatch(/approved|submitted/);
  expect(chart.textContent).toContain('11.5000');
  expect(chart.textContent).toContain('2.2500');
  expect(mocked.state.calls.list?.[0]?.getAll('status')).toEqual(['approved', 'submitted']);
});

test('a report lists its groups in order, coded values in their dictionary’s, and its filter shows every value it holds', async () => {
  mockState.privileges.testContract = ['view'];
  mockState.dictionary.contractState = [
    { value: 'approved', label: '已审批', sort: 1 },
    { value: 'submitted', label: '已提交', sort: 2 },
  ];
  const decl = {
    ...testContract,
    report: {
      groupBy: ['partnerId', 'status'],
      totals: ['tonnage'],
      filters: { status: ['approved', 'submitted'] },
    },
  } as typeof testContract;
  const rows = [
    {
      ...contract,
      id: '1',
      partnerId: 'p2',
      partnerIdName: '南方纺织',
      status: 'approved',
      tonnage: '1.0000',
    },
    {
      ...contract,
      id: '2',
      partnerId: 'p1',
      partnerIdName: '北方棉业',
      status: 'submitted',
      tonnage: '2.0000',
    },
    {
      ...contract,
      id: '3',
      partnerId: 'p1',
      partnerIdName: '北方棉业',
      status: 'approved',
      tonnage: '3.0000',
    },
  ];
  server.use(...mockResource(decl, rows).handlers);
  renderResource(<ReportPage decl={decl} />);
  const lines = await waitFor(() => {
    const table = document.querySelector<HTMLElement>('.ant-card .ant-table-tbody');
    const found = [...(table?.querySelectorAll('tr.ant-table-row') ?? [])].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(found).toHaveLength(4);
    return found;
  });
  expect(lines.map((line) => line.slice(0, 2))).toEqual([
    ['北方棉业', '已审批'],
    ['北方棉业', '已提交'],
    ['南方纺织', '已审批'],
    ['合计', '合计'],
  ]);
  // The state filter holds both states the report opens on, and says so.
  const filter = document.querySelector('.ant-select-multiple');
  expect(filter).toHaveTextContent('已审批');
  expect(filter).toHaveTextContent('已提交');
});
