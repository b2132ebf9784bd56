import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createAppStore } from '../../app/store.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { useTabActions } from './useTabActions.ts';

startMockServer();

const strip = () => screen.getByRole('tablist');
const tabNames = () =>
  within(strip())
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
const tabsKey = `1.20.1-${tenant.code}-7-tabs`;

async function openShellWith(paths: string[]) {
  const rendered = await renderWithApp({ path: paths[0], loggedIn: true });
  await screen.findByRole('tablist');
  for (const path of paths.slice(1)) {
    window.location.hash = path;
    await waitFor(() =>
      expect(within(strip()).getByRole('tab', { selected: true }).id).toMatch(new RegExp(`${path}$`)),
    );
  }
  return rendered;
}

/** The context menu of a tab, as a right click opens it. */
const contextMenuOf = async (name: string) => {
  fireEvent.contextMenu(within(strip()).getByRole('tab', { name }).querySelector('span')!);
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
    expect(menu).not.toBeNull();
    return menu!;
  });
};

test('each visited page opens one tab, keyed by its full path; home comes first', async () => {
  await openShellWith(['/index', '/index/news', '/index/download', '/index/news']);
  expect(tabNames()).toEqual(['首页', '新闻资讯', '下载中心']);
});

test('closing the current tab moves to its right neighbour, else the left one', async () => {
  const { user } = await openShellWith(['/index', '/index/news', '/index/download', '/index/log']);
  window.location.hash = '/index/download';
  await waitFor(() =>
    expect(within(strip()).getByRole('tab', { name: '下载中心' })).toHaveAttribute('aria-selected', 'true'),
  );
  const closeButton = (name: string) =>
    within(strip()).getByRole('tab', { name }).parentElement!.querySelector('button')!;
  await user.click(closeButton('下载中心'));
  await waitFor(() => expect(window.location.hash).toBe('#/index/log'));
  await user.click(closeButton('日志'));
  await waitFor(() => expect(window.location.hash).toBe('#/index/news'));
  expect(tabNames()).toEqual(['首页', '新闻资讯']);
});

test('home cannot be closed and its context menu offers only refresh', async () => {
  await openShellWith(['/index', '/index/news']);
  expect(
    within(strip()).getByRole('tab', { name: '首页' }).parentElement!.querySelector('button'),
  ).toBeNull();
  const menu = await contextMenuOf('首页');
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  ).toEqual(['刷新']);
});

test('the context menu of a page closes left, right and others', async () => {
  const { user } = await openShellWith(['/index', '/index/news', '/index/download', '/index/log']);
  const menu = await contextMenuOf('下载中心');
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  ).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其它', '全部关闭']);
  await user.click(within(menu).getByRole('menuitem', { name: '关闭左侧' }));
  expect(tabNames()).toEqual(['首页', '下载中心', '日志']);
  await user.click(within(await contextMenuOf('下载中心')).getByRole('menuitem', { name: '关闭右侧' }));
  expect(tabNames()).toEqual(['首页', '下载中心']);
  await waitFor(() => expect(window.location.hash).toBe('#/index/download'));
});

test('the split button closes all tabs and goes home', async () => {
  const { user } = await openShellWith(['/index', '/index/news', '/index/download']);
  await user.click(screen.getByRole('button', { name: '全部关闭' }));
  expect(tabNames()).toEqual(['首页']);
  await waitFor(() => expect(window.location.hash).toBe('#/index'));
});

/** Runs an action the tab strip does not know, as a stale menu entry would. */
function UnknownActionProbe() {
  const { run } = useTabActions([]);
  return (
    <button type="button" onClick={() => run('closeEverything')}>
      probe
    </button>
  );
}

test('an unknown action shows 无效的操作', async () => {
  await initI18n('zh-chs');
  render(
    <Providers store={createAppStore()}>
      <MemoryRouter initialEntries={['/index']}>
        <UnknownActionProbe />
      </MemoryRouter>
    </Providers>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'probe' }));
  expect(await screen.findByText('无效的操作')).toBeInTheDocument();
});

test("a record's tab names it as written, not as its address encodes it", async () => {
  const name = '采购合同（标准）';
  await openShellWith(['/index', `/pri/contractTemplate/1/0/0/${encodeURIComponent(name)}`]);
  expect(within(strip()).getByRole('tab', { selected: true })).toHaveTextContent(`合同模板编辑 ${name}`);
});

describe('kept-alive pages', () => {
  const oldPassword = () =>
    screen.getAllByLabelText('旧密码').find((input) => input.closest('[hidden]') === null)!;

  test('keep what was typed while their tab is hidden, and forget it once the tab closes', async () => {
    const { user } = await openShellWith(['/index', '/index/passwordEdit']);
    await user.type(await screen.findByLabelText('旧密码'), 'draft');
    await user.click(within(strip()).getByRole('tab', { name: '首页' }));
    await waitFor(() => expect(window.location.hash).toBe('#/index'));
    await user.click(within(strip()).getByRole('tab', { name: '修改密码' }));
    await waitFor(() => expect(oldPassword()).toHaveValue('draft'));
    await user.click(
      within(strip()).getByRole('tab', { name: '修改密码' }).parentElement!.querySelector('button')!,
    );
    await waitFor(() => expect(window.location.hash).toBe('#/index'));
    window.location.hash = '/index/passwordEdit';
    await waitFor(() => expect(oldPassword()).toHaveValue(''));
  });

  test('refresh from the context menu starts the page over', async () => {
    const { user } = await openShellWith(['/index', '/index/passwordEdit']);
    await user.type(await screen.findByLabelText('旧密码'), 'draft');
    await user.click(within(await contextMenuOf('修改密码')).getByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(oldPassword()).toHaveValue(''));
  });

  test('a component size change clears them and reloads the page through /refresh', async () => {
    const { user } = await openShellWith(['/index', '/index/passwordEdit']);
    await user.type(await screen.findByLabelText('旧密码'), 'draft');
    await user.click(screen.getByRole('button', { name: '显示设置' }));
    const drawer = await screen.findByRole('dialog', { name: '显示设置' });
    await user.click(within(drawer).getByText('最小'));
    await waitFor(() => expect(window.location.hash).toBe('#/index/passwordEdit'));
    await waitFor(() => expect(oldPassword()).toHaveValue(''));
  });
});

describe('per-user persistence', () => {
  test('open tabs are saved under the tenant and user', async () => {
    await openShellWith(['/index', '/index/news']);
    await waitFor(() =>
      expect(
        JSON.parse(localStorage.getItem(tabsKey)!).map((tab: { fullPath: string }) => tab.fullPath),
      ).toEqual(['/index', '/index/news']),
    );
  });

  test('saved tabs come back at login, without routes no longer known, home kept', async () => {
    const saved = [
      { name: 'news', fullPath: '/index/news', params: {}, query: {} },
      { name: 'retiredReport', fullPath: '/old/report', params: {}, query: {} },
      { name: 'download', fullPath: '/index/download', params: {}, query: {} },
    ];
    const { user } = await renderWithApp({ path: '/login' });
    localStorage.setItem(tabsKey, JSON.stringify(saved));
    await user.type(await screen.findByLabelText('用户名'), 'zhangsan');
    await user.type(screen.getByLabelText('密码'), 'secret123');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    await screen.findByRole('tablist');
    expect(tabNames()).toEqual(['首页', '新闻资讯', '下载中心']);
  });
});

test("the context menu's close all leaves home, not the tab it was opened on", async () => {
  const { user } = await openShellWith(['/index', '/index/news', '/index/download']);
  await user.click(within(await contextMenuOf('新闻资讯')).getByRole('menuitem', { name: '全部关闭' }));
  await waitFor(() => expect(window.location.hash).toBe('#/index'));
  expect(tabNames()).toEqual(['首页']);
});

test('a context-menu action on another tab leaves the tab in view where it is', async () => {
  const { user } = await openShellWith(['/index', '/index/news', '/index/download', '/index/log']);
  await user.click(within(await contextMenuOf('新闻资讯')).getByRole('menuitem', { name: '刷新' }));
  expect(within(strip()).getByRole('tab', { selected: true })).toHaveTextContent('日志');
  expect(window.location.hash).toBe('#/index/log');
});
