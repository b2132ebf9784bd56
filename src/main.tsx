import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './app/i18n.ts';
import { createAppStore } from './app/store.ts';
import { installGlobalErrorLogging } from './shell/log/globalErrors.ts';

initI18n();
const store = createAppStore();
installGlobalErrorLogging(store);
createRoot(document.getElementById('root')!).render(<App store={store} />);
