import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SOCKET_TYPE } from '../../shared/api/contract.ts';
import { mockState, TEST_USER } from '../../test/msw/fixtures.ts';
import { pushSocketFrame } from '../../test/msw/handlers.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { selectUser } from '../session/sessionSlice.ts';
import { makeTestStore, renderShellPart } from '../testing/renderShellPart.tsx';
import { MessageBell } from './MessageBell.tsx';
import { MessageSocket } from './MessageSocket.tsx';

startMockServer();

const bell = () => screen.getByRole('button', { name: /^消息/ });
/**
 * The count the badge stands for (its title) and, past the cap, the text it shows; jsdom keeps every
 * digit of antd's rolling animation in the DOM, so the digits themselves are not readable here.
 */
function shownCount(root: ParentNode = document): string | undefined {
  const badge = root.querySelector('.ant-scroll-number');
  if (!badge) return undefined;
  return badge.querySelector('.ant-scroll-number-only')
    ? (badge.getAttribute('title') ?? '')
    : badge.textContent;
}
const badgeText = () => shownCount();

const listCalls = () => mockState.calls.filter((call) => call.path === '/api/user/message/list').length;
const detailCalls = () => mockState.calls.filter((call) => call.path === '/api/user/message/detail');

function summaries(...counts: [string, number][]) {
  mockState.summaries = counts.map(([messageType, unreadCount]) => ({
    messageType,
    unreadCount,
    updateTime: '2026-11-20 10:00:00',
  }));
}

/** Gives the scroll box a geometry jsdom lacks and scrolls it to its end. */
function scrollToEnd(box: HTMLElement) {
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 500 });
  box.scrollTop = 1500;
  fireEvent.scroll(box);
}

describe('bell badge', () => {
  it('shows the unread total of the summaries and keeps the user messCount in step', async () => {
    summaries(['1000004', 2], ['1000005', 5]);
    const { store } = renderShellPart(<MessageBell />);
    await waitFor(() => expect(badgeText()).toBe('7'));
    expect(selectUser(store.getState())?.messCount).toBe(7);
  });

  it('shows 99 as 99 and caps 100 at 99+', async () => {
    summaries(['1000004', 99]);
    const first = renderShellPart(<MessageBell />);
    await waitFor(() => expect(shownCount(first.container)).toBe('99'));
    first.unmount();
    summaries(['1000004', 60], ['1000005', 40]);
    const second = renderShellPart(<MessageBell />, { store: makeTestStore() });
    await waitFor(() => expect(shownCount(second.container)).toBe('99+'));
  });

  it('starts from the user messCount before the summaries arrive', () => {
    renderShellPart(<MessageBell />, { store: makeTestStore({ ...TEST_USER, messCount: 150 }) });
    expect(shownCount()).toBe('99+');
  });
});

describe('message centre', () => {
  it('lists the summaries by type with the type names of the specification', async () => {
    summaries(
      ['1000002', 1],
      ['1000003', 0],
      ['1000004', 0],
      ['1000005', 0],
      ['1000006', 0],
      ['1000007', 0],
      ['1000008', 0],
      ['1000009', 0],
      ['101', 3],
      ['555', 0],
    );
    renderShellPart(<MessageBell />);
    fireEvent.click(bell());
    const drawer = await screen.findByRole('dialog', { name: '消息中心' });
    const names = [
      '后台提醒',
      '业务提醒',
      '合同相关',
      '付款相关',
      '发票相关',
      '单据相关',
      '挂单相关',
      '保证金相关',
    ];
    for (const name of names) expect(await within(drawer).findByText(name)).toBeInTheDocument();
    expect(within(drawer).getAllByText('交易平台消息')).toHaveLength(2);
  });

  it('opens a type and loads its messages 10 at a time as the list scrolls to its end', async () => {
    renderShellPart(<MessageBell />);
    fireEvent.click(bell());
    fireEvent.click(await screen.findByText('合同相关'));
    expect(await screen.findByRole('dialog', { name: /合同相关/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(
      detailCalls().map((c) => [c.body.get('messageType'), c.body.get('page_no'), c.body.get('size')]),
    ).toEqual([['1000004', '1', '10']]);

    scrollToEnd(screen.getByTestId('message-scroll'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    await new Promise((resolve) => setTimeout(resolve, 20));
    scrollToEnd(screen.getByTestId('message-scroll'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
    expect(detailCalls().map((c) => c.body.get('page_no'))).toEqual(['1', '2', '3']);
  });

  it('renders message markdown without raw HTML or script', async () => {
    mockState.messages['1000004'] = [
      {
        id: 'x',
        message: '**加粗** <script>window.hacked = true</script><img src=x onerror="window.hacked=true">',
        readState: 0,
        createTime: '2026-11-21 10:00:00',
      },
    ];
    renderShellPart(<MessageBell />);
    fireEvent.click(bell());
    fireEvent.click(await screen.findByText('合同相关'));
    const article = await screen.findByRole('article');
    expect((await within(article).findByText('加粗')).tagName).toBe('STRONG');
    expect(within(article).getByText('未读')).toBeInTheDocument();
    expect(article.querySelector('script, img')).toBeNull();
  });
});

it('a 0000 notification refreshes the unread count of the bell', async () => {
  summaries(['1000004', 2]);
  renderShellPart(
    <>
      <MessageBell />
      <MessageSocket userId={TEST_USER.id} />
    </>,
  );
  await waitFor(() => expect(badgeText()).toBe('2'));
  summaries(['1000004', 3]);
  pushSocketFrame({ messageType: SOCKET_TYPE.notification, result: 'new' });
  await waitFor(() => expect(badgeText()).toBe('3'));
});

it('a 6666 order refetches the summaries, so an ended session meets its 401 and the login page', async () => {
  window.location.hash = '#/index';
  renderShellPart(
    <>
      <MessageBell />
      <MessageSocket userId={TEST_USER.id} />
    </>,
  );
  await waitFor(() => expect(listCalls()).toBe(1));
  mockState.token = 'session-ended';
  pushSocketFrame({ messageType: SOCKET_TYPE.reconnect });
  await waitFor(() => expect(listCalls()).toBe(2));
  await waitFor(() => expect(window.location.hash).toBe('#/login'));
});
