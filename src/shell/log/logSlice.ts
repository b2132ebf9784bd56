import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readCookie } from '../../api/credentials.ts';
import type { UserInfo } from '../../shared/api/contract.ts';
import { type SessionState, selectUser } from '../session/sessionSlice.ts';
import { createLogEntry, type LogEntry, type LogInput, type LogType } from './logEntry.ts';

/** Oldest entries are dropped beyond this, so a failing loop cannot fill the memory. */
export const LOG_LIMIT = 1000;

export interface LogState {
  entries: LogEntry[];
}

const initialState: LogState = { entries: [] };

export const logSlice = createSlice({
  name: 'log',
  initialState,
  reducers: {
    logAdded(state, action: PayloadAction<LogEntry>) {
      state.entries.push(action.payload);
      if (state.entries.length > LOG_LIMIT) state.entries.splice(0, state.entries.length - LOG_LIMIT);
    },
    logCleared(state) {
      state.entries = [];
    },
  },
  selectors: {
    selectLogEntries: (state) => state.entries,
  },
});

export const { logAdded, logCleared } = logSlice.actions;
export const { selectLogEntries } = logSlice.selectors;

/** The session user; the log works in stores without a session slice too (tests, bare pages). */
function userOf(state: unknown): UserInfo | null {
  const session = (state as { session?: SessionState }).session;
  return session ? selectUser({ session }) : null;
}

interface LogThunkApi {
  dispatch: (action: PayloadAction<LogEntry>) => unknown;
  getState: () => unknown;
}

/** Writes an entry with the current user, uuid and url; usable as `dispatch(writeLog({...}))`. */
export const writeLog =
  (input: LogInput) =>
  (dispatch: LogThunkApi['dispatch'], getState: LogThunkApi['getState']): LogEntry => {
    const entry = createLogEntry(input, {
      user: userOf(getState()),
      uuid: readCookie('uuid') ?? null,
      hasToken: Boolean(readCookie('token')),
      url: window.location.href,
      now: new Date(),
    });
    dispatch(logAdded(entry));
    return entry;
  };

export type { LogEntry, LogInput, LogType };
