import { screen, waitFor, within } from '@testing-library/react';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

startMockServer();

/** A side-menu leaf; the menu is drawn anew when its data arrives, so it is looked up each time. */
const sideLeaf = (name: string) =>
  waitFor(() => within(screen.getByRole('menu', { name: '侧边菜单' })).getByRole('menuitem', { name }));

test('choosing the page one is on adds no history entry and raises nothing', async () => {
  const { user } = await renderWithApp({ path: '/index/download', loggedIn: true });
  const leaf = await sideLeaf('下载中心');
  const before = window.history.length;
  await user.click(leaf);
  await user.click(leaf);
  expect(window.history.length).toBe(before);
  expect(window.location.hash).toBe('#/index/download');
});

test('a progress bar runs while a page loads and is gone afterwards', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  const leaf = await sideLeaf('修改密码');
  await waitFor(() => expect(document.getElementById('nprogress')).toBeNull());
  await user.click(leaf);
  await waitFor(() => expect(document.getElementById('nprogress')).not.toBeNull());
  await screen.findByLabelText('旧密码');
  await waitFor(() => expect(document.getElementById('nprogress')).toBeNull(), { timeout: 3000 });
});
