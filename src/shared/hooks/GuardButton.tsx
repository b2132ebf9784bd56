import { Button, type ButtonProps } from 'antd';
import { CLICK_GUARD_MS, DEBOUNCE_MS } from '../constants.ts';
import { useClickGuard } from './useClickGuard.ts';

export interface GuardButtonProps extends ButtonProps {
  /** How long the button stays disabled after a click; 1 s unless given. */
  guardMs?: number;
}

/** An antd Button that disables itself for `guardMs` after each click. */
export function GuardButton({ guardMs = CLICK_GUARD_MS, onClick, disabled, ...props }: GuardButtonProps) {
  const guard = useClickGuard(guardMs);
  return <Button {...props} disabled={disabled || guard.disabled} onClick={guard.guard(onClick)} />;
}

/** The debounce button: disabled for 2 s after a click. */
export function DebounceButton(props: Omit<GuardButtonProps, 'guardMs'>) {
  return <GuardButton {...props} guardMs={DEBOUNCE_MS} />;
}
