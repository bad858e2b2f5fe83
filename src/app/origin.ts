import Cookies from 'js-cookie';
import { writeCookies } from '../lib/cookies';
import { ORIGIN_COOKIES, trackOrigin } from '../lib/origin-tracking';

/** Spec point 9: records where the visitor came from, once per page load. */
export function recordOrigin(): void {
  const writes = trackOrigin({
    referrer: document.referrer,
    href: location.href,
    query: Object.fromEntries(new URLSearchParams(location.search)),
    stored: Cookies.get(ORIGIN_COOKIES.referrer) ?? null,
    now: new Date(),
  });
  writeCookies(writes, location.hostname);
}
