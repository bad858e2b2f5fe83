// The signed-in first screen (docs/performance.md "The signed-in start"): a GET of a dashboard page whose request
// carries the page session cookie gets the data of the dashboard's first paint inlined into its HTML, so the app
// paints the dashboard at once instead of waiting for the refresh, the user, the orders and the finances. The
// check is read-only (a GET never writes): no rotation, no "last used"; the app's own refresh rotates the token as
// on every start, and stays the judge of the session.
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../env';
import { accountClosures, authSessions, refreshTokens } from '../db/tables';
import { sessionHandover } from '../domain/session-handover';
import { orderListPage } from '../routes/orders/orders';
import { ORDER_PAGE_SIZE } from '../../contract/order-query';
import { FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_PAGES } from '../../contract/first-screen';
import type { FirstScreen } from '../../contract/first-screen.api';
import type { OrderTab } from '../../contract/order-status';

/**
 * What the page session cookie says, read-only:
 * - `signedOut`: unknown, expired, of a revoked session or a closed account — the page is /login, not the cabinet;
 * - `unsure`: a token already rotated (another tab's refresh, or a lost answer the refresh route forgives within
 *   its grace): the refresh route decides, so the page is today's (the splash, the app asks);
 * - `{ userId }`: a live session.
 */
export type PageSession = 'signedOut' | 'unsure' | { userId: number };

export async function checkPageSession(deps: Pick<Deps, 'db' | 'now'>, cookie: string): Promise<PageSession> {
  // The cookie is the token's hash (contract/first-screen.ts): the row's key, looked up as the refresh route does.
  if (!/^[0-9a-f]{64}$/.test(cookie)) return 'signedOut';
  const [row] = await deps.db
    .select({
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      userId: authSessions.userId,
      revokedAt: authSessions.revokedAt,
      closed: accountClosures.userId,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .leftJoin(
      accountClosures,
      and(eq(accountClosures.userId, authSessions.userId), isNull(accountClosures.erasedAt)),
    )
    .where(eq(refreshTokens.tokenHash, cookie));
  if (!row || row.revokedAt || row.closed !== null) return 'signedOut';
  if (row.expiresAt.getTime() <= deps.now().getTime()) return 'signedOut';
  if (row.usedAt) return 'unsure';
  return { userId: row.userId };
}

/** The tab a pathname's first screen lists, when it is one of the dashboard pages; else null. */
export function firstScreenTab(pathname: string): OrderTab | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return FIRST_SCREEN_PAGES[path] ?? null;
}

/**
 * The data of the first screen, by the functions the API's routes answer with (the session handover of a refresh,
 * the order list's first page), so it is exactly what the app would have asked for. `withOrders`: the URL asks for
 * the plain list (a search or filter in the URL is another query: the app loads that one itself).
 */
export async function loadFirstScreen(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  tab: OrderTab,
  withOrders: boolean,
): Promise<FirstScreen> {
  const [handover, orders] = await Promise.all([
    sessionHandover(deps, userId),
    withOrders
      ? orderListPage(deps, userId, { tab, page: 1, page_size: ORDER_PAGE_SIZE })
      : Promise.resolve(null),
  ]);
  return { ...handover, orders: orders && { tab, page_size: ORDER_PAGE_SIZE, list: orders.body } };
}

/**
 * The first screen as a data block of the HTML: JSON that cannot end the script or the page early (`<`, `>`, `&`
 * and the JavaScript line separators escaped as \u sequences, which JSON.parse reads back). A data block is never
 * executed, so the CSP's script-src does not apply to it and it needs no nonce.
 */
export function firstScreenScript(data: FirstScreen): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
}

/** The page with the first screen just inside `<body>`'s end (before the app's scripts run, as module scripts wait). */
export function withFirstScreen(html: string, data: FirstScreen): string {
  const script = firstScreenScript(data);
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + script : `${html.slice(0, at)}${script}\n${html.slice(at)}`;
}
