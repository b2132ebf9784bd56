import '../../test/jsdomPolyfills.ts';
import { configureStore } from '@reduxjs/toolkit';
import { configure, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { api } from '../../api/api.ts';
import { writeCookie } from '../../api/credentials.ts';
import { initI18n } from '../../app/i18n.ts';
import type { UserInfo } from '../../shared/api/contract.ts';
import { mockState, TEST_USER } from '../../test/msw/fixtures.ts';
import { logSlice } from '../log/logSlice.ts';
import { messagesSlice } from '../messages/messagesSlice.ts';
import { sessionSlice } from '../session/sessionSlice.ts';

// The first antd render of a file costs seconds on a busy machine; the default 5 s would make tests flaky.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

// Locale files load asynchronously; every test file using this helper starts with zh-chs loaded.
beforeAll(async () => {
  await initI18n('zh-chs');
});

/** A store with the parts these shell pieces use: the API cache, session, log and messages. */
export function makeTestStore(user: UserInfo | null = { ...TEST_USER }) {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      session: sessionSlice.reducer,
      log: logSlice.reducer,
      messages: messagesSlice.reducer,
    },
    preloadedState: { session: { user } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type TestStore = ReturnType<typeof makeTestStore>;

export interface RenderOptions {
  store?: TestStore;
  /** Initial router entry, e.g. '/largeDataScreen?fiscalYear=2027'. */
  route?: string;
  /** Whether the session token cookie is set (the mock server answers 401 without it). */
  loggedIn?: boolean;
}

/** Renders `ui` (in zh-chs, loaded before the tests) inside the store, antd's App and a memory router. */
export function renderShellPart(ui: ReactNode, options: RenderOptions = {}) {
  const store = options.store ?? makeTestStore();
  if (options.loggedIn !== false) writeCookie('token', mockState.token);
  const result = render(
    <Provider store={store}>
      {/* No motion: jsdom never ends CSS transitions, so closing dialogs would linger in the DOM. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </Provider>,
  );
  return { ...result, store };
}
