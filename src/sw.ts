/// <reference lib="webworker" />
// The service worker of the offline cabinet (docs/features.md "Offline"), built by vite-plugin-pwa
// (injectManifest).
// - The app's scripts, styles and images are precached: the cabinet starts without a network.
// - Navigations go to the network first (the server writes the theme and the preloads into each page); the last
//   page it served is kept and answers any navigation while offline. A new index.html is never frozen in.
// - Three reads are kept per customer, network first with the cache as the fallback: the order list, an order and
//   its chat (src/lib/offline-cache.ts), in the customer's cache while the page marks it as signed in
//   (src/lib/customer-cache.ts). Nothing else of the API is touched: no auth, no files, no writes.
// - A new version waits until the customer says "обновить" (the page posts SKIP_WAITING), never swaps by itself.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  apiCacheName,
  customerOfAuthorization,
  isAppPage,
  isCachedApiPath,
  SHELL_CACHE,
  SHELL_KEY,
} from './lib/offline-cache';
import { keepInCustomerCache } from './lib/customer-cache';
import { FIRST_SCREEN_ELEMENT_ID } from '../contract/first-screen';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first worker takes the open tabs at once, so the first visit's reads are kept too. (An update activates only
// when the page asked for it, and the page reloads then.)
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Keeps `response` when it is a plain successful answer the browser may store (never one that sets a cookie). */
function storable(response: Response): boolean {
  return response.ok && response.type === 'basic' && !response.headers.has('Set-Cookie');
}

const FIRST_SCREEN = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">[^<]*</script>\n?`,
);
/** The dashboard the server painted from it (server/spa/index-html.ts paintedTemplate): the shell keeps `#root` empty. */
const PAINTED = /<div id="root" data-first-screen([^>]*)>[\s\S]*?<\/div><!--\/first-screen-->/;

// Navigations: the network first; offline, the last page the server served.
registerRoute(
  // Only the SPA's own pages: a navigation to the API (the sandbox pay page, a social sign-in) is left alone.
  ({ request, url }) => request.mode === 'navigate' && isAppPage(url.pathname),
  async ({ request }) => {
    try {
      const response = await fetch(request);
      const type = response.headers.get('Content-Type') ?? '';
      if (storable(response) && type.includes('text/html')) {
        // A dashboard page carries its customer's first screen (contract/first-screen.ts) and may come painted
        // with it: the shell keeps the page without either, so nothing personal answers a later navigation.
        const html = (await response.clone().text())
          .replace(FIRST_SCREEN, '')
          .replace(PAINTED, '<div id="root"$1></div>'); // the app's scripts stay named on it (boot.js)
        const cache = await caches.open(SHELL_CACHE);
        await cache.put(SHELL_KEY, new Response(html, { headers: { 'Content-Type': type } }));
      }
      return response;
    } catch (error) {
      const cached = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE, ignoreVary: true });
      if (cached) return cached;
      throw error;
    }
  },
);

// The customer's reads: the network first; offline (or the server unreachable), the last answer this customer got.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && isCachedApiPath(url.pathname),
  async ({ request }) => {
    const customer = customerOfAuthorization(request.headers.get('Authorization'));
    if (customer === null) return fetch(request);
    const cacheName = apiCacheName(customer);
    // The key is the URL alone: the bearer changes every five minutes, the answer does not.
    const key = request.url;
    try {
      const response = await fetch(request);
      if (storable(response)) await keepInCustomerCache(customer, key, response.clone());
      return response;
    } catch (error) {
      const cached = await caches.match(key, { cacheName, ignoreVary: true });
      if (cached) return cached;
      throw error;
    }
  },
);

// Hashed assets the precache does not list (a page from a newer build served while this worker still runs).
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'cabinet-assets', plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

// Web Push (docs/notifications.md): the server's payload is { title, body, url, tag }; the notification shows it,
// and a click opens that page of the cabinet — in an open tab of ours when there is one.
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Личный кабинет', {
      body: data.body ?? '',
      tag: data.tag,
      data: { url: data.url },
      icon: '/favicon.svg',
      lang: 'ru',
    }),
  );
});

/** The page a notification opens, always on our own origin (only its path and query are taken). */
function pageOf(url: unknown): string {
  try {
    const u = new URL(typeof url === 'string' ? url : '/home', self.location.origin);
    return new URL(`${u.pathname}${u.search}`, self.location.origin).href;
  } catch {
    return new URL('/home', self.location.origin).href;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = pageOf((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        await tab.navigate(target);
      } else await self.clients.openWindow(target);
    })(),
  );
});
