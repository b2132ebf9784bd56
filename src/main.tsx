import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './app/i18n.ts';
import { createAppRouter } from './app/router.tsx';
import { createAppStore, loadShellSlices } from './app/store.ts';

// The login screen's chunks start downloading next to the first bundle instead of one after another
// (first bundle → route tree → antd providers → page was four round trips on a phone); the lazy imports
// that render them later find them loaded.
const firstScreen = /^(#\/?)?$|^#\/login\b/.test(window.location.hash);
for (const chunk of [
  import(/* webpackChunkName: "providers" */ './app/AntdProviders.tsx'),
  ...(firstScreen ? [import(/* webpackChunkName: "login" */ './shell/pages/LoginPage.tsx')] : []),
])
  chunk.catch(() => undefined);

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
