import './jsdomPolyfills.ts';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { api } from '../api/api.ts';
import { writeCookie } from '../api/credentials.ts';
import { App } from '../app/App.tsx';
import { initI18n } from '../app/i18n.ts';
import { createAppRouter } from '../app/router.tsx';
import { createAppStore } from '../app/store.ts';
import type { Locale } from '../shared/constants.ts';
import { writeStoredUser, writeUserItem } from '../shell/session/storage.ts';
import { mockState } from './msw/fixtures.ts';

// Pages are lazy chunks; the first import of one under vitest can take a few seconds.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 45_000 });

export interface RenderAppOptions {
  /** Hash path to start on, e.g. '/index'. */
  path?: string;
  /** Start with a session (the fixture user, the token cookie) as after a login. */
  loggedIn?: boolean;
  locale?: Locale;
  /** Per-user items saved before the app starts (settings, tabs). */
  saved?: { settings?: object; tabs?: object[] };
  /** userEvent options, e.g. { advanceTimers: vi.advanceTimersByTime } with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Imports the shell and the login page before the first render, so the first test of a file waits for
 * behaviour rather than for vitest to transform antd on a busy machine.
 */
const warmChunks = () =>
  Promise.all([import('../shell/layout/ShellLayout.tsx'), import('../shell/pages/LoginPage.tsx')]);

/** Forgets cookies and storage so each test starts as a fresh browser. */
export function resetBrowser() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
}

/** Renders the whole app (store, providers, hash router) as the browser would, on the given path. */
export async function renderWithApp({
  path = '/login',
  loggedIn = false,
  locale = 'zh-chs',
  saved,
  userOptions,
}: RenderAppOptions = {}) {
  resetBrowser();
  await Promise.all([initI18n(locale), warmChunks()]);
  if (loggedIn) {
    writeCookie('token', mockState.token);
    writeCookie('uuid', mockState.user.id);
    writeStoredUser(mockState.user);
    if (saved?.settings) writeUserItem(mockState.user.id, 'settings', saved.settings);
    if (saved?.tabs) writeUserItem(mockState.user.id, 'tabs', saved.tabs);
  }
  window.location.hash = path;
  const store = createAppStore();
  store.dispatch(api.util.resetApiState());
  const router = await createAppRouter(store);
  const user = userEvent.setup(userOptions);
  return { store, user, router, ...render(<App store={store} router={router} />) };
}
