import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { unauthorized } from '../../api/baseQuery.ts';
import type { UserInfo } from '../../shared/api/contract.ts';
import { readStoredUser } from './storage.ts';

export interface SessionState {
  user: UserInfo | null;
}

export const initialSessionState = (): SessionState => ({ user: readStoredUser<UserInfo>() });

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<UserInfo>) {
      state.user = action.payload;
    },
    /** The menu call answers the user again; keep the freshest copy. */
    userRefreshed(state, action: PayloadAction<UserInfo>) {
      if (state.user) state.user = action.payload;
    },
    setMessCount(state, action: PayloadAction<number>) {
      if (state.user) state.user.messCount = Math.max(0, action.payload);
    },
    loggedOut(state) {
      state.user = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(unauthorized, (state) => {
      state.user = null;
    });
  },
});

export const { loggedIn, userRefreshed, setMessCount, loggedOut } = sessionSlice.actions;

export const selectUser = (state: { session: SessionState }): UserInfo | null => state.session.user;
