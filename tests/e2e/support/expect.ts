// Small assertion helpers for the e2e suite (playwright-core has no `expect`). Every wait is bounded.
import type { Locator, Page } from 'playwright-core';

export class AssertionFailed extends Error {
  override name = 'AssertionFailed';
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionFailed(message);
}

export function checkEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected)
    throw new AssertionFailed(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export const DEFAULT_WAIT_MS = 10_000;

/**
 * Polls `probe` until it returns something other than undefined/false/null, or fails after `timeout` ms
 * with `what` and the last value seen.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeout = DEFAULT_WAIT_MS, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      last = value;
      if (value !== undefined && value !== null && value !== false) return value as T;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, interval));
  }
  const detail =
    lastError !== undefined ? `; last error: ${(lastError as Error).message}` : `; last value: ${show(last)}`;
  throw new AssertionFailed(`timed out after ${timeout} ms waiting for ${what}${detail}`);
}

const show = (v: unknown) => {
  try {
    return JSON.stringify(v)?.slice(0, 300);
  } catch {
    return String(v);
  }
};

/** The locator becomes visible (first match). */
export async function visible(locator: Locator, what: string, timeout = DEFAULT_WAIT_MS): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new AssertionFailed(`expected ${what} to be visible within ${timeout} ms (${locator})`);
  }
  return locator.first();
}

/** No element of the locator is visible. */
export async function notVisible(locator: Locator, what: string, timeout = DEFAULT_WAIT_MS): Promise<void> {
  await until(
    `${what} to be hidden`,
    async () => {
      const n = await locator.count();
      for (let i = 0; i < n; i++) if (await locator.nth(i).isVisible()) return false;
      return true;
    },
    { timeout },
  );
}

/** Waits for the URL hash to match. */
export async function hashMatches(page: Page, pattern: RegExp, timeout = DEFAULT_WAIT_MS): Promise<string> {
  return until(
    `the address to match ${pattern}`,
    async () => {
      const hash = new URL(page.url()).hash;
      return pattern.test(hash) ? hash : false;
    },
    { timeout },
  );
}

/** Waits until the locator's visible text matches. */
export async function textMatches(
  locator: Locator,
  pattern: RegExp,
  what: string,
  timeout = DEFAULT_WAIT_MS,
): Promise<string> {
  return until(
    `${what} to read ${pattern}`,
    async () => {
      const text = (await locator.first().innerText({ timeout: 1_000 })).trim();
      return pattern.test(text) ? text : false;
    },
    { timeout },
  );
}
