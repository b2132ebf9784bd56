import { lazy, type ReactNode, Suspense } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store.ts';

// antd is loaded next to the first page's chunk rather than in the first bundle (login stays light).
const AntdProviders = lazy(() => import(/* webpackChunkName: "providers" */ './AntdProviders.tsx'));

/** Redux around antd (theme, size, locale); i18next is started by initI18n before rendering. */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <Suspense fallback={null}>
        <AntdProviders>{children}</AntdProviders>
      </Suspense>
    </Provider>
  );
}
