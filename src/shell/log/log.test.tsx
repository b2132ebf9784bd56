import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { writeCookie } from '../../api/credentials.ts';
import { cookieName } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { TEST_USER } from '../../test/msw/fixtures.ts';
import { makeTestStore, renderShellPart } from '../testing/renderShellPart.tsx';
import { installGlobalErrorLogging } from './globalErrors.ts';
import LogPage from './LogPage.tsx';
import { createLogEntry } from './logEntry.ts';
import { LOG_LIMIT, logAdded, selectLogEntries, writeLog } from './logSlice.ts';

afterEach(() => {
  Cookies.remove(cookieName(tenant.code, 'token'));
  Cookies.remove(cookieName(tenant.code, 'uuid'));
});

const entriesOf = (store: ReturnType<typeof makeTestStore>) => selectLogEntries(store.getState());

describe('log entries', () => {
  it('default to info, carry the time, user, uuid, url and extras, and never the token', () => {
    writeCookie('token', 'secret-token-value');
    writeCookie('uuid', 'uuid-7');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 9, 5, 3));
    const store = makeTestStore();
    store.dispatch(writeLog({ message: 'opened contract', extras: { contractId: 'C1' } }));
    vi.useRealTimers();

    const [entry] = entriesOf(store);
    expect(entry).toMatchObject({
      message: 'opened contract',
      type: 'info',
      time: '2026-11-21 09:05:03',
      meta: {
        user: { id: TEST_USER.id, loginName: TEST_USER.loginName, relName: TEST_USER.relName },
        uuid: 'uuid-7',
        token: 'present',
        url: window.location.href,
        extras: { contractId: 'C1' },
      },
    });
    expect(JSON.stringify(entry)).not.toContain('secret-token-value');
  });

  it('are written without a user when nobody is logged in', () => {
    const entry = createLogEntry(
      { message: 'x', type: 'danger' },
      { user: null, uuid: null, hasToken: false, url: '/', now: new Date(2026, 0, 2, 3, 4, 5) },
    );
    expect(entry).toMatchObject({
      type: 'danger',
      time: '2026-01-02 03:04:05',
      meta: { user: null, token: 'absent' },
    });
  });

  it('keep only the newest entries beyond the limit', () => {
    const store = makeTestStore();
    for (let i = 0; i < LOG_LIMIT + 5; i++) store.dispatch(writeLog({ message: `m${i}` }));
    expect(entriesOf(store)).toHaveLength(LOG_LIMIT);
    expect(entriesOf(store)[0]?.message).toBe('m5');
  });
});

describe('global error logging', () => {
  it('logs uncaught errors and unhandled rejections as danger entries until removed', () => {
    const store = makeTestStore();
    const uninstall = installGlobalErrorLogging(store);
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', error: new Error('boom'), filename: 'a.js' }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('lost promise') });
    window.dispatchEvent(rejection);
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after' }));

    expect(entriesOf(store).map((e) => [e.type, e.message])).toEqual([
      ['danger', 'boom'],
      ['danger', 'lost promise'],
    ]);
    expect(entriesOf(store)[0]?.meta.extras).toMatchObject({ kind: 'error', source: 'a.js' });
  });
});

describe('LogPage', () => {
  function seed(store: ReturnType<typeof makeTestStore>) {
    const context = {
      user: TEST_USER,
      uuid: 'u',
      hasToken: true,
      url: '/#/index',
      now: new Date(2026, 0, 1),
    };
    store.dispatch(logAdded(createLogEntry({ message: 'first info' }, context)));
    store.dispatch(logAdded(createLogEntry({ message: 'broken thing', type: 'danger' }, context)));
    store.dispatch(logAdded(createLogEntry({ message: 'last info' }, context)));
  }

  const rowTexts = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent ?? '');

  it('lists entries newest first and filters by type', async () => {
    const store = makeTestStore();
    seed(store);
    renderShellPart(<LogPage />, { store });
    expect(rowTexts()[0]).toContain('last info');
    expect(rowTexts()[2]).toContain('first info');
    expect(rowTexts()[1]).toContain('错误');

    fireEvent.click(screen.getByText('错误', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(rowTexts()[0]).toContain('broken thing');
  });

  it('clears every entry after confirmation', async () => {
    const store = makeTestStore();
    seed(store);
    renderShellPart(<LogPage />, { store });
    fireEvent.click(screen.getByRole('button', { name: /清空/ }));
    const confirm = await screen.findByRole('tooltip');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: /OK|确\s*定/ })));
    await waitFor(() => expect(entriesOf(store)).toEqual([]));
    expect(screen.getByText('暂无日志')).toBeInTheDocument();
  });

  it('exports the shown entries as a JSON file', async () => {
    const store = makeTestStore();
    seed(store);
    const files: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:log';
    };
    URL.revokeObjectURL = () => undefined;
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderShellPart(<LogPage />, { store });
    fireEvent.click(screen.getByText('错误', { selector: '.ant-segmented-item-label' }));
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    expect(download).toHaveBeenCalledTimes(1);
    const exported = JSON.parse(await files[0]!.text()) as { message: string; meta: object }[];
    expect(exported.map((entry) => entry.message)).toEqual(['broken thing']);
    expect(exported[0]?.meta).toMatchObject({ uuid: 'u', token: 'present' });
    download.mockRestore();
  });
});
