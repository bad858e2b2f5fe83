// The signed-in first screen (docs/performance.md "The signed-in start"): a GET of a first screen page (a dashboard
// page, an order's page, the payments: contract/first-screen.ts) whose request carries the page session cookie gets
// the data of the page's first paint inlined into its HTML, so the app paints it at once instead of waiting for the
// refresh, the user, the finances and the page's own read. The
// check is read-only (a GET never writes): no rotation, no "last used"; the app's own refresh rotates the token as
// on every start, and stays the judge of the session.
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../env';
import { accountClosures, authSessions, refreshTokens } from '../db/tables';
import { sessionHandover } from '../domain/session-handover';
import { orderListPage } from '../routes/orders/orders';
import { readOrderDetail } from '../domain/orders/read-model';
import { listWaiting } from '../domain/payment-lists';
import { isFailure } from '../domain/errors';
import { ORDER_PAGE_SIZE } from '../../contract/order-query';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenPage } from '../../contract/first-screen';
import type { FirstScreen, FirstScreenWaiting } from '../../contract/first-screen.api';
import type { OrderDetail } from '../../contract/orders.api';

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

/** The page size the payments page asks the waiting orders with (src/features/payments/api.ts fetchWaiting). */
export const WAITING_PAGE_SIZE = 100;

/** The customer's order as GET /api/client/orders/{id}/ answers it; null for an unknown id or another's order. */
async function ownOrderDetail(
  deps: Pick<Deps, 'database' | 'now'>,
  userId: number,
  id: number,
): Promise<OrderDetail | null> {
  try {
    return await readOrderDetail(deps, userId, id);
  } catch (error) {
    // The API's 404: the app's own read shows its not-found.
    if (isFailure(error, 'notFound')) return null;
    throw error;
  }
}

/** The orders waiting for payment as GET /api/client/payments/waiting/?page_size=100 answers them. */
async function waitingOrders(deps: Pick<Deps, 'db'>, userId: number): Promise<FirstScreenWaiting> {
  const { count, results } = await listWaiting(deps.db, userId, { limit: WAITING_PAGE_SIZE, offset: 0 });
  const next =
    count > WAITING_PAGE_SIZE ? `/api/client/payments/waiting/?page_size=${WAITING_PAGE_SIZE}&page=2` : null;
  return { page_size: WAITING_PAGE_SIZE, list: { next, previous: null, count, results } };
}

/**
 * The data of the first screen, by the functions the API's routes answer with (the session handover of a refresh,
 * the order list's first page, the order, the waiting orders), so it is exactly what the app would have asked for.
 * `withList`: a dashboard URL asks for the plain list (a search or filter in the URL is another query: the app
 * loads that one itself).
 */
export async function loadFirstScreen(
  deps: Pick<Deps, 'db' | 'database' | 'now'>,
  userId: number,
  page: FirstScreenPage,
  withList: boolean,
): Promise<FirstScreen> {
  const tab = page.kind === 'dashboard' ? page.tab : null;
  const [handover, orders, order, waiting] = await Promise.all([
    sessionHandover(deps, userId),
    tab && withList
      ? orderListPage(deps, userId, { tab, page: 1, page_size: ORDER_PAGE_SIZE })
      : Promise.resolve(null),
    page.kind === 'order' ? ownOrderDetail(deps, userId, page.id) : Promise.resolve(null),
    page.kind === 'payments' ? waitingOrders(deps, userId) : Promise.resolve(null),
  ]);
  return {
    ...handover,
    orders: tab && orders && { tab, page_size: ORDER_PAGE_SIZE, list: orders.body },
    ...(page.kind === 'order' ? { order } : {}),
    ...(page.kind === 'payments' ? { waiting } : {}),
  };
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
