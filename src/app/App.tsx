import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './Providers.tsx';
import { createAppRouter } from './router.tsx';
import type { AppStore } from './store.ts';

/** The whole app: providers around the hash router. */
export function App({ store }: { store: AppStore }) {
  const [router] = useState(() => createAppRouter(store));
  return (
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  );
}
