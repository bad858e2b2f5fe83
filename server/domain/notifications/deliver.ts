// The notification jobs' handlers: the settings read when the notification goes (a switch turned off meanwhile
// holds), the texts, and the outbox rows — keyed, so a job run again after its instance died writes nothing twice.
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Deps } from '../../env';
import { chatMessages, notificationChatMarks, orders } from '../../db/tables';
import type { JobRunner, Tx } from '../../jobs/runner';
import { sendToOutbox } from '../outbox';
import { readNotifying, type CustomerNotifying } from './settings';
import { lockOrderChat, NOTIFY_CHAT_JOB, NOTIFY_EVENT_JOB, type NotifyEvent } from './events';
import { chatLetter, eventTexts, pathOf } from './texts';
import { smsSendTime } from './quiet-hours';
import { unsubscribeLink } from './unsubscribe';
import type { NotificationKind } from '../../../contract/notifications';
import { listPushSubscriptions } from './push-subscriptions';

/** The most messages one chat letter quotes; it counts the rest. */
const CHAT_LETTER_MAX = 30;

type NotifyDeps = Pick<Deps, 'db' | 'now' | 'config'>;

/** The outbox payload of a notification letter: the button's link and text, and the unsubscribe link. */
function letterPayload(deps: NotifyDeps, userId: number, kind: NotificationKind, path: string) {
  return {
    link: `${deps.config.publicOrigin}${path}`,
    button: 'Открыть заказ',
    unsubscribe: unsubscribeLink(deps.config.publicOrigin, deps.config.jwtSecret, {
      userId,
      kind,
      channel: 'email',
    }),
  };
}

/** A push to every browser the customer subscribed, when the kind's push switch is on; one row per browser. */
async function queuePushes(
  deps: NotifyDeps,
  tx: Tx,
  at: Date,
  p: { userId: number; kind: NotificationKind; title: string; body: string; path: string; key: string },
  who: CustomerNotifying,
) {
  if (!who.settings[p.kind].push) return;
  for (const sub of await listPushSubscriptions(tx, p.userId))
    await sendToOutbox(
      { db: tx, now: () => at },
      {
        channel: 'push',
        recipient: sub.endpoint,
        subject: p.title,
        body: p.body.length > 300 ? `${p.body.slice(0, 299)}…` : p.body,
        kind: p.kind,
        payload: { link: `${deps.config.publicOrigin}${p.path}`, subscriptionId: sub.id },
        dedupeKey: `${p.key}:push:${sub.id}`,
      },
    );
}

/** SMS go for a kind switched on, with the channel on and the phone confirmed. */
const smsAllowed = (who: CustomerNotifying, kind: NotificationKind) =>
  who.smsDelivery && who.phoneConfirmed && who.settings[kind].sms === true;

/** A status event: its letter and, for the urgent kinds, its SMS (kept through the night silence). */
export async function deliverEvent(deps: NotifyDeps, tx: Tx, event: NotifyEvent, key: string, at: Date) {
  const who = await readNotifying(tx, event.userId);
  if (!who) return;
  const [order] =
    event.orderId === undefined ? [] : await tx.select().from(orders).where(eq(orders.id, event.orderId));
  if (order && order.userId !== event.userId) return;
  const texts = eventTexts(event.kind, order, event.data ?? {}, who.timeZone);
  if (!texts) return;
  const txDeps = { db: tx, now: () => at };
  const path = pathOf(event.kind, event.orderId);
  if (who.settings[event.kind].email) {
    await sendToOutbox(txDeps, {
      channel: 'email',
      recipient: who.email,
      subject: texts.subject,
      body: `${texts.body}\n\n${deps.config.publicOrigin}${path}`,
      kind: event.kind,
      payload: { ...letterPayload(deps, event.userId, event.kind, path), orderId: event.orderId ?? null },
      dedupeKey: `${key}:email`,
    });
  }
  await queuePushes(
    deps,
    tx,
    at,
    {
      userId: event.userId,
      kind: event.kind,
      title: texts.subject,
      body: texts.sms ?? texts.body,
      path,
      key,
    },
    who,
  );
  // Payment needed: a text only while paying can still make the deadline.
  const urgent = event.kind !== 'payment_needed' || (order !== undefined && order.deadline > at);
  if (texts.sms && urgent && smsAllowed(who, event.kind) && who.phone) {
    await sendToOutbox(txDeps, {
      channel: 'sms',
      recipient: who.phone,
      body: `${texts.sms} ${deps.config.publicOrigin}${path}`,
      kind: event.kind,
      payload: { orderId: event.orderId ?? null },
      notBefore: smsSendTime(at, who.timeZone),
      dedupeKey: `${key}:sms`,
    });
  }
}

/**
 * An order's batch letter: the writer's and the manager's messages after the order's mark that are still unread.
 * What the customer has read by now (in an open chat the page marks them as they arrive) is not mailed.
 */
export async function deliverChatBatch(deps: NotifyDeps, tx: Tx, orderId: number, at: Date) {
  await lockOrderChat(tx, orderId);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const [mark] = await tx
    .select({ upTo: notificationChatMarks.mailedUpTo })
    .from(notificationChatMarks)
    .where(eq(notificationChatMarks.orderId, orderId));
  const unread = and(
    eq(chatMessages.orderId, orderId),
    ne(chatMessages.author, 'customer'),
    isNull(chatMessages.readAt),
    gt(chatMessages.id, mark?.upTo ?? 0),
  );
  const pending = await tx.select().from(chatMessages).where(unread).orderBy(asc(chatMessages.id));
  if (!pending.length) return;
  const last = pending.at(-1)!.id;
  await tx
    .insert(notificationChatMarks)
    .values({ orderId, mailedUpTo: last })
    .onConflictDoUpdate({ target: notificationChatMarks.orderId, set: { mailedUpTo: last } });
  const who = await readNotifying(tx, order.userId);
  if (!who) return;
  const shown = pending.slice(-CHAT_LETTER_MAX);
  const letter = chatLetter(order, shown, pending.length - shown.length, who.timeZone);
  const path = pathOf('chat_message', orderId);
  const newest = pending.at(-1)!;
  await queuePushes(
    deps,
    tx,
    at,
    {
      userId: order.userId,
      kind: 'chat_message',
      title: letter.subject,
      body: `${newest.authorName}: ${newest.text}`,
      path,
      key: `chat_message:${orderId}:${last}`,
    },
    who,
  );
  if (!who.settings.chat_message.email) return;
  await sendToOutbox(
    { db: tx, now: () => at },
    {
      channel: 'email',
      recipient: who.email,
      subject: letter.subject,
      body: `${letter.body}\n\nОтветить: ${deps.config.publicOrigin}${path}`,
      kind: 'chat_message',
      payload: {
        ...letterPayload(deps, order.userId, 'chat_message', path),
        button: 'Открыть переписку',
        orderId,
        messageIds: pending.map((m) => m.id),
      },
      dedupeKey: `chat_message:${orderId}:${last}:email`,
    },
  );
}

/** Registers the notification jobs on the runner. */
export function registerNotifications(runner: JobRunner, deps: NotifyDeps): void {
  runner.handle<NotifyEvent>(NOTIFY_EVENT_JOB, async (event, ctx) => {
    await deps.db.transaction((tx) => deliverEvent(deps, tx, event, ctx.key ?? `job:${ctx.id}`, ctx.now));
  });
  runner.handle<{ orderId: number }>(NOTIFY_CHAT_JOB, async ({ orderId }, ctx) => {
    await deps.db.transaction((tx) => deliverChatBatch(deps, tx, orderId, ctx.now));
  });
}
