import { useEffect, useMemo, useRef } from 'react';
import { SCROLL_THROTTLE_MS } from '../constants.ts';

export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Runs at once, then at most once per `ms`, with the last call of a burst run at its end. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): Throttled<A> {
  let last = Number.NEGATIVE_INFINITY;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + ms - Date.now();
    if (wait <= 0) return run(args);
    pending = args;
    trailing ??= setTimeout(() => {
      trailing = undefined;
      if (pending) run(pending);
      pending = undefined;
    }, wait);
  };
  throttled.cancel = () => {
    clearTimeout(trailing);
    trailing = undefined;
    pending = undefined;
  };
  return throttled;
}

/** A scroll handler that calls `onScroll` at most every 10 ms (or `ms`). */
export function useScrollThrottle<E extends { currentTarget: unknown }>(
  onScroll: (event: E) => void,
  ms: number = SCROLL_THROTTLE_MS,
) {
  const latest = useRef(onScroll);
  latest.current = onScroll;
  const throttled = useMemo(() => throttle((event: E) => latest.current(event), ms), [ms]);
  useEffect(() => () => throttled.cancel(), [throttled]);
  return throttled;
}
