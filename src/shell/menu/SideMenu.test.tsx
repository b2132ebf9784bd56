import { screen, waitFor, within } from '@testing-library/react';
import '../../test/jsdomPolyfills.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

startMockServer();

const sideMenu = () => screen.getByRole('menu', { name: '侧边菜单' });

test('opening a page by its address opens the side submenu that holds it; a submenu closed by hand stays closed', async () => {
  const { user } = await renderWithApp({ path: '/index/log', loggedIn: true });
  await waitFor(() => expect(within(sideMenu()).getByRole('menuitem', { name: '操作日志' })).toBeVisible());
  expect(within(sideMenu()).queryByRole('menuitem', { name: '新闻资讯' })).toBeNull();

  window.location.hash = '/index/news';
  await waitFor(() => expect(within(sideMenu()).getByRole('menuitem', { name: '新闻资讯' })).toBeVisible());

  await user.click(within(sideMenu()).getByText('报表中心'));
  window.location.hash = '/index/log';
  await waitFor(() =>
    expect(within(sideMenu()).getByRole('menuitem', { name: '操作日志' })).toHaveClass(
      'ant-menu-item-selected',
    ),
  );
  await waitFor(() =>
    expect(within(sideMenu()).queryByRole('menuitem', { name: '新闻资讯' })).not.toBeVisible(),
  );
});
