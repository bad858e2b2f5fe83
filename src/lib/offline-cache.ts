// What the service worker (src/sw.ts) keeps for the offline cabinet, and under which names: shared with the page,
// which deletes a customer's cache on sign-out. Pure, so the rules have a table test (tests/lib/offline-cache.test.ts).
import { jwtSubject } from './jwt';

/** Every customer's API answers live in a cache of their own: this prefix plus the customer id. */
export const API_CACHE_PREFIX = 'cabinet-api-';
/** The last document a navigation got (the server writes the theme and preloads into it), for offline starts. */
export const SHELL_CACHE = 'cabinet-shell';
/** The key the shell document is kept under, whatever page it was fetched for. */
export const SHELL_KEY = '/__offline-shell';

/** The reads worth having on a train: the order list, an order, its chat. Nothing else (no files, no auth). */
const CACHED_API = [
  /^\/api\/client\/orders\/$/,
  /^\/api\/client\/orders\/\d+\/$/,
  /^\/api\/client\/orders\/\d+\/messages\/$/,
];

export function isCachedApiPath(pathname: string): boolean {
  return CACHED_API.some((pattern) => pattern.test(pathname));
}

/** A page of the SPA (what the server answers with index.html), not the API, the socket or a static file. */
export function isAppPage(pathname: string): boolean {
  return !/^\/(api|client\/api|ws|assets)\//.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
}

export function apiCacheName(customerId: number): string {
  return `${API_CACHE_PREFIX}${customerId}`;
}

/** The customer a request is made for, from its bearer token (null: no token, nothing is cached for it). */
export function customerOfAuthorization(header: string | null): number | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ? jwtSubject(match[1]) : null;
}

/** The API caches of everyone but `keep` (null: of everyone) — what sign-out and a new sign-in delete. */
export function apiCachesToDelete(names: readonly string[], keep: number | null): string[] {
  return names.filter(
    (name) => name.startsWith(API_CACHE_PREFIX) && name !== (keep === null ? '' : apiCacheName(keep)),
  );
}

/** The chat outboxes in localStorage: this prefix, then `<customer>.<order>`. */
export const OUTBOX_STORAGE_PREFIX = 'cabinet.chat-outbox.';
