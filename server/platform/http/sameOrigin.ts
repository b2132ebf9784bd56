import type { FastifyRequest } from 'fastify';

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A browser call from another site or another port of this host. The cookie goes with such calls, so a
 * call that the cookie authenticates must come from this origin: Sec-Fetch-Site says so where browsers send
 * it, else Origin (or Referer) must name this host. Calls without these headers are not from a browser page.
 */
export function isCrossOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const from = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (!from) return Boolean(request.headers.origin);
  const host = request.host;
  // A proxy may pass the host name without the port it listens on.
  return from.host !== host && (host.includes(':') || from.hostname !== host);
}
