import { writeCookie } from '../../api/credentials.ts';
import type { LoginData } from '../../shared/api/contract.ts';
import { settingsRestored } from '../settings/settingsSlice.ts';
import { restoreTabs } from '../tabs/restoreTabs.ts';
import { tabsChanged } from '../tabs/tabsSlice.ts';
import { loggedIn } from './sessionSlice.ts';
import { readUserItem } from './storage.ts';

type Dispatch = (action: { type: string }) => unknown;

/** After a successful login: cookies (token, uuid), the user, then the user's own settings and tabs (spec 4.2). */
export function startSession(dispatch: Dispatch, login: LoginData) {
  writeCookie('token', login.token);
  writeCookie('uuid', login.user.id);
  dispatch(loggedIn(login.user));
  dispatch(settingsRestored(readUserItem(login.user.id, 'settings')));
  restoreUserTabs(dispatch, login.user.id);
}

/** The user's saved tabs, without routes no longer known (spec 4.1); at login and when the shell first loads. */
export function restoreUserTabs(dispatch: Dispatch, userId: string) {
  dispatch(tabsChanged(restoreTabs(readUserItem(userId, 'tabs'))));
}
