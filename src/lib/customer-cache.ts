// The customer's cache of API answers belongs to a signed-in customer (docs/features.md "Offline"). The page marks
// it when it sees the customer signed in and deletes it at sign-out (src/app/offline-data.ts); the service worker
// (src/sw.ts) and the page keep answers only in a marked cache. A read still running when the customer signs out
// ends after the cache was deleted: opening the cache by name would make it again, with that customer's answer in
// it for whoever uses the browser next. A cache without the mark is deleted instead.
import { apiCacheName } from './offline-cache';

/** The entry that marks a customer's cache as in use; never a URL the app reads. */
export const SIGNED_IN_MARK = '/__signed-in';

/** The customer is signed in on this page: their cache exists and holds the mark. */
export async function markCustomerCache(customerId: number): Promise<void> {
  const cache = await caches.open(apiCacheName(customerId));
  await cache.put(SIGNED_IN_MARK, new Response(null, { status: 204 }));
}

/** Keeps one answer under `key`, if the customer's cache is marked; false when nothing was kept. */
export async function keepInCustomerCache(
  customerId: number,
  key: string,
  response: Response,
): Promise<boolean> {
  const name = apiCacheName(customerId);
  if (!(await caches.has(name))) return false;
  const cache = await caches.open(name);
  // Deleted between the two calls, the cache was just made again, empty: it goes again.
  if (!(await cache.match(SIGNED_IN_MARK))) {
    await caches.delete(name);
    return false;
  }
  // Deleted after the check, `cache` is the deleted one: what it keeps nobody can read.
  await cache.put(key, response);
  return true;
}
