import { useCallback, useEffect, useRef, useState } from 'react';
import { CLICK_GUARD_MS, DEBOUNCE_MS } from '../constants.ts';

/**
 * Disables a button for `ms` after each click so a double click cannot send a command twice.
 * `guard(handler)` wraps the click handler; `disabled` goes on the button.
 */
export function useClickGuard(ms: number = CLICK_GUARD_MS) {
  const [disabled, setDisabled] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const guard = useCallback(
    <A extends unknown[]>(handler?: (...args: A) => void) =>
      (...args: A) => {
        if (timer.current !== undefined) return;
        setDisabled(true);
        timer.current = setTimeout(() => {
          timer.current = undefined;
          setDisabled(false);
        }, ms);
        handler?.(...args);
      },
    [ms],
  );

  return { disabled, guard };
}

/** The debounce variant: the button stays disabled for 2 s after a click. */
export const useDebounceGuard = (ms: number = DEBOUNCE_MS) => useClickGuard(ms);
