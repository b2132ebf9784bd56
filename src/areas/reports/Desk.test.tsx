// The home page's desk: under the welcome, a card for each figure the server answers, each opening its
// screen; the figures follow the records live (a 7000 frame naming records the desk read refetches it, a
// frame about other records does not); a user with no figures sees the welcome alone.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { areaPart } from '../../app/areaPart.tsx';
import { initI18n } from '../../app/i18n.ts';
import { SOCKET_TYPE } from '../../shared/api/contract.ts';
import { MessageSocket } from '../../shell/messages/MessageSocket.tsx';
import HomePage from '../../shell/pages/HomePage.tsx';
import { renderShellPart } from '../../shell/testing/renderShellPart.tsx';
import { mockState, TEST_USER } from '../../test/msw/fixtures.ts';
import { pushSocketFrame, socketLink } from '../../test/msw/handlers.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { DESK_PATH, type DeskAnswer } from './api.ts';
import Desk from './Desk.tsx';

startMockServer();

// The app gives the home page the desk as it gives every area's part: loaded with the area.
const deskPart = areaPart(async () => Desk);

// The shell loads every area's words, the titles of the screens the desk opens among them.
beforeAll(async () => {
  await initI18n();
  await i18next.loadNamespaces('contracts');
});

const desk = (waiting: number): DeskAnswer => ({
  day: '2026-11-23',
  topics: ['pending/hedge', 'pri/TransactionContract'],
  sections: [
    {
      key: 'trading',
      figures: [
        {
          key: 'hedgeOrders',
          count: waiting,
          total: '10.0000',
          route: 'hedge',
          path: '/pending/hedge',
          items: [{ id: '1', title: 'WB-H1', detail: 'CF2701' }],
        },
      ],
    },
    {
      key: 'approvals',
      figures: [
        {
          key: 'approval',
          count: 2,
          total: null,
          route: 'SaleContractCheck',
          path: '/salesManage/SaleContractCheck',
          items: [
            { id: '4', title: 'WB-S4', detail: null },
            { id: '5', title: 'WB-S5', detail: null },
          ],
        },
      ],
    },
    { key: 'warehouse', figures: [] },
  ],
});

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

const renderHome = () =>
  renderShellPart(
    <>
      <MessageSocket userId={TEST_USER.id} />
      <Routes>
        <Route path="/index" element={<HomePage parts={[deskPart]} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/index' },
  );

it('shows each figure under the welcome, and a card opens the screen behind it', async () => {
  server.use(http.post(`*${DESK_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: desk(3) })));
  renderHome();
  expect(screen.getByRole('heading', { name: `欢迎，${TEST_USER.relName}` })).toBeInTheDocument();
  const orders = await screen.findByTestId('desk-figure-hedgeOrders');
  expect(within(orders).getByText('待成交套保指令')).toBeInTheDocument();
  expect(within(orders).getByText('3')).toBeInTheDocument();
  expect(within(orders).getByText('WB-H1')).toBeInTheDocument();
  const approvals = screen.getByTestId('desk-section-approvals');
  expect(within(approvals).getByText('销售合同审核')).toBeInTheDocument();
  expect(within(approvals).getByText('WB-S5')).toBeInTheDocument();
  expect(within(screen.getByTestId('desk-section-warehouse')).getByText('暂无到期事项')).toBeInTheDocument();
  fireEvent.click(within(approvals).getByText('打开'));
  expect(await screen.findByTestId('where')).toHaveTextContent('/salesManage/SaleContractCheck');
});

it('refetches the figures when records the desk read change on the server, not for others', async () => {
  let calls = 0;
  let connected = false;
  server.use(
    http.post(`*${DESK_PATH}`, () => {
      calls += 1;
      return HttpResponse.json({ code: 200, msg: '', data: desk(calls === 1 ? 3 : 4) });
    }),
    socketLink.addEventListener('connection', () => {
      connected = true;
    }),
  );
  renderHome();
  const orders = await screen.findByTestId('desk-figure-hedgeOrders');
  expect(within(orders).getByText('3')).toBeInTheDocument();
  await waitFor(() => expect(connected).toBe(true));
  pushSocketFrame({ messageType: SOCKET_TYPE.dataChanged, changed: ['pri/Partner'] });
  pushSocketFrame({ messageType: SOCKET_TYPE.dataChanged, changed: ['pending/hedge'] });
  await waitFor(() =>
    expect(within(screen.getByTestId('desk-figure-hedgeOrders')).getByText('4')).toBeInTheDocument(),
  );
  expect(calls).toBe(2);
});

it('shows a user whose rights reach no figure the welcome alone', async () => {
  renderHome();
  expect(screen.getByRole('heading', { name: `欢迎，${TEST_USER.relName}` })).toBeInTheDocument();
  await waitFor(() => expect(mockState.calls.some((call) => call.path === DESK_PATH)).toBe(true));
  expect(screen.queryByTestId(/^desk-section-/)).toBeNull();
  expect(screen.getByText('部门')).toBeInTheDocument();
});
