// Page views and goals as the SPA sends them to our collector (issue 27; docs/analytics.md):
// what may be in them, checked the same way on both sides. Nothing identifies the visitor here: the server adds the
// customer's id when the request carries a valid access cookie. Pure and zod-free (the SPA's sink imports it).

export const COLLECT_PATH = '/api/client/analytics/events/';
/** Events per request, and the request's bytes (the endpoint's body limit). */
export const COLLECT_MAX_EVENTS = 50;
export const COLLECT_BODY_LIMIT = 16 * 1024;
export const EVENT_NAME_MAX = 64;
export const EVENT_PATH_MAX = 512;

/** A route name (spec point 2: the page view's title) or a goal's name: letters, digits, '.', '_', '-'. */
export const isEventName = (name: string) => /^[A-Za-z][\w.-]{0,63}$/.test(name);

/**
 * A path without its query and fragment (their values may carry an e-mail, a token, a search). A path of the API
 * (the payment sandbox's page, a social sign-in's return) is '/api/': its ids are handles, never pages.
 */
export function cleanPath(value: string): string {
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (path.startsWith('/api/') || path.startsWith('/client/api/')) return '/api/';
  return path.startsWith('/') && path.length <= EVENT_PATH_MAX ? path : '';
}

/**
 * The referrer as the spec defines it (the ref or referer query value, else the previous path; the first view's is
 * the page that linked here), without any query: another site's address keeps its origin and path, one of ours
 * (`ownOrigin`) and a path their path, and a ref code (letters, digits, '.', '_', '-', up to 128) stays as it is. Anything else is ''.
 */
export function cleanReferrer(value: string, ownOrigin?: string): string {
  if (!value) return '';
  if (value.startsWith('/')) return cleanPath(value);
  if (/^[\w.-]{1,128}$/.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    // A page of ours (a full reload, a return from the payment page) is its path, as in-app referrers are.
    if (ownOrigin && url.origin === ownOrigin) return cleanPath(url.pathname);
    const text = `${url.origin}${url.pathname}`;
    return text.length <= EVENT_PATH_MAX ? text : '';
  } catch {
    return '';
  }
}

/** What collection may send at all: off when the browser asks for no tracking (Global Privacy Control or DNT). */
export function collectionAllowed(nav: {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
}): boolean {
  if (nav.globalPrivacyControl === true) return false;
  return nav.doNotTrack !== '1' && nav.doNotTrack !== 'yes';
}
