export { installGlobalErrorLogging, type LoggingStore } from './globalErrors.ts';
export { createLogEntry, type LogEntry, type LogInput, type LogMeta, type LogType } from './logEntry.ts';
export { LOG_LIMIT, logAdded, logCleared, logSlice, selectLogEntries, writeLog } from './logSlice.ts';
