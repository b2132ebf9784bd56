import type { Db } from './db/index.ts';
import type { SeedTenant } from './db/seed/index.ts';
import type { Translate } from './i18n.ts';
import type { SocketHub } from './realtime/hub.ts';

/** What the server takes from the tenant's config: data only, never compared. */
export interface TenantInfo extends SeedTenant {
  code: string;
}

export interface LoginLimits {
  /** Failures of one login name inside the window before further attempts are refused. */
  perUser: number;
  /** Failures from one address inside the window (covers guessing across many names). */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUser: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** Everything a handler needs, built once per tenant server. */
export interface ServerContext {
  db: Db;
  tenant: TenantInfo;
  clock: () => Date;
  /** Zone of the YYYY-MM-DD HH:mm:ss times in answers. */
  timeZone: string;
  t: Translate;
  loginLimits: LoginLimits;
  hub: SocketHub;
}
