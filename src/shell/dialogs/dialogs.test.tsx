import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { PATHS } from '../../shared/api/contract.ts';
import { cookieName } from '../../shared/constants.ts';
import { fiscalYearOptions } from '../../shared/format/index.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { selectUser } from '../session/sessionSlice.ts';
import { renderShellPart } from '../testing/renderShellPart.tsx';
import { DisclaimerDialog } from './DisclaimerDialog.tsx';
import { LargeScreenDialog } from './LargeScreenDialog.tsx';
import { useLogoutConfirm } from './useLogoutConfirm.ts';

startMockServer();

/** The options the open select shows (antd's role=option list is an accessibility shadow of values). */
const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);

const called = (path: string) => mockState.calls.filter((call) => call.path === path);

/** The dialog mounted closed, opened later (a session left open). */
function OpenedLater() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        later
      </button>
      <LargeScreenDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe('large-screen dialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens on the current fiscal year, not the next one the list starts with (issue 27)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShellPart(<LargeScreenDialog open onClose={() => undefined} />);
    const [next, current] = fiscalYearOptions();
    expect(await screen.findByText(`${current} 财年`)).toBeInTheDocument();
    expect(screen.queryByText(`${next} 财年`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '打 开' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(String(open.mock.calls[0]?.[0])).toMatch(new RegExp(`#/largeDataScreen\\?fiscalYear=${current}$`));
  });

  it('requires a fiscal year: 请选择财年', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShellPart(<LargeScreenDialog open onClose={() => undefined} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(document.querySelector('.ant-select-clear')!);
    fireEvent.click(screen.getByRole('button', { name: '打 开' }));
    expect(
      await screen.findByText('请选择财年', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('offers FY+1, FY, FY-1 and FY-2 and opens /largeDataScreen with the chosen one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onClose = vi.fn();
    renderShellPart(<LargeScreenDialog open onClose={onClose} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const years = fiscalYearOptions();
    await waitFor(() => expect(optionTexts()).toEqual(years.map((year) => `${year} 财年`)));
    fireEvent.click(screen.getAllByText(`${years[2]} 财年`).at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: '打 开' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(String(open.mock.calls[0]?.[0])).toMatch(
      new RegExp(`#/largeDataScreen\\?fiscalYear=${years[2]}$`),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the new fiscal year when a session left open crosses 1 October', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-09-30T12:00:00'));
      const before = fiscalYearOptions();
      renderShellPart(<OpenedLater />);
      vi.setSystemTime(new Date('2026-10-02T09:00:00'));
      const after = fiscalYearOptions();
      expect(after).not.toEqual(before);
      fireEvent.click(screen.getByRole('button', { name: 'later' }));
      fireEvent.mouseDown(screen.getByRole('combobox'));
      await waitFor(() => expect(optionTexts()).toEqual(after.map((year) => `${year} 财年`)));
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters the years as the user types', async () => {
    renderShellPart(<LargeScreenDialog open onClose={() => undefined} />);
    const [next] = fiscalYearOptions();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: String(next) } });
    await waitFor(() => expect(optionTexts()).toEqual([`${next} 财年`]));
  });
});

describe('disclaimer dialog', () => {
  it('opens by itself when the disclaimer call answers 1, with the help-service text', async () => {
    mockState.disclaimer = 1;
    mockState.article = { name: '使用须知', text: '## 风险提示\n\n请谨慎操作。' };
    renderShellPart(<DisclaimerDialog />);
    const dialog = await screen.findByRole('dialog', { name: '免责声明' });
    expect(await within(dialog).findByText('使用须知')).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: '风险提示' })).toBeInTheDocument();
    const [help] = called(tenant.disclaimer.serviceUrl);
    expect(help?.body.get('id')).toBe(tenant.disclaimer.id);
  });

  it('accepting calls acceptDisclaimer and closes', async () => {
    mockState.disclaimer = 1;
    renderShellPart(<DisclaimerDialog />);
    fireEvent.click(await screen.findByRole('button', { name: '我已阅读并同意' }));
    await waitFor(() => expect(called(PATHS.acceptDisclaimer)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open with the server message when accepting fails', async () => {
    mockState.disclaimer = 1;
    server.use(http.post(PATHS.acceptDisclaimer, () => HttpResponse.json({ code: 400, msg: '请稍后再试' })));
    renderShellPart(<DisclaimerDialog />);
    fireEvent.click(await screen.findByRole('button', { name: '我已阅读并同意' }));
    expect(await screen.findByText('请稍后再试')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stays closed when the call answers 0', async () => {
    mockState.disclaimer = 0;
    renderShellPart(<DisclaimerDialog />);
    await waitFor(() => expect(called(PATHS.queryDisclaimer)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores a failed call silently', async () => {
    let asked = false;
    server.use(
      http.post(PATHS.queryDisclaimer, () => {
        asked = true;
        return HttpResponse.json({ code: 500, msg: '服务器故障' }, { status: 500 });
      }),
    );
    renderShellPart(<DisclaimerDialog />);
    await waitFor(() => expect(asked).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('服务器故障')).toBeNull();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
  });

  it('can be opened from the header and closed', async () => {
    const onClose = vi.fn();
    renderShellPart(<DisclaimerDialog open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('请谨慎操作。')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '关 闭' }));
    expect(onClose).toHaveBeenCalled();
  });
});

function LogoutButton() {
  const confirmLogout = useLogoutConfirm();
  return (
    <button type="button" onClick={confirmLogout}>
      logout
    </button>
  );
}

describe('logout confirmation', () => {
  beforeEach(() => {
    window.location.hash = '#/index';
  });

  it('cancel says 取消退出操作 and keeps the session', async () => {
    const { store } = renderShellPart(<LogoutButton />);
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    fireEvent.click(await screen.findByRole('button', { name: '取 消' }));
    expect(await screen.findByText('取消退出操作')).toBeInTheDocument();
    expect(called(PATHS.logout)).toEqual([]);
    expect(selectUser(store.getState())).not.toBeNull();
    expect(window.location.hash).toBe('#/index');
  });

  it('confirm calls logout, clears the session cookie and the user, and opens the login page', async () => {
    const { store } = renderShellPart(<LogoutButton />);
    expect(Cookies.get(cookieName(tenant.code, 'token'))).toBe(mockState.token);
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定退出' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(called(PATHS.logout)).toHaveLength(1);
    expect(Cookies.get(cookieName(tenant.code, 'token'))).toBeUndefined();
    expect(selectUser(store.getState())).toBeNull();
  });
});
