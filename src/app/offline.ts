/// <reference types="vite-plugin-pwa/vanillajs" />
// The offline cabinet on the page's side (docs/features.md "Offline"), loaded by dynamic import after the
// first paint so the first visit carries none of it: registers the service worker (src/sw.ts) with the
// update prompt, and ties what the worker keeps to the signed-in customer (offline-data.ts).
import { registerSW } from 'virtual:pwa-register';
import type { AppActors } from '../actors/app-actors';
import { offerUpdate } from '../lib/app-update';
import { keepOfflineDataWithSession } from './offline-data';
import { offlineSession, type OfflineSession } from '../lib/offline-session';
import { firstScreenOfPage } from '../lib/first-screen';
import { keepInCustomerCache } from '../lib/customer-cache';

/** A start without a network: the last customer's session, only while the service worker can answer their reads. */
export function offlineStart(): Promise<OfflineSession | null> {
  return Promise.resolve(navigator.serviceWorker?.controller ? offlineSession() : null);
}

/**
 * The dashboard's first page (or an order's page's order) came with the page (src/lib/first-screen.ts), not through
 * the worker: it is kept in the customer's cache under the URL the app would have asked (src/features/orders/api.ts,
 * src/app/signed-in-actors.ts), as the worker keeps that read, so it is there offline too.
 */
async function keepFirstPage(customerId: number): Promise<void> {
  const screen = firstScreenOfPage();
  if (!screen || screen.user.id !== customerId || (!screen.orders && !screen.order)) return;
  const reads: [URL, unknown][] = [];
  if (screen.orders) {
    const { tab, page_size, list } = screen.orders;
    const url = new URL('/api/client/orders/', location.origin);
    url.search = new URLSearchParams({ tab, page: '1', page_size: String(page_size) }).toString();
    reads.push([url, list]);
  }
  if (screen.order)
    reads.push([new URL(`/api/client/orders/${screen.order.id}/`, location.origin), screen.order]);
  for (const [url, body] of reads)
    await keepInCustomerCache(
      customerId,
      url.href,
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json; charset=UTF-8' } }),
    );
}

export function startOffline(actors: AppActors): void {
  keepOfflineDataWithSession(actors.session, (customerId) => keepFirstPage(customerId));
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    // registerType 'prompt': a new version waits until the customer asks for it, then the page reloads into it.
    onNeedRefresh: () =>
      offerUpdate(() => {
        // The waiting worker takes over, then the page reloads into the new version (workbox-window reloads only
        // a page that was controlled when it registered; the first visit's tab was not).
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        void update(true);
      }),
    onRegisterError: (error: unknown) => console.warn('The service worker did not register', error),
  });
}
