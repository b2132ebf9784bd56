import { act } from '@testing-library/react';
import { SOCKET_TYPE } from '../../shared/api/contract.ts';
import { HEARTBEAT_INTERVAL_MS } from '../../shared/constants.ts';
import { TEST_USER } from '../../test/msw/fixtures.ts';
import { pushSocketFrame, socketLink } from '../../test/msw/handlers.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { makeTestStore, renderShellPart } from '../testing/renderShellPart.tsx';
import { MessageSocket } from './MessageSocket.tsx';
import { socketUrl } from './messageChannel.ts';
import { selectNotices, selectPopupOpen } from './messagesSlice.ts';

startMockServer();

interface Link {
  /** Connections opened so far, by url. */
  connections: string[];
  /** Frames the client sent, as text. */
  sent: string[];
}

/** Records what reaches the server; `answerHeartbeat` false makes it stay silent. */
function watchSocket({ answerHeartbeat }: { answerHeartbeat: boolean }): Link {
  const link: Link = { connections: [], sent: [] };
  server.use(
    socketLink.addEventListener('connection', ({ client }) => {
      link.connections.push(client.url.pathname);
      client.addEventListener('message', (event) => {
        link.sent.push(String(event.data));
        // Stop the shared handler from replying when this test wants silence.
        if (!answerHeartbeat) event.stopImmediatePropagation();
      });
    }),
  );
  return link;
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('connects to /socket/websocket/{userId} on the page host, wss on https', () => {
  expect(socketUrl('7', { protocol: 'https:', host: 'bo.example.com' })).toBe(
    'wss://bo.example.com/socket/websocket/7',
  );
  expect(socketUrl('7', { protocol: 'http:', host: 'localhost:3000' })).toBe(
    'ws://localhost:3000/socket/websocket/7',
  );
});

it('sends a 9999 heartbeat every 5 s and keeps the connection while replies come', async () => {
  const link = watchSocket({ answerHeartbeat: true });
  renderShellPart(<MessageSocket userId={TEST_USER.id} />);
  await tick(0);
  expect(link.connections).toEqual([`/socket/websocket/${TEST_USER.id}`]);
  await tick(HEARTBEAT_INTERVAL_MS - 1);
  expect(link.sent).toEqual([]);
  await tick(1);
  expect(link.sent).toEqual([JSON.stringify({ messageType: SOCKET_TYPE.heartbeat })]);
  await tick(HEARTBEAT_INTERVAL_MS * 5);
  expect(link.sent).toHaveLength(6);
  expect(link.connections).toHaveLength(1);
});

it('reconnects when no 9999 reply came for over 15 s', async () => {
  const link = watchSocket({ answerHeartbeat: false });
  renderShellPart(<MessageSocket userId={TEST_USER.id} />);
  await tick(15_000);
  expect(link.connections).toHaveLength(1);
  await tick(5_000);
  expect(link.connections).toHaveLength(2);
});

it('reconnects at once when the socket closes, then waits longer while it keeps closing', async () => {
  const connections: string[] = [];
  server.use(
    socketLink.addEventListener('connection', ({ client }) => {
      connections.push(client.url.pathname);
      client.close(1012, 'restart');
    }),
  );
  renderShellPart(<MessageSocket userId={TEST_USER.id} />);
  await tick(0);
  await tick(0);
  expect(connections.length).toBeGreaterThanOrEqual(2);
  const afterFirstRetry = connections.length;
  await tick(900);
  expect(connections).toHaveLength(afterFirstRetry);
  await tick(14_000);
  // Waits of 1, 2, 4 and 8 s fit in 15 s: a few tries, not one per tick.
  expect(connections.length - afterFirstRetry).toBeGreaterThanOrEqual(3);
  expect(connections.length - afterFirstRetry).toBeLessThanOrEqual(4);
});

it('reconnects at once when the server sends 6666', async () => {
  const link = watchSocket({ answerHeartbeat: true });
  renderShellPart(<MessageSocket userId={TEST_USER.id} />);
  await tick(0);
  pushSocketFrame({ messageType: SOCKET_TYPE.reconnect });
  await tick(0);
  expect(link.connections).toHaveLength(2);
});

it('puts each 0000 notification on top of the popup pile', async () => {
  watchSocket({ answerHeartbeat: true });
  const store = makeTestStore();
  renderShellPart(<MessageSocket userId={TEST_USER.id} />, { store });
  await tick(0);
  pushSocketFrame({
    messageType: SOCKET_TYPE.notification,
    result: '**合同已审核**',
    notice: { id: 'n1', messageType: '1000004', createTime: '2026-11-21 10:00:00' },
  });
  await tick(0);
  pushSocketFrame({ messageType: SOCKET_TYPE.notification, result: 'second' });
  await tick(0);
  expect(selectPopupOpen(store.getState())).toBe(true);
  expect(selectNotices(store.getState()).map((n) => n.markdown)).toEqual(['second', '**合同已审核**']);
  expect(selectNotices(store.getState())[1]).toMatchObject({ key: 'n1', messageType: '1000004' });
});

it('closes the socket when unmounted', async () => {
  const link = watchSocket({ answerHeartbeat: true });
  const { unmount } = renderShellPart(<MessageSocket userId={TEST_USER.id} />);
  await tick(0);
  unmount();
  await tick(HEARTBEAT_INTERVAL_MS * 2);
  expect(link.sent).toEqual([]);
});
