import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { readCookie } from '../api/credentials.ts';
import { logSlice } from '../shell/log/logSlice.ts';
import { messagesSlice } from '../shell/messages/messagesSlice.ts';
import { initialSessionState, sessionSlice } from '../shell/session/sessionSlice.ts';
import { readUserItem, writeStoredUser, writeUserItem } from '../shell/session/storage.ts';
import { restoreSettings, savedPart, settingsSlice } from '../shell/settings/settingsSlice.ts';
import { restoreTabs } from '../shell/tabs/tabRules.ts';
import { savedTabs, tabsSlice } from '../shell/tabs/tabsSlice.ts';

const rootReducer = combineSlices(api, sessionSlice, settingsSlice, tabsSlice, messagesSlice, logSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** A reload keeps the session: the stored user with their own settings and tabs. */
function restoredState(): Partial<RootState> {
  const session = initialSessionState();
  const id = session.user?.id;
  if (!id) return { session };
  return {
    session,
    settings: restoreSettings(readUserItem(id, 'settings')),
    tabs: { opened: restoreTabs(readUserItem(id, 'tabs')) },
  };
}

/** Writes the user to storage, and the user's settings and tabs under their id, whenever they change. */
function persistChanges(store: { getState: () => RootState; subscribe: (listener: () => void) => unknown }) {
  let last = store.getState();
  store.subscribe(() => {
    const next = store.getState();
    if (next.session.user !== last.session.user) writeStoredUser(next.session.user);
    const id = next.session.user?.id;
    if (id && next.settings !== last.settings) writeUserItem(id, 'settings', savedPart(next.settings));
    if (id && next.tabs.opened !== last.tabs.opened) writeUserItem(id, 'tabs', savedTabs(next.tabs.opened));
    last = next;
  });
}

export function createAppStore() {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: restoredState(),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  persistChanges(store);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/** A session needs both the stored user and the token cookie (which lasts one day). */
export const hasSession = (state: RootState) => state.session.user !== null && Boolean(readCookie('token'));
