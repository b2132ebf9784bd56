import { useEffect } from 'react';
import { TITLE_FLASH_MS } from '../../shared/constants.ts';

const withoutPrefix = (title: string, prefix: string) =>
  title.startsWith(prefix) ? title.slice(prefix.length) : title;

/**
 * While `active`, the document title alternates with and without `prefix` every 500 ms.
 * The base title is re-read on every tick so a navigation meanwhile is respected; on stop it is restored.
 */
export function useTitleFlash(active: boolean, prefix: string, intervalMs: number = TITLE_FLASH_MS) {
  useEffect(() => {
    if (!active || !prefix) return;
    const timer = setInterval(() => {
      const title = document.title;
      document.title = title.startsWith(prefix) ? withoutPrefix(title, prefix) : `${prefix}${title}`;
    }, intervalMs);
    return () => {
      clearInterval(timer);
      document.title = withoutPrefix(document.title, prefix);
    };
  }, [active, prefix, intervalMs]);
}
