// A client's credit where a sale is decided: the figures in words and amounts, a warning when the amount
// being decided is beyond the headroom or the client is over its limit, and fresh figures once a payment
// (or a contract, a margin movement…) changes anywhere.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { SOCKET_TYPE } from '../../shared/api/contract.ts';
import { MessageSocket } from '../../shell/messages/MessageSocket.tsx';
import { renderShellPart } from '../../shell/testing/renderShellPart.tsx';
import { TEST_USER } from '../../test/msw/fixtures.ts';
import { pushSocketFrame, socketLink } from '../../test/msw/handlers.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { CLIENT_CREDIT_PATH, type ClientCreditAnswer } from './api.ts';
import { CreditHeadroom } from './CreditHeadroom.tsx';

startMockServer();

const answer = (headroom: string | null, shortfall = '62000.00'): ClientCreditAnswer => ({
  partnerId: '7',
  partnerName: '无锡一棉',
  creditLimit: headroom === null ? null : '2000000.00',
  receivables: '0.00',
  unpricedExposure: '654000.00',
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
  expect(screen.getByText('1,284,000.00 元')).toBeInTheDocument();
  expect(screen.getByText('剩余授信不足以覆盖本笔金额')).toBeInTheDocument();
});

it('says when no limit is set, and asks for a client before one is chosen', async () => {
  server.use(
    http.post(`*${CLIENT_CREDIT_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: answer(null) })),
  );
  const { unmount } = renderShellPart(<CreditHeadroom partnerId="" />);
  expect(screen.getByText('选择客户后显示其授信')).toBeInTheDocument();
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
