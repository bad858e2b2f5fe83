import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, outbox, type OutboxStatus } from '../db/tables';
import { enqueue } from '../jobs/runner';
import { OUTBOX_JOB, OUTBOX_MAX_ATTEMPTS, outboxJobKey } from '../delivery/worker';

/** A Drizzle database or an open transaction: a message is written in the caller's transaction when it has one. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutboxMessage {
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject?: string;
  body: string;
  /** What the message is (login_code, password_reset, welcome, …); staff filter by it. */
  kind: string;
  /** Machine-readable parts (link, code). */
  payload?: Record<string, unknown>;
  /** Not before this time (an SMS kept through the night silence). */
  notBefore?: Date;
  /** At most one message per key: a second one is not written, and null is answered. */
  dedupeKey?: string;
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Queues an e-mail or SMS. Pass `deps` (or `{ db: tx, now: deps.now }` inside a transaction): the message then
 * exists only if that transaction commits, and the outbox worker (server/delivery/worker.ts) delivers it after.
 */
export async function sendToOutbox(
  deps: { db: DbOrTx; now: () => Date },
  message: OutboxMessage & { dedupeKey?: undefined },
): Promise<OutboxRow>;
export async function sendToOutbox(
  deps: { db: DbOrTx; now: () => Date },
  message: OutboxMessage,
): Promise<OutboxRow | null>;
export async function sendToOutbox(
  deps: { db: DbOrTx; now: () => Date },
  message: OutboxMessage,
): Promise<OutboxRow | null> {
  const [row] = await deps.db
    .insert(outbox)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? '',
      body: message.body,
      kind: message.kind,
      payload: message.payload ?? {},
      createdAt: deps.now(),
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    if (message.dedupeKey) return null;
    throw new Error('outbox insert returned nothing');
  }
  await enqueue(deps, {
    name: OUTBOX_JOB,
    key: outboxJobKey(row.id),
    payload: { id: row.id },
    maxAttempts: OUTBOX_MAX_ATTEMPTS,
    ...(message.notBefore ? { runAt: message.notBefore } : {}),
  });
  return row;
}

/** Newest first, with when a pending one is tried next (its job's time); for the staff API and tests. */
export async function listOutbox(
  deps: { db: DbOrTx },
  filter: { recipient?: string; kind?: string; status?: OutboxStatus; limit: number },
): Promise<(OutboxRow & { nextAttemptAt: Date | null })[]> {
  const where: SQL[] = [];
  if (filter.recipient) where.push(eq(outbox.recipient, filter.recipient));
  if (filter.kind) where.push(eq(outbox.kind, filter.kind));
  if (filter.status) where.push(eq(outbox.status, filter.status));
  const rows = await deps.db
    .select({ message: outbox, runAt: jobs.runAt })
    .from(outbox)
    .leftJoin(jobs, and(eq(jobs.name, OUTBOX_JOB), eq(jobs.key, sql`'outbox:' || ${outbox.id}`)))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outbox.id))
    .limit(filter.limit);
  return rows.map((r) => ({
    ...r.message,
    nextAttemptAt: r.message.status === 'pending' ? r.runAt : null,
  }));
}
