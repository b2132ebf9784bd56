import type { Db } from './db/index.ts';
import type { SeedTenant } from './db/seed/index.ts';
import type { Translate } from './i18n.ts';
import type { SocketHub } from './realtime/hub.ts';
import type { Crossings } from './resources/crossings.ts';

/** What the server takes from the tenant's config: data only, never compared. */
export interface TenantInfo extends SeedTenant {
  code: string;
  /** Decimals of a weight in tonnes; the server validates with it as the form does (default 4). */
  weightDigit?: number;
}

/**
 * Login throttling (server/README.md "Login throttling"): failures are counted per address and user name, and per
 * address. Past a limit the next attempt waits a back-off that doubles with every further failure (at most the
 * window); a user is never locked out for everyone, only the address that failed.
 */
export interface LoginLimits {
  /** Failures of one login name from one address inside the window before attempts must wait. */
  perUser: number;
  /** Failures from one address inside the window, across names (covers guessing many names). */
  perAddress: number;
  /** The first wait past a limit; each further failure doubles it, up to windowMs. */
  backoffMs: number;
  windowMs: number;
  /**
   * Failures of one login name inside the window from every address together (guesses spread over many
   * addresses). Past it the account is slowed, never locked: every attempt on it, the right password's too,
   * waits accountDelayMs before the password is checked, and the administrators are told once.
   */
  perAccount: number;
  accountDelayMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perUser: 5,
  perAddress: 20,
  backoffMs: 30_000,
  windowMs: 15 * 60_000,
  perAccount: 30,
  accountDelayMs: 3_000,
};

/** Everything a handler needs, built once per tenant server. */
export interface ServerContext {
  db: Db;
  tenant: TenantInfo;
  clock: () => Date;
  /** Zone of the YYYY-MM-DD HH:mm:ss times in answers. */
  timeZone: string;
  t: Translate;
  loginLimits: LoginLimits;
  /** Waits ms (a slowed login); a test passes one that records the wait instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  hub: SocketHub;
  /** How the served areas reach each other: reactions, answers and guards (`hook.emit`, `ask`, `check`). */
  crossings: Crossings;
}
