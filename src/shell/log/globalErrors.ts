import type { PayloadAction } from '@reduxjs/toolkit';
import type { LogEntry } from './logEntry.ts';
import { writeLog } from './logSlice.ts';

/** The store surface this needs: a thunk-capable dispatch and getState. */
export interface LoggingStore {
  dispatch: (action: ReturnType<typeof writeLog> | PayloadAction<LogEntry>) => unknown;
  getState: () => unknown;
}

const describe = (reason: unknown): string => {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
};

const stackOf = (reason: unknown) => (reason instanceof Error ? reason.stack : undefined);

/**
 * Logs uncaught errors and unhandled promise rejections as danger entries (spec 8).
 * Returns a function that removes the listeners.
 */
export function installGlobalErrorLogging(store: LoggingStore): () => void {
  const onError = (event: ErrorEvent) => {
    store.dispatch(
      writeLog({
        message: event.message || describe(event.error),
        type: 'danger',
        extras: {
          kind: 'error',
          source: event.filename,
          line: event.lineno,
          column: event.colno,
          stack: stackOf(event.error),
        },
      }),
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    store.dispatch(
      writeLog({
        message: describe(event.reason),
        type: 'danger',
        extras: { kind: 'unhandledrejection', stack: stackOf(event.reason) },
      }),
    );
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
