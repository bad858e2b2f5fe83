// What domain code calls when something happened that the customer should hear about: a job on the one job runner,
// queued in the caller's transaction, so the notification exists exactly when its cause does. The jobs' handlers
// (deliver.ts) read the settings and write the outbox (docs/notifications.md).
import { sql } from 'drizzle-orm';
import { enqueue, type Executor } from '../../jobs/runner';
import type { NotificationKind } from '../../../contract/notifications';

export const NOTIFY_EVENT_JOB = 'notify.event';
export const NOTIFY_CHAT_JOB = 'notify.chat';
/**
 * The first key of the per-order chat lock (the second is the order's id): a message's insert takes it before its id
 * is drawn, so one order's messages are committed in the order of their ids (a reader that has id N has every older
 * one: the SPA's catch-up reads after the newest id it read); the batch letter takes it too.
 */
export const CHAT_LOCK_SPACE = 22_0002;

/** Takes the order's chat lock until the end of the transaction `db` is in. */
export async function lockOrderChat(db: Executor, orderId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_SPACE}::int, ${orderId}::int)`);
}

export type StatusKind = Exclude<NotificationKind, 'chat_message'>;

/** A status event: told at once. `data` holds what the letter says beyond the order (an amount, a decision). */
export interface NotifyEvent {
  kind: StatusKind;
  userId: number;
  orderId?: number | undefined;
  data?: Record<string, string | number | null>;
}

type QueueDeps = { db: Executor; now: () => Date };

/**
 * Queues a status event's notification. `ref` names the event among its kind's (an order and its state, a
 * payment's id): the same event queued twice is one notification.
 */
export async function queueNotification(deps: QueueDeps, event: NotifyEvent, ref: string): Promise<void> {
  await enqueue(deps, {
    name: NOTIFY_EVENT_JOB,
    key: `${event.kind}:${ref}`,
    payload: event,
    maxAttempts: 5,
  });
}

/**
 * A writer's or manager's message was posted (call in the message's transaction): the order's batch letter is
 * queued, `batchSeconds` from now, unless one is waiting already. A batch is named by the first message it waits
 * for; under the order's lock (the batch letter takes it too), so a message is either in the letter being
 * written or, seeing that letter's mark, starts the next batch.
 */
export async function queueChatLetter(deps: QueueDeps, orderId: number, batchSeconds: number): Promise<void> {
  await lockOrderChat(deps.db, orderId);
  const res = await deps.db.execute(
    sql`select min(m.id) as first from chat_messages m
        where m.order_id = ${orderId} and m.author <> 'customer' and m.read_at is null
          and m.id > coalesce((select mailed_up_to from notification_chat_marks where order_id = ${orderId}), 0)`,
  );
  const first = (res as unknown as { rows: { first: number | string | null }[] }).rows[0]?.first;
  if (first == null) return;
  await enqueue(deps, {
    name: NOTIFY_CHAT_JOB,
    key: `chat_message:${orderId}:${first}`,
    payload: { orderId },
    runAt: new Date(deps.now().getTime() + batchSeconds * 1000),
    maxAttempts: 5,
  });
}
