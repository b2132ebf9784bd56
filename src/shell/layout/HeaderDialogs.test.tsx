import { screen, within } from '@testing-library/react';
import { mockState } from '../../test/msw/fixtures.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

startMockServer();

test('the disclaimer button opens the disclaimer with the help-service text', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.click(await screen.findByRole('button', { name: '免责声明' }));
  const dialog = await screen.findByRole('dialog', { name: mockState.article.name });
  expect(await within(dialog).findByText('请谨慎操作。')).toBeInTheDocument();
});

test('the disclaimer opens by itself when the server says it is not accepted yet', async () => {
  mockState.disclaimer = 1;
  await renderWithApp({ path: '/index', loggedIn: true });
  expect(await screen.findByRole('dialog', { name: mockState.article.name })).toBeInTheDocument();
});

test('the large-screen button opens the fiscal-year dialog', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.click(await screen.findByRole('button', { name: '大屏数据' }));
  expect(await screen.findByRole('dialog', { name: '大屏数据' })).toBeInTheDocument();
});

test('the user menu offers password edit and logout; password edit opens its page', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.hover(await screen.findByRole('button', { name: '用户菜单' }));
  await user.click(await screen.findByRole('menuitem', { name: '修改密码' }));
  expect(await screen.findByLabelText('旧密码')).toBeInTheDocument();
  expect(window.location.hash).toBe('#/index/passwordEdit');
});
