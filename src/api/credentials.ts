import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_DAYS, cookieName } from '../shared/constants.ts';
import { tenant } from '../shared/tenant/index.ts';

type CookieKey = 'token' | 'uuid' | 'lang';

const name = (key: CookieKey) => cookieName(tenant.code, key);

/**
 * The session cookies (spec 3): version- and tenant-prefixed names, lifetime one day; over https only ever
 * sent over https (Secure), so a token never travels in clear text.
 */
export const readCookie = (key: CookieKey): string | undefined => Cookies.get(name(key));

export const writeCookie = (key: CookieKey, value: string) =>
  Cookies.set(name(key), value, {
    expires: COOKIE_LIFETIME_DAYS,
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });

/** Clears the session cookies; the language choice stays. */
export function clearCredentials() {
  Cookies.remove(name('token'));
  Cookies.remove(name('uuid'));
}
