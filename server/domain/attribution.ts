// Attribution (issue 27; docs/analytics.md): the origin cookies read at registration become the
// customer's first touch; at order creation they become the order's last touch. Every cookie has passed
// contract/origin-cookies.ts, so a forged one is simply absent here.
import { eq } from 'drizzle-orm';
import { ORIGIN_LIFETIME_MS, emptyTouch, sourceOf, type OriginTouch } from '../../contract/origin-cookies';
import { customerOrigins, orderOrigins } from '../db/tables';
import type { DbOrTx } from './outbox';

/** What recording a touch needs of the server's deps. */
export const attributionDeps = (deps: { db: DbOrTx; config: { publicOrigin: string } }) => ({
  db: deps.db,
  publicOrigin: deps.config.publicOrigin,
});

type TouchRow = typeof customerOrigins.$inferSelect;

/** The columns of a touch (source derived; the service's own host is no source). */
export function touchColumns(touch: OriginTouch, at: Date, ownHost?: string) {
  return {
    referrer: touch.referrer,
    landing: touch.landing,
    source: sourceOf(touch, ownHost),
    utmMedium: touch.utm.medium,
    campaign: touch.utm.campaign,
    utmTerm: touch.utm.term,
    utmContent: touch.utm.content,
    partner: touch.partner,
    touchedAt: at,
  };
}

function touchOfRow(row: TouchRow): OriginTouch {
  return {
    referrer: row.referrer,
    landing: row.landing,
    utm: {
      source: row.source,
      medium: row.utmMedium,
      campaign: row.campaign,
      term: row.utmTerm,
      content: row.utmContent,
    },
    partner: row.partner,
  };
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
};

/**
 * The customer's first touch, written with the account (a row even for a direct visit, so reports count every
 * sign-up). A second call for the same customer changes nothing.
 */
export async function recordFirstTouch(
  deps: { db: DbOrTx; publicOrigin: string },
  userId: number,
  touch: OriginTouch,
  at: Date,
): Promise<void> {
  await deps.db
    .insert(customerOrigins)
    .values({ userId, ...touchColumns(touch, at, hostOf(deps.publicOrigin)) })
    .onConflictDoNothing();
}

/**
 * The last touch of an order: each part from its cookie when the browser still sends it; else, from the customer's
 * first touch while that part's cookie would still live (1 day; the partner uid 30 days), so an order made on
 * another device (or after the cookies were cleared) within the partner's 30 days still credits the partner.
 */
export async function recordOrderTouch(
  deps: { db: DbOrTx; publicOrigin: string },
  order: { id: number; userId: number },
  cookies: OriginTouch,
  at: Date,
): Promise<void> {
  const [first] = await deps.db
    .select()
    .from(customerOrigins)
    .where(eq(customerOrigins.userId, order.userId));
  const touch = first ? lastTouch(cookies, touchOfRow(first), first.touchedAt, at) : cookies;
  await deps.db
    .insert(orderOrigins)
    .values({ orderId: order.id, ...touchColumns(touch, at, hostOf(deps.publicOrigin)) })
    .onConflictDoNothing();
}

/** Pure: the cookies sent now, completed from the first touch where its part's lifetime has not run out. */
export function lastTouch(cookies: OriginTouch, first: OriginTouch, firstAt: Date, now: Date): OriginTouch {
  const age = now.getTime() - firstAt.getTime();
  const alive = (ms: number) => age >= 0 && age <= ms;
  const touch = emptyTouch();
  const visitFromCookies = Boolean(cookies.referrer || cookies.landing);
  if (visitFromCookies) {
    touch.referrer = cookies.referrer;
    touch.landing = cookies.landing;
  } else if (alive(ORIGIN_LIFETIME_MS.referrer)) {
    touch.referrer = first.referrer;
    touch.landing = first.landing;
  }
  const utmFromCookies = Object.values(cookies.utm).some(Boolean);
  touch.utm = utmFromCookies
    ? { ...cookies.utm }
    : alive(ORIGIN_LIFETIME_MS.utm)
      ? { ...first.utm }
      : touch.utm;
  touch.partner = cookies.partner || (alive(ORIGIN_LIFETIME_MS.partner) ? first.partner : '');
  return touch;
}
