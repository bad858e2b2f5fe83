// What the offline cabinet keeps (docs/features.md "Offline") belongs to the signed-in customer: another
// customer's API answers are deleted at sign-in, everything at sign-out (the customer's own or a forced
// one), with the offline session record and the chat outboxes. Loaded with src/app/offline.ts, after the
// first paint.
import type { AppActors } from '../actors/app-actors';
import { selectStatus } from '../../machines/session/session.selectors';
import { apiCachesToDelete, OUTBOX_STORAGE_PREFIX } from '../lib/offline-cache';
import { forgetSession, rememberSession } from '../lib/offline-session';
import { markCustomerCache } from '../lib/customer-cache';

/** Deletes the API caches of everyone but `keep` (null: of everyone). */
async function dropApiCaches(keep: number | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = apiCachesToDelete(await caches.keys(), keep);
  await Promise.all(names.map((name) => caches.delete(name)));
}

function dropOutboxes(): void {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith(OUTBOX_STORAGE_PREFIX)) localStorage.removeItem(key);
  }
}

/**
 * Follows the session: what is kept offline belongs to the signed-in customer, and to no one after sign-out.
 * `signedIn` runs once the customer's cache is theirs (marked), each time another customer signs in.
 */
export function keepOfflineDataWithSession(
  session: AppActors['session'],
  signedIn: (customerId: number) => Promise<void> = () => Promise.resolve(),
): () => void {
  let customer: number | null | undefined;
  // Another customer's answers go, then this one's cache is marked as theirs (src/lib/customer-cache.ts).
  const takeCache = async (id: number) => {
    if (typeof caches === 'undefined') return;
    await dropApiCaches(id);
    await markCustomerCache(id);
    await signedIn(id);
  };
  const sync = () => {
    const snapshot = session.getSnapshot();
    const status = selectStatus(snapshot);
    try {
      if (status === 'authSuccess' && snapshot.context.user) {
        const { user, finances } = snapshot.context;
        rememberSession(user, finances);
        if (customer !== user.id) void takeCache(user.id).catch(() => {});
        customer = user.id;
      } else if (status === 'authError' && customer !== null) {
        customer = null;
        forgetSession();
        dropOutboxes();
        void dropApiCaches(null);
      }
    } catch {
      // No storage (private mode): nothing was kept either.
    }
  };
  const subscription = session.subscribe(sync);
  sync();
  return () => subscription.unsubscribe();
}
