import { RouterProvider } from 'react-router-dom';
import { Providers } from './Providers.tsx';
import type { AppRouter } from './router.tsx';
import type { AppStore } from './store.ts';

/** The whole app: providers around the hash router. */
export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  );
}
