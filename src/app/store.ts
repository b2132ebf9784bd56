import { combineSlices, configureStore, type WithSlice } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { readCookie } from '../api/credentials.ts';
import type { logSlice } from '../shell/log/logSlice.ts';
import type { messagesSlice } from '../shell/messages/messagesSlice.ts';
import { initialSessionState, sessionSlice } from '../shell/session/sessionSlice.ts';
import { readUserItem, writeStoredUser, writeUserItem } from '../shell/session/storage.ts';
import { restoreSettings, savedPart, settingsSlice } from '../shell/settings/settingsSlice.ts';
import { savedTabs, tabsSlice } from '../shell/tabs/tabsSlice.ts';

type ShellSlices = WithSlice<typeof logSlice> & WithSlice<typeof messagesSlice>;

/** The log and message slices (and what they pull in) join when the shell loads, keeping the login bundle light. */
const rootReducer = combineSlices(
  api,
  sessionSlice,
  settingsSlice,
  tabsSlice,
).withLazyLoadedSlices<ShellSlices>();
export type RootState = ReturnType<typeof rootReducer>;

/** A reload keeps the session: the stored user with their own settings (tabs come back when the shell loads). */
function restoredState(): Partial<RootState> {
  const session = initialSessionState();
  const id = session.user?.id;
  if (!id) return { session };
  return { session, settings: restoreSettings(readUserItem(id, 'settings')) };
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

/** Adds the log and message slices; resolves once their state exists. Safe to call more than once. */
export async function loadShellSlices(store: AppStore) {
  const [log, messages] = await Promise.all([
    import('../shell/log/logSlice.ts'),
    import('../shell/messages/messagesSlice.ts'),
  ]);
  rootReducer.inject(log.logSlice);
  rootReducer.inject(messages.messagesSlice);
  store.dispatch({ type: 'app/shellSlicesLoaded' });
}
export type AppDispatch = AppStore['dispatch'];

/** A session needs both the stored user and the token cookie (which lasts one day). */
export const hasSession = (state: RootState) => state.session.user !== null && Boolean(readCookie('token'));
