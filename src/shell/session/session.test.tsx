import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { unauthorized } from '../../api/baseQuery.ts';
import { cookieName } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { mockState, TEST_PASSWORD, TEST_USER } from '../../test/msw/fixtures.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { loggedIn, selectUser, sessionSlice, setMessCount } from './sessionSlice.ts';

startMockServer();

test('a login stores the token, uuid cookies (version-prefixed names) and the user in browser storage', async () => {
  const { user } = await renderWithApp({ path: '/login' });
  await user.type(await screen.findByLabelText('用户名'), TEST_USER.loginName);
  await user.type(screen.getByLabelText('密码'), TEST_PASSWORD);
  await user.click(screen.getByRole('button', { name: '登 录' }));
  await waitFor(() => expect(window.location.hash).toBe('#/index'));
  expect(cookieName(tenant.code, 'token')).toBe(`1.20.1-${tenant.code}-token`);
  expect(Cookies.get(cookieName(tenant.code, 'token'))).toBe(mockState.token);
  expect(Cookies.get(cookieName(tenant.code, 'uuid'))).toBe(TEST_USER.id);
  expect(JSON.parse(localStorage.getItem(`1.20.1-${tenant.code}-user`)!)).toEqual(TEST_USER);
});

test('the session cookies last one day', async () => {
  const set = vi.spyOn(Cookies, 'set');
  const { user } = await renderWithApp({ path: '/login' });
  await user.type(await screen.findByLabelText('用户名'), TEST_USER.loginName);
  await user.type(screen.getByLabelText('密码'), TEST_PASSWORD);
  await user.click(screen.getByRole('button', { name: '登 录' }));
  await waitFor(() =>
    expect(set).toHaveBeenCalledWith(
      cookieName(tenant.code, 'token'),
      mockState.token,
      expect.objectContaining({ expires: 1 }),
    ),
  );
  set.mockRestore();
});

test('the user as the session slice keeps it', () => {
  let state = sessionSlice.reducer({ user: null }, loggedIn(TEST_USER));
  expect(selectUser({ session: state })).toEqual(TEST_USER);
  state = sessionSlice.reducer(state, setMessCount(120));
  expect(state.user?.messCount).toBe(120);
  expect(sessionSlice.reducer(state, unauthorized()).user).toBeNull();
});

test('a stored user without the token cookie has no session', async () => {
  localStorage.clear();
  await renderWithApp({ path: '/index', loggedIn: true });
  Cookies.remove(cookieName(tenant.code, 'token'));
  window.location.hash = '/index/news';
  expect(await screen.findByRole('button', { name: '登 录' })).toBeInTheDocument();
});
