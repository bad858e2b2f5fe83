import { readCookie, writeCookies } from '../lib/cookies';
import { ORIGIN_COOKIES, trackOrigin } from '../lib/origin-tracking';

/** Spec point 9: records where the visitor came from, once per page load. */
export function recordOrigin(): void {
  const writes = trackOrigin({
    referrer: document.referrer,
    href: location.href,
    query: Object.fromEntries(new URLSearchParams(location.search)),
    stored: readCookie(ORIGIN_COOKIES.referrer),
    now: new Date(),
  });
  writeCookies(writes, location.hostname);
}
