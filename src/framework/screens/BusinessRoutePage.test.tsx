import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { businessRoute } from '../../shared/routes/catalogue.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { registerResources } from '../resource/index.ts';
import { testContract } from '../resource/testDeclaration.ts';
import { BusinessRoutePage } from './BusinessRoutePage.tsx';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

// A declaration registered under the key the contract template routes name (list and editor).
const declaration = { ...testContract, key: 'contractTemplate' };
const contract = { id: '7', contractNo: 'CG202607', status: 'draft', tonnage: '1.0000', unitPrice: '1.00' };
const list = businessRoute('contractTemplate')!;
const detail = businessRoute('contractTemplateEdit')!;

function renderAt(path: string) {
  registerResources([declaration]);
  mockState.privileges.contractTemplate = ['view'];
  server.use(...mockResource(declaration, [contract]).handlers);
  renderResource(
    <Routes>
      <Route path={list.path} element={<BusinessRoutePage route={list} />} />
      <Route path={detail.path} element={<BusinessRoutePage route={detail} />} />
    </Routes>,
    path,
  );
}

test('a route without a built business area shows the not-available screen', async () => {
  renderResource(<BusinessRoutePage route={businessRoute('InvoicingPurchaseReport')!} />);
  expect(await screen.findByText('「采购开票报表」在当前版本中尚未提供')).toBeInTheDocument();
});

test('a list route lists its declaration and links each row to its detail route', async () => {
  renderAt(list.path);
  expect(await screen.findByText('CG202607')).toBeInTheDocument();
  const view = [...document.querySelectorAll('a')].find((a) => /查\s?看/.test(a.textContent ?? ''));
  expect(view?.getAttribute('href')).toBe('#/pri/contractTemplate/7/0/0/CG202607');
});

test('a detail route shows the record named by its id parameter', async () => {
  renderAt('/pri/contractTemplate/7/0/0/CG202607');
  expect(await screen.findByText('基本信息')).toBeInTheDocument();
  expect(screen.getAllByText(/CG202607/).length).toBeGreaterThan(0);
});

test('a contract opens on the detail route of its own side, wherever it is listed (issue 27)', async () => {
  // The desk's approval queue (/pur/) lists sales and purchases alike.
  const queue = businessRoute('ImmediateApproval')!;
  const contracts = { ...testContract, key: 'transactionContract' };
  registerResources([contracts]);
  mockState.privileges.transactionContract = ['view', 'approve'];
  const rows = [
    {
      ...contract,
      id: '8',
      contractNo: 'XS202611-0008',
      side: 'sale',
      status: 'submitted',
      approvalLevel: 'desk',
    },
    {
      ...contract,
      id: '9',
      contractNo: 'CG202611-0009',
      side: 'purchase',
      status: 'submitted',
      approvalLevel: 'desk',
    },
  ];
  server.use(...mockResource(contracts, rows).handlers);
  renderResource(<BusinessRoutePage route={queue} />);
  expect(await screen.findByText('XS202611-0008')).toBeInTheDocument();
  const hrefs = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href'));
  expect(hrefs).toContain('#/sales/SaleContract/8/XS202611-0008');
  expect(hrefs).toContain('#/pur/Contractdetails/9/0/0/CG202611-0009');
});
