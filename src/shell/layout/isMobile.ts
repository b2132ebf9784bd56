import { isMobileUserAgent } from '../messages/isMobile.ts';

/** Mobile mode is decided once per page load from the user agent (spec 2.1). */
export const isMobile = isMobileUserAgent();
