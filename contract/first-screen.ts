// The signed-in first screen the server writes into the HTML of a dashboard page (server/spa/first-screen.ts) and
// the app starts from (src/lib/first-screen.ts): what the dashboard's first paint needs, in the very shapes the API
// answers (contract/first-screen.api.ts), so the page paints without waiting for the start-up refresh, the user, the
// orders and the finances.
import type { OrderTab } from './order-status';

/** The `<script type="application/json">` that carries it (the app removes it from the DOM once read). */
export const FIRST_SCREEN_ELEMENT_ID = 'cabinet-first-screen';

/**
 * HttpOnly companion of the refresh cookie for the pages themselves (path /; the refresh cookie's path is the auth
 * API's, so a page's GET never carries it): the SHA-256 of the refresh token, i.e. the key of its row. It names the
 * session for a read-only check and can never be presented as a refresh token (the refresh route hashes what it
 * is given). Set and cleared together with the refresh cookie (server/middleware/sign-in.ts).
 */
export const PAGE_SESSION_COOKIE = 'cabinet_page';

/** The dashboard pages whose first screen the server writes, with the tab each lists. The only list of them. */
export const FIRST_SCREEN_PAGES: Readonly<Record<string, OrderTab>> = {
  '/home': 'active',
  '/home/active': 'active',
  '/home/done': 'done',
  '/home/archive': 'archive',
};
