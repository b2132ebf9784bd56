import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './app/i18n.ts';
import { createAppRouter } from './app/router.tsx';
import { createAppStore, loadShellSlices } from './app/store.ts';

// The first screen's lazy chunks are preloaded by index.html (scripts/tenants/buildConfig.ts), so the
// lazy imports below find them fetched without starting requests from this first long task.
const store = createAppStore();
// Error logging arrives in its own chunk right after start, so the login bundle stays light.
void loadShellSlices(store)
  .then(() => import('./shell/log/globalErrors.ts'))
  .then(({ installGlobalErrorLogging }) => installGlobalErrorLogging(store));
// A transition lets React render the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that keeps a phone's first tap waiting.
void Promise.all([createAppRouter(store), initI18n()]).then(([router]) =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(<App store={store} router={router} />),
  ),
);
