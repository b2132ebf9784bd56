import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { DESK_PATH, type DeskAnswer } from '../areas/reports/api.ts';
import { mockState, TEST_PASSWORD } from '../test/msw/fixtures.ts';
import { server, startMockServer } from '../test/msw/server.ts';
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

test('a temporary password is changed on the login page before the shell opens', async () => {
  mockState.passwordTemporary = true;
  const { user } = await renderWithApp({ path: '/login' });
  await user.type(await screen.findByLabelText('用户名'), mockState.user.loginName);
  await user.type(screen.getByLabelText('密码'), TEST_PASSWORD);
  await user.click(screen.getByRole('button', { name: '登 录' }));
  expect(await screen.findByText('请先修改临时密码')).toBeInTheDocument();
  expect(window.location.hash).toBe('#/login');
  await user.type(screen.getByLabelText('旧密码'), TEST_PASSWORD);
  await user.type(screen.getByLabelText('新密码'), 'Mine2026x');
  await user.type(screen.getByLabelText('确认密码'), 'Mine2026x');
  await user.click(screen.getByRole('button', { name: '确 定' }));
  expect(await screen.findByRole('heading', { name: `欢迎，${mockState.user.relName}` })).toBeInTheDocument();
  expect(window.location.hash).toBe('#/index');
  expect(mockState.password).toBe('Mine2026x');
});

test('a session reloaded before its temporary password is changed shows only the change', async () => {
  mockState.passwordTemporary = true;
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  expect(await screen.findByText('请先修改临时密码')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: `欢迎，${mockState.user.relName}` })).toBeNull();
  await user.type(screen.getByLabelText('旧密码'), TEST_PASSWORD);
  await user.type(screen.getByLabelText('新密码'), 'Mine2026x');
  await user.type(screen.getByLabelText('确认密码'), 'Mine2026x');
  await user.click(screen.getByRole('button', { name: '确 定' }));
  expect(await screen.findByRole('heading', { name: `欢迎，${mockState.user.relName}` })).toBeInTheDocument();
});

// What an area adds to the workbench arrives through its manifest: the reports area's desk under the home
// page's welcome, the warehouse's import template in the download centre, in the user's language.
test("the home page shows the reports area's desk and the download centre the warehouse's template", async () => {
  server.use(
    http.post(`*${DESK_PATH}`, () =>
      HttpResponse.json({
        code: 200,
        msg: '',
        data: {
          day: '2026-11-23',
          topics: [],
          sections: [{ key: 'warehouse', figures: [] }],
        } satisfies DeskAnswer,
      }),
    ),
  );
  await renderWithApp({ path: '/index', loggedIn: true, locale: 'en' });
  expect(await screen.findByTestId('desk-section-warehouse')).toBeInTheDocument();
  window.location.hash = '#/index/download';
  expect(await screen.findByText('Bale inspection file template (.xlsx)')).toBeInTheDocument();
});
