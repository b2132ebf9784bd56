import { screen } from '@testing-library/react';
import { mockState, TEST_PASSWORD } from '../test/msw/fixtures.ts';
import { startMockServer } from '../test/msw/server.ts';
import { renderWithApp } from '../test/renderWithApp.tsx';

startMockServer();

test('root opens the login page with the tenant title and icon', async () => {
  await renderWithApp({ path: '/' });
  expect(await screen.findByRole('heading', { name: '嘉易棉业后台管理系统' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: '嘉易棉业集团' })).toHaveAttribute('src', '/static/svg/icon.svg');
  expect(window.location.hash).toBe('#/login');
});

test('logging in opens the home tab inside the shell', async () => {
  const { user } = await renderWithApp({ path: '/login' });
  await user.type(await screen.findByLabelText('用户名'), mockState.user.loginName);
  await user.type(screen.getByLabelText('密码'), TEST_PASSWORD);
  await user.click(screen.getByRole('button', { name: '登 录' }));
  expect(await screen.findByRole('heading', { name: `欢迎，${mockState.user.relName}` })).toBeInTheDocument();
  expect(window.location.hash).toBe('#/index');
});
