// A client's credit where a sale is decided: the figures in words and amounts, a warning when the amount
// being decided is beyond the headroom or the client is over its limit, and fresh figures once a payment
// (or a contract, a margin movement…) changes anywhere.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { PATHS, SOCKET_TYPE } from '../../shared/api/contract.ts';
import { MessageSocket } from '../../shell/messages/MessageSocket.tsx';
import { renderShellPart } from '../../shell/testing/renderShellPart.tsx';
import { mockState, TEST_USER } from '../../test/msw/fixtures.ts';
import { pushSocketFrame, socketLink } from '../../test/msw/handlers.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { CLIENT_CREDIT_PATH, type ClientCreditAnswer } from './api.ts';
import { CreditHeadroom } from './CreditHeadroom.tsx';

startMockServer();
// The sales desk views sale contracts: it reads their clients' credit.
beforeEach(() => {
  mockState.privileges.transactionContract = ['view'];
});

const answer = (headroom: string | null, shortfall = '62000.00'): ClientCreditAnswer => ({
  partnerId: '7',
  partnerName: '无锡一棉',
  creditLimit: headroom === null ? null : '2000000.00',
  receivables: '0.00',
  commitments: '350000.00',
  unpricedExposure: '654000.00',
  reservations: '48000.00',
  marginShortfall: shortfall,
  headroom,
});

it('shows the figures, and warns when the amount decided is beyond the headroom', async () => {
  server.use(
    http.post(`*${CLIENT_CREDIT_PATH}`, () =>
      HttpResponse.json({ code: 200, msg: '', data: answer('1284000.00') }),
    ),
  );
  renderShellPart(<CreditHeadroom partnerId="7" amount="1600000.00" />);
  expect(await screen.findByText('客户授信 · 无锡一棉')).toBeInTheDocument();
  expect(screen.getByText('2,000,000.00 元')).toBeInTheDocument();
  expect(screen.getByText('654,000.00 元')).toBeInTheDocument();
  // The priced tonnes not yet delivered and the goods reserved are shown with what they take (issue 21).
  expect(screen.getByText('已点价未交货')).toBeInTheDocument();
  expect(screen.getByText('350,000.00 元')).toBeInTheDocument();
  expect(screen.getByText('48,000.00 元')).toBeInTheDocument();
  expect(screen.getByText('1,284,000.00 元')).toBeInTheDocument();
  expect(screen.getByText('剩余授信不足以覆盖本笔金额')).toBeInTheDocument();
});

it('says when no limit is set, and asks for a client before one is chosen', async () => {
  server.use(
    http.post(`*${CLIENT_CREDIT_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: answer(null) })),
  );
  const { unmount } = renderShellPart(<CreditHeadroom partnerId="" />);
  expect(await screen.findByText('选择客户后显示其授信')).toBeInTheDocument();
  unmount();
  renderShellPart(<CreditHeadroom partnerId="7" />);
  expect(await screen.findByText('该客户未设授信额度，不做授信检查')).toBeInTheDocument();
});

it('refetches when a payment changes on the server', async () => {
  let calls = 0;
  let connected = false;
  server.use(
    http.post(`*${CLIENT_CREDIT_PATH}`, () => {
      calls += 1;
      return HttpResponse.json({
        code: 200,
        msg: '',
        data: calls === 1 ? answer('1284000.00') : answer('1299000.00', '47000.00'),
      });
    }),
    socketLink.addEventListener('connection', () => {
      connected = true;
    }),
  );
  renderShellPart(
    <>
      <MessageSocket userId={TEST_USER.id} />
      <CreditHeadroom partnerId="7" />
    </>,
  );
  expect(await screen.findByText('1,284,000.00 元')).toBeInTheDocument();
  await waitFor(() => expect(connected).toBe(true));
  pushSocketFrame({ messageType: SOCKET_TYPE.dataChanged, changed: ['sales/ClientPaymentApply'] });
  expect(await screen.findByText('1,299,000.00 元')).toBeInTheDocument();
  expect(screen.getByText('47,000.00 元')).toBeInTheDocument();
});

it('asks nothing and shows nothing to a user who reads no client or sale (the warehouse booking a release)', async () => {
  mockState.privileges = { outboundAppointment: ['view', 'create'] };
  let asked = 0;
  server.use(
    http.post(`*${CLIENT_CREDIT_PATH}`, () => {
      asked += 1;
      return HttpResponse.json({ code: 403, msg: '暂无权限' });
    }),
  );
  const { container } = renderShellPart(<CreditHeadroom partnerId="7" />);
  // Once the four rights are answered the screen has decided; a call it made would follow at once.
  await waitFor(() =>
    expect(mockState.calls.filter((call) => call.path === PATHS.userPrivileges)).toHaveLength(4),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(asked).toBe(0);
  expect(container.textContent).not.toContain('授信');
  expect(screen.queryByText('暂无权限')).not.toBeInTheDocument();
});
