import dayjs from 'dayjs';
import type { UserInfo } from '../../shared/api/contract.ts';

export type LogType = 'info' | 'danger';

/** The user as a log records it: who, never the session token. */
export type LogUser = Pick<UserInfo, 'id' | 'loginName' | 'relName' | 'departName'>;

export interface LogMeta {
  user: LogUser | null;
  uuid: string | null;
  /** Whether a session token existed; the token itself is never written into a log. */
  token: 'present' | 'absent';
  url: string;
  extras: Record<string, unknown>;
}

export interface LogEntry {
  id: string;
  message: string;
  type: LogType;
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
  meta: LogMeta;
}

export interface LogInput {
  message: string;
  type?: LogType;
  extras?: Record<string, unknown>;
}

/** What the running app knows when an entry is written. */
export interface LogContext {
  user: UserInfo | null | undefined;
  uuid: string | null | undefined;
  hasToken: boolean;
  url: string;
  now: Date;
}

const logUser = (user: UserInfo | null | undefined): LogUser | null =>
  user
    ? { id: user.id, loginName: user.loginName, relName: user.relName, departName: user.departName }
    : null;

let sequence = 0;

export function createLogEntry(input: LogInput, context: LogContext): LogEntry {
  sequence += 1;
  return {
    id: `${context.now.getTime()}-${sequence}`,
    message: input.message,
    type: input.type ?? 'info',
    time: dayjs(context.now).format('YYYY-MM-DD HH:mm:ss'),
    meta: {
      user: logUser(context.user),
      uuid: context.uuid ?? null,
      token: context.hasToken ? 'present' : 'absent',
      url: context.url,
      extras: input.extras ?? {},
    },
  };
}
