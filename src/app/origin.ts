import Cookies from 'js-cookie';
import { writeCookies } from '../lib/cookies';
import { ORIGIN_COOKIES, trackOrigin } from '../lib/origin-tracking';

/** What the page was opened with: read at the start, before the app may change the address. */
export interface Arrival {
  referrer: string;
  href: string;
  at: Date;
}

export const arrival = (): Arrival => ({ referrer: document.referrer, href: location.href, at: new Date() });

/** Spec point 9: records where the visitor came from, once per page load (the cookies it writes, if any). */
export function recordOrigin({ referrer, href, at }: Arrival = arrival()): void {
  const writes = trackOrigin({
    referrer,
    href,
    query: Object.fromEntries(new URL(href).searchParams),
    stored: Cookies.get(ORIGIN_COOKIES.referrer) ?? null,
    now: at,
  });
  writeCookies(writes, location.hostname);
}
