// The browsers that get a customer's pushes (Web Push subscriptions).
import { and, asc, eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/tables';
import type { Executor } from '../../jobs/runner';
import type { PushStore } from '../../delivery/push';
import type { PushSubscriptionView } from '../../../contract/profile.api';
import { notFound } from '../errors';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

const view = (r: PushSubscriptionRow): PushSubscriptionView => ({
  id: r.id,
  user_agent: r.userAgent,
  created_at: r.createdAt.toISOString(),
});

export async function listPushSubscriptions(db: Executor, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

export const pushSubscriptionViews = async (db: Executor, userId: number) =>
  (await listPushSubscriptions(db, userId)).map(view);

/**
 * Keeps a browser's subscription. The same endpoint again (the browser renewed its keys, or another customer signed
 * in on it) replaces the row: one browser gets the pushes of the customer who subscribed it last.
 */
export async function subscribePush(
  db: Executor,
  userId: number,
  input: { endpoint: string; keys: { p256dh: string; auth: string }; userAgent: string },
  now: Date,
): Promise<PushSubscriptionView> {
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: input.userAgent.slice(0, 300),
    createdAt: now,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning();
  return view(row!);
}

export async function unsubscribePush(db: Executor, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (!gone.length) throw notFound('Подписка не найдена.');
}

/** What the push channel asks of the subscriptions. */
export const pushStore = (db: Executor): PushStore => ({
  async keysOf(endpoint) {
    const [row] = await db
      .select({ p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    return row ?? null;
  },
  async drop(endpoint) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  },
});
