import { act, fireEvent, screen } from '@testing-library/react';
import { TITLE_FLASH_MS } from '../../shared/constants.ts';
import { makeTestStore, renderShellPart } from '../testing/renderShellPart.tsx';
import { type Notice, noticeReceived, selectPopupOpen } from './messagesSlice.ts';
import { NotificationPopup } from './NotificationPopup.tsx';

const notice = (n: number, messageType = '1000004'): Notice => ({
  key: `n${n}`,
  messageType,
  markdown: `通知 **${n}**`,
  receivedAt: '2026-11-21 10:00:00',
});

function storeWith(...notices: Notice[]) {
  const store = makeTestStore();
  for (const item of notices) store.dispatch(noticeReceived(item));
  return store;
}

const counter = () => screen.getByLabelText('当前条数').textContent;
const button = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

beforeEach(() => {
  document.title = '首页';
});

it('shows notifications newest first with previous, next and a counter', async () => {
  renderShellPart(<NotificationPopup isMobile={false} />, {
    store: storeWith(notice(1), notice(2), notice(3)),
  });
  expect(await screen.findByText('3')).toBeInTheDocument();
  expect(counter()).toBe('1 / 3');
  expect(button('上一条')).toBeDisabled();

  fireEvent.click(button('下一条'));
  expect(screen.getByText('2')).toBeInTheDocument();
  expect(counter()).toBe('2 / 3');
  fireEvent.click(button('下一条'));
  expect(counter()).toBe('3 / 3');
  expect(button('下一条')).toBeDisabled();

  fireEvent.click(button('上一条'));
  expect(counter()).toBe('2 / 3');
  expect(screen.getByRole('dialog', { name: '合同相关' })).toBeInTheDocument();
});

it('a new notification goes on top and is shown at once', async () => {
  const store = storeWith(notice(1));
  renderShellPart(<NotificationPopup isMobile={false} />, { store });
  act(() => store.dispatch(noticeReceived(notice(2, '101'))));
  expect(counter()).toBe('1 / 2');
  expect(await screen.findByText('2')).toBeInTheDocument();
  expect(screen.getByText('交易平台消息')).toBeInTheDocument();
});

describe('title flash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('alternates a new-message prefix every 500 ms while open and restores the title on close', () => {
    const store = storeWith(notice(1));
    renderShellPart(<NotificationPopup isMobile={false} />, { store });
    expect(document.title).toBe('首页');
    act(() => vi.advanceTimersByTime(TITLE_FLASH_MS - 1));
    expect(document.title).toBe('首页');
    act(() => vi.advanceTimersByTime(1));
    expect(document.title).toBe('【新消息】首页');
    act(() => vi.advanceTimersByTime(TITLE_FLASH_MS));
    expect(document.title).toBe('首页');
    act(() => vi.advanceTimersByTime(TITLE_FLASH_MS));
    expect(document.title).toBe('【新消息】首页');

    fireEvent.click(screen.getByRole('button', { name: /close|关闭/i }));
    expect(selectPopupOpen(store.getState())).toBe(false);
    expect(document.title).toBe('首页');
    act(() => vi.advanceTimersByTime(TITLE_FLASH_MS * 4));
    expect(document.title).toBe('首页');
  });

  it('follows a title change made by navigation meanwhile', () => {
    renderShellPart(<NotificationPopup isMobile={false} />, { store: storeWith(notice(1)) });
    act(() => vi.advanceTimersByTime(TITLE_FLASH_MS));
    document.title = '日志';
    act(() => vi.advanceTimersByTime(TITLE_FLASH_MS));
    expect(document.title).toBe('【新消息】日志');
  });
});

it('shows no popup and no title flash on mobile', () => {
  vi.useFakeTimers();
  renderShellPart(<NotificationPopup isMobile />, { store: storeWith(notice(1)) });
  act(() => vi.advanceTimersByTime(TITLE_FLASH_MS * 3));
  vi.useRealTimers();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.title).toBe('首页');
});

it('takes mobile from the user agent when not told', async () => {
  const { isMobileUserAgent } = await import('./isMobile.ts');
  expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
    true,
  );
  expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36')).toBe(false);
});
