// Constants of spec section 9 (and 3, 7), in one place for the app, the server and the tests.

export const APP_VERSION = '1.20.1';

export const REQUEST_TIMEOUT_MS = 55_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_PAGE_SIZE = 15;
export const MESSAGE_PAGE_SIZE = 10;
export const UNREAD_BADGE_CAP = 99;

export const HEARTBEAT_INTERVAL_MS = 5_000;
export const HEARTBEAT_TIMEOUT_MS = 15_000;
export const TITLE_FLASH_MS = 500;

export const COOKIE_LIFETIME_DAYS = 1;
export const SESSION_LIFETIME_MS = COOKIE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export const ASIDE_WIDTH_PX = 200;
export const ASIDE_COLLAPSED_WIDTH_PX = 65;

export const DEFAULT_THEME_COLOR = '#1BB1FF';
export const COMPONENT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type ComponentSize = (typeof COMPONENT_SIZES)[number];
/** The size the app starts with; the settings store's own default is 'default' (spec 9). */
export const DEFAULT_COMPONENT_SIZE: ComponentSize = 'small';
export const STORE_DEFAULT_COMPONENT_SIZE: ComponentSize = 'default';

/** The zone of the business day: the exchange's and the house's calendar, wherever a browser or server runs. */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

export const LOCALES = ['zh-chs', 'zh-cht', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-chs';
export const FALLBACK_LOCALE: Locale = 'en';

export const CLICK_GUARD_MS = 1_000;
export const DEBOUNCE_MS = 2_000;
export const SCROLL_THROTTLE_MS = 10;
export const DATE_RANGE_DAYS = [60, 30, 999] as const;

/**
 * Cookie names: prefixed with the app version (spec 3) and the tenant code, so two tenants served
 * from one host name (different ports share cookies) do not overwrite each other's session.
 */
export const cookieName = (tenantCode: string, name: 'token' | 'uuid' | 'lang') =>
  `${APP_VERSION}-${tenantCode}-${name}`;
