import { configureStore } from '@reduxjs/toolkit';
import { configure, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { api } from '../../../api/api.ts';
import { writeCookie } from '../../../api/credentials.ts';
import { initI18n } from '../../../app/i18n.ts';
import '../../../test/jsdomPolyfills.ts';
import { mockState } from '../../../test/msw/fixtures.ts';

// antd screens take a while to mount in jsdom, the more so on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

/** Renders a resource screen in zh-chs, logged in, with the API cache, antd's App and a router. */
export function renderResource(ui: ReactNode, initialPath = '/') {
  initI18n('zh-chs');
  writeCookie('token', mockState.token);
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return render(
    <Provider store={store}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <MemoryRouter initialEntries={[initialPath]}>{ui}</MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </Provider>,
  );
}
