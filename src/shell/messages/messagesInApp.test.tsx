import { screen, waitFor, within } from '@testing-library/react';
import { SOCKET_TYPE } from '../../shared/api/contract.ts';
import { TEST_USER } from '../../test/msw/fixtures.ts';
import { pushSocketFrame, socketLink } from '../../test/msw/handlers.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

startMockServer();

it('inside the shell, the socket of the logged-in user delivers a notification to the popup', async () => {
  const connections: string[] = [];
  server.use(
    socketLink.addEventListener('connection', ({ client }) => connections.push(client.url.pathname)),
  );
  await renderWithApp({ path: '/index', loggedIn: true });
  await waitFor(() => expect(connections).toEqual([`/socket/websocket/${TEST_USER.id}`]));

  pushSocketFrame({
    messageType: SOCKET_TYPE.notification,
    result: '请及时处理**付款申请**',
    notice: { id: '91', messageType: '1000005', createTime: '2026-11-21 10:00:00' },
  });

  const popup = await screen.findByRole('dialog');
  expect(within(popup).getByText('付款相关')).toBeInTheDocument();
  expect((await within(popup).findByText('付款申请')).tagName).toBe('STRONG');
  expect(within(popup).getByText('1 / 1')).toBeInTheDocument();
});
