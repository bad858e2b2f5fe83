// The signed-in first screen the server writes into the HTML of a first screen page (a dashboard page, an order's
// page, the payments: firstScreenPage below; server/spa/first-screen.ts) and the app starts from
// (src/lib/first-screen.ts): what the page's first paint needs, in the very shapes the API answers
// (contract/first-screen.api.ts), so the page paints without waiting for the start-up refresh, the user, the
// finances and the page's own read.
import type { OrderTab } from './order-status';
import { parseId } from './params';

/** The `<script type="application/json">` that carries it (the app removes it from the DOM once read). */
export const FIRST_SCREEN_ELEMENT_ID = 'cabinet-first-screen';

/**
 * HttpOnly companion of the refresh cookie for the pages themselves (path /; the refresh cookie's path is the auth
 * API's, so a page's GET never carries it): the SHA-256 of the refresh token, i.e. the key of its row. It names the
 * session for a read-only check and can never be presented as a refresh token (the refresh route hashes what it
 * is given). Set and cleared together with the refresh cookie (server/middleware/sign-in.ts).
 */
export const PAGE_SESSION_COOKIE = 'cabinet_page';

/** The dashboard pages whose first screen the server writes, with the tab each lists. */
export const FIRST_SCREEN_PAGES: Readonly<Record<string, OrderTab>> = {
  '/home': 'active',
  '/home/active': 'active',
  '/home/done': 'done',
  '/home/archive': 'archive',
};

/**
 * A page whose first screen the server writes (the only list of them): a dashboard page with its tab; an order's
 * page with its default tab, the chat (`/order/{id}`, `/order/{id}/chat`); the payments with their default tab, the
 * orders waiting for payment (`/payments`, `/payments/pay`).
 */
export type FirstScreenPage =
  { kind: 'dashboard'; tab: OrderTab } | { kind: 'order'; id: number } | { kind: 'payments' };

const ORDER_PAGE = /^\/order\/([^/]+)(?:\/chat)?$/;
const PAYMENTS_PAGES = ['/payments', '/payments/pay'];

/** The first screen page a pathname is (a trailing slash ignored), or null. */
export function firstScreenPage(pathname: string): FirstScreenPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const tab = FIRST_SCREEN_PAGES[path];
  if (tab) return { kind: 'dashboard', tab };
  const order = ORDER_PAGE.exec(path);
  const id = order ? parseId(order[1]) : undefined;
  if (id !== undefined) return { kind: 'order', id };
  if (PAYMENTS_PAGES.includes(path)) return { kind: 'payments' };
  return null;
}

/**
 * Where the app settles on a first screen page: an order's page and /payments open their default tab (the routes'
 * index redirects), so the page links that tab's chunks and the painting marks that tab current.
 */
export function firstScreenSettlesOn(page: FirstScreenPage, pathname: string): string {
  if (page.kind === 'order') return `/order/${page.id}/chat`;
  if (page.kind === 'payments') return '/payments/pay';
  return pathname;
}
