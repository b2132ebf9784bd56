// The sales desk's screens as the shared pages render them: the order document queue opens a booking on
// the sales desk; a reservation's detail shows its batches and the moves the user may make.
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { registerResources } from '../../framework/resource/index.ts';
import { BusinessRoutePage } from '../../framework/screens/BusinessRoutePage.tsx';
import { mockResource } from '../../framework/screens/testing/mockResource.ts';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { businessRoute } from '../../shared/routes/catalogue.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { clientBooking, clientReservation } from './resources.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const booking = {
  id: '5',
  bookingNo: 'DH-0002',
  clientId: '3',
  clientIdName: '无锡一棉纺织集团有限公司',
  tonnage: '200',
  cropYear: '2025/26',
  gradeSpec: '2129B',
  futuresMonth: 'CF2605',
  basis: '1380.00',
  deliveryFrom: '2026-12-08',
  deliveryTo: '2027-02-06',
  status: 'submitted',
};

const reservation = {
  id: '8',
  reservationNo: 'YL-0002',
  clientId: '4',
  clientIdName: '鲁泰纺织股份有限公司',
  expiresOn: '2026-12-13',
  status: 'draft',
  lines: [{ batchNo: '65001251001', remark: '' }],
};

function renderRoute(key: string, path: string, detailKey?: string) {
  registerResources([clientBooking, clientReservation]);
  const route = businessRoute(key)!;
  const detail = detailKey ? businessRoute(detailKey) : undefined;
  renderResource(
    <Routes>
      <Route path={route.path} element={<BusinessRoutePage route={route} />} />
      {detail && <Route path={detail.path} element={<BusinessRoutePage route={detail} />} />}
    </Routes>,
    path,
  );
}

test('the order document queue lists bookings awaiting approval and opens them on the sales desk', async () => {
  mockState.privileges.clientBooking = ['view', 'approve'];
  server.use(...mockResource(clientBooking, [booking]).handlers);
  renderRoute('OrderDocCheck', '/salesManage/OrderDocCheck');
  expect(await screen.findByText('DH-0002')).toBeInTheDocument();
  const links = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href'));
  expect(links).toContain('#/sales/ClientBook/5/DH-0002');
});

test("a reservation's detail shows its batches and offers reserving it", async () => {
  mockState.privileges.clientReservation = ['view', 'edit'];
  server.use(...mockResource(clientReservation, [reservation]).handlers);
  renderRoute('ClientReservedDetail', '/sales/ClientReserved/8/YL-0002');
  expect(await screen.findByText('65001251001')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^预\s?留$/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '取消预留' })).toBeInTheDocument();
});
