import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Deps } from '../env';
import { rateLimitEvents } from '../db/tables';
import { tooManyRequests } from './errors';

export interface Limit {
  /** At most this many events per bucket within the window; one more is refused. */
  max: number;
  windowMs: number;
}

/** Codes and restore links sent to one address. */
export const MESSAGES_PER_ADDRESS: Limit = { max: 5, windowMs: 15 * 60_000 };
/** Codes and restore links asked for from one IP (an office behind one NAT asks for several addresses). */
export const MESSAGES_PER_IP: Limit = { max: 20, windowMs: 15 * 60_000 };

/**
 * Throws 429 with Retry-After when any bucket already holds `max` events in the sliding window. One indexed
 * query per bucket: the max-th newest event in the window; when it leaves the window a try is free again.
 */
export async function assertWithinLimit(
  deps: Pick<Deps, 'db' | 'now'>,
  buckets: string[],
  limit: Limit,
): Promise<void> {
  const now = deps.now().getTime();
  const since = new Date(now - limit.windowMs);
  let retryAfterMs = 0;
  for (const bucket of buckets) {
    const [row] = await deps.db
      .select({ at: rateLimitEvents.at })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.at, since)))
      .orderBy(desc(rateLimitEvents.at))
      .limit(1)
      .offset(limit.max - 1);
    if (row) retryAfterMs = Math.max(retryAfterMs, row.at.getTime() + limit.windowMs - now);
  }
  if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / 1000);
}

/** Records one event in each bucket, and drops that bucket's events that have left the longest window. */
export async function recordEvent(
  deps: Pick<Deps, 'db' | 'now'>,
  buckets: string[],
  limit: Limit,
): Promise<void> {
  const at = deps.now();
  await deps.db.insert(rateLimitEvents).values(buckets.map((bucket) => ({ bucket, at })));
  await deps.db
    .delete(rateLimitEvents)
    .where(
      and(
        inArray(rateLimitEvents.bucket, buckets),
        lt(rateLimitEvents.at, new Date(at.getTime() - limit.windowMs)),
      ),
    );
}

/** Forgets a bucket's events (a successful sign-in forgives that login's failures from that IP). */
export async function clearBucket(deps: Pick<Deps, 'db'>, bucket: string): Promise<void> {
  await deps.db.delete(rateLimitEvents).where(eq(rateLimitEvents.bucket, bucket));
}
