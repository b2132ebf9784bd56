import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router-dom';

/**
 * Navigation for the shell: going where one already is does nothing, and a navigation that fails
 * (superseded, duplicate) is swallowed instead of surfacing as an unhandled rejection (spec 2.13).
 */
export function useShellNavigate() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (to === here && !options?.state) return;
      void Promise.resolve(navigate(to, options)).catch(() => undefined);
    },
    [navigate, here],
  );
}
