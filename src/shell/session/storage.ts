import { APP_VERSION } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';

const prefix = `${APP_VERSION}-${tenant.code}`;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

/** The logged-in user (spec 3), kept in browser storage under the tenant's prefix. */
export const readStoredUser = <T>() => read<T>(`${prefix}-user`);
export const writeStoredUser = (user: unknown) => write(`${prefix}-user`, user);

/** What is saved per user (display settings, open tabs), keyed by tenant code and user id. */
export type PerUserItem = 'settings' | 'tabs';
export const readUserItem = <T>(userId: string, item: PerUserItem) => read<T>(`${prefix}-${userId}-${item}`);
export const writeUserItem = (userId: string, item: PerUserItem, value: unknown) =>
  write(`${prefix}-${userId}-${item}`, value);
