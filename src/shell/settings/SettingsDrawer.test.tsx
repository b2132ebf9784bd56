import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { cookieName } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

startMockServer();

const settingsKey = `1.20.1-${tenant.code}-7-settings`;

async function openSettings(saved?: object) {
  const rendered = await renderWithApp({ path: '/index', loggedIn: true, saved: { settings: saved } });
  await rendered.user.click(await screen.findByRole('button', { name: '显示设置' }));
  return { ...rendered, drawer: await screen.findByRole('dialog', { name: '显示设置' }) };
}

test('the chosen theme and toggles are saved for the user', async () => {
  const { user, drawer } = await openSettings();
  await user.click(within(drawer).getByRole('radio', { name: /Tomorrow Night Blue/ }));
  await user.click(within(drawer).getByRole('switch', { name: '页面切换动画' }));
  await user.click(within(drawer).getByRole('switch', { name: '侧边菜单动画' }));
  await waitFor(() =>
    expect(JSON.parse(localStorage.getItem(settingsKey)!)).toMatchObject({
      theme: 'tomorrowNightBlue',
      transition: false,
      asideTransition: false,
    }),
  );
});

test('saved settings come back at login; an unknown saved theme falls back to the first', async () => {
  const { drawer } = await openSettings({ theme: 'retired', size: 'mini', asideCollapse: true });
  expect(within(drawer).getByRole('radio', { name: /d2 经典/ })).toBeChecked();
  expect(within(drawer).getByRole('switch', { name: '折叠侧边菜单' })).toBeChecked();
  expect(screen.getByRole('button', { name: '展开菜单' })).toBeInTheDocument();
});

test('a dark theme colours the header', async () => {
  await openSettings({ theme: 'tomorrowNightBlue' });
  expect(screen.getByRole('banner')).toHaveStyle({ background: '#001733' });
});

test('switching the language changes the texts, the lang cookie and <html lang>', async () => {
  const { user, drawer } = await openSettings();
  await user.click(within(drawer).getByRole('combobox', { name: '语言' }));
  await user.click(await screen.findByTitle('English'));
  expect(await screen.findByRole('button', { name: 'Display settings' })).toBeInTheDocument();
  expect(Cookies.get(cookieName(tenant.code, 'lang'))).toBe('en');
  expect(document.documentElement.lang).toBe('en');
  await waitFor(() => expect(document.title).toBe(`Home - ${tenant.title.en}`));
});
