import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/tables';
import type { JobRunner } from '../jobs/runner';
import type { Logger } from '../ops/logger';
import { DeliveryError, type Channel } from './channel';

/** The job that delivers one outbox message; queued with the message (server/domain/outbox.ts). */
export const OUTBOX_JOB = 'outbox.deliver';
export const outboxJobKey = (id: number) => `outbox:${id}`;
/**
 * Tries of one message. With the runner's backoff (10 s, doubling) the sixth try comes about 5 minutes after the
 * first: a sign-in code lives 10, so a message that cannot go by then is failed rather than sent late.
 */
export const OUTBOX_MAX_ATTEMPTS = 6;

export interface OutboxChannels {
  email: Channel;
  sms: Channel;
  push: Channel;
}

export interface DeliveryDeps {
  db: Db;
  now: () => Date;
  log?: Pick<Logger, 'warn'>;
}

export type DeliveryOutcome = 'sent' | 'failed' | 'retry' | 'settled-before';

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/**
 * Delivers one outbox message: the `outbox.deliver` job's handler, run by one instance at a time under the job
 * runner's lease. Mark, then send: the row turns `sending` (committed) before the channel is called, so a try
 * that an instance's death cut short is known as such when the runner gives the job to another instance, which
 * then asks the channel whether that try went through before sending again (docs/deliveries.md).
 * A temporary failure records its reason and throws, so the runner retries after its backoff; a permanent one,
 * or the last try's, marks the message failed with the reason.
 */
export async function deliverMessage(
  deps: DeliveryDeps,
  channels: OutboxChannels,
  id: number,
  attempt: number,
  maxAttempts = OUTBOX_MAX_ATTEMPTS,
): Promise<DeliveryOutcome> {
  const [row] = await deps.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row || row.status === 'sent' || row.status === 'failed') return 'settled-before';
  const cutShort = row.status === 'sending';
  const [mine] = await deps.db
    .update(outbox)
    .set({ status: 'sending', attempts: row.attempts + 1 })
    .where(eq(outbox.id, id))
    .returning();
  const message = mine!;
  const channel = channels[message.channel];
  let lookingUp = cutShort && Boolean(channel.findSent);
  try {
    const earlier = lookingUp ? await channel.findSent!(message) : null;
    lookingUp = false;
    const { providerId } = earlier ?? (await channel.send(message));
    await deps.db
      .update(outbox)
      .set({ status: 'sent', sentAt: deps.now(), providerId, lastError: null })
      .where(eq(outbox.id, id));
    return 'sent';
  } catch (err) {
    const permanent = err instanceof DeliveryError && err.permanent;
    const last = attempt >= maxAttempts;
    // A try with no answer stays `sending`: whoever tries next asks the channel whether it went.
    const unknown = lookingUp || !(err instanceof DeliveryError) || err.unknown;
    const status = permanent || last ? 'failed' : unknown ? 'sending' : 'pending';
    await deps.db
      .update(outbox)
      .set({ status, lastError: reason(err) })
      .where(eq(outbox.id, id));
    if (permanent) {
      deps.log?.warn({ outboxId: id, channel: channel.name, err: reason(err) }, 'outbox: message refused');
      return 'failed';
    }
    throw err; // the runner retries it, or records the last try's failure on the job too
  }
}

/**
 * A message whose job has failed for good and that is not settled: failed, with the job's reason. The last try's
 * own failure has done this already; this is for a last try whose instance died (the runner fails the job when
 * its lease runs out, and no try was left to move the row off `sending`).
 */
export async function failMessage(deps: Pick<DeliveryDeps, 'db'>, id: number, why: string): Promise<void> {
  await deps.db
    .update(outbox)
    .set({ status: 'failed', lastError: why.slice(0, 500) })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['pending', 'sending'])));
}

/** Registers the outbox's job on the runner. */
export function registerOutbox(runner: JobRunner, deps: DeliveryDeps, channels: OutboxChannels): void {
  runner.handle<{ id: number }>(
    OUTBOX_JOB,
    async ({ id }, ctx) => {
      await deliverMessage(deps, channels, id, ctx.attempt);
    },
    { onFailed: ({ id }, { reason: why }) => failMessage(deps, id, why) },
  );
}
