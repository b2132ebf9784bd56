import { screen, waitFor, within } from '@testing-library/react';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

vi.mock('./isMobile.ts', () => ({ isMobile: true }));

startMockServer();

test('on a mobile user agent the header is reduced and the side menu starts at zero width', async () => {
  await renderWithApp({ path: '/index', loggedIn: true });
  const header = await screen.findByRole('banner');
  await screen.findByRole('tablist');
  expect(within(header).queryByRole('menu', { name: '顶部菜单' })).toBeNull();
  for (const label of ['全屏', '下载', '免责声明', '大屏数据', '显示设置', '用户菜单']) {
    expect(within(header).queryByRole('button', { name: label })).toBeNull();
  }
  expect(screen.getByRole('menu', { name: '侧边菜单' }).closest('aside')).toHaveStyle({ width: '0px' });
});

test('the menu toggle shows the 200 px side menu', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.click(await screen.findByRole('button', { name: '展开菜单' }));
  expect(screen.getByRole('menu', { name: '侧边菜单' }).closest('aside')).toHaveStyle({ width: '200px' });
});

test('logout is a dialog instead of a dropdown', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.click(await screen.findByRole('button', { name: '退出登录' }));
  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('menu', { name: /用户/ })).toBeNull());
});
