export { DebounceButton, GuardButton, type GuardButtonProps } from './GuardButton.tsx';
export { useClickGuard, useDebounceGuard } from './useClickGuard.ts';
export { type Throttled, throttle, useScrollThrottle } from './useScrollThrottle.ts';
