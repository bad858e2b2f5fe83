import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/tables';
import type { Logger } from '../ops/logger';
import { DeliveryError, type Channel, type OutboxRow } from './channel';
import type { OutboxSettings } from './settings';

export interface OutboxChannels {
  email: Channel;
  sms: Channel;
}

export interface DeliveryDeps {
  db: Db;
  now: () => Date;
  log?: Pick<Logger, 'warn' | 'info'>;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** 30 s, 2 min, 8 min, 32 min, then hourly, each with up to a tenth more so instances do not retry in step. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (1 + random() / 10));
}

/**
 * Claims up to `batch` due messages in one statement: pending ones whose time has come, and ones left `sending` by
 * an instance whose lease ran out. SKIP LOCKED lets several instances claim at once without taking the same row;
 * the lease (committed before anything is sent) keeps the row theirs while they send. `was` tells a fresh try from
 * one after a try whose outcome nobody recorded.
 */
async function claim(
  deps: DeliveryDeps,
  settings: OutboxSettings,
  batch: number,
): Promise<(OutboxRow & { was: string })[]> {
  const now = deps.now();
  const leaseUntil = new Date(now.getTime() + settings.leaseMs);
  const result = await deps.db.execute<Record<string, unknown>>(sql`
    with due as (
      select id, status as was from ${outbox}
      where (status = 'pending' and next_attempt_at <= ${now.toISOString()})
         or (status = 'sending' and lease_until <= ${now.toISOString()})
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked
    )
    update ${outbox} o
    set status = 'sending', attempts = o.attempts + 1, lease_until = ${leaseUntil.toISOString()}
    from due where o.id = due.id
    returning o.id, due.was`);
  const claimed = new Map(result.rows.map((r) => [Number(r.id), String(r.was)]));
  if (!claimed.size) return [];
  const rows = await deps.db
    .select()
    .from(outbox)
    .where(inArray(outbox.id, [...claimed.keys()]))
    .orderBy(outbox.id);
  return rows.map((r) => ({ ...r, was: claimed.get(r.id)! }));
}

/** Writes a try's outcome, only while the row is still this try's (same attempt, still sending). */
async function settle(
  deps: DeliveryDeps,
  row: OutboxRow,
  set: Partial<typeof outbox.$inferInsert>,
): Promise<void> {
  await deps.db
    .update(outbox)
    .set({ leaseUntil: null, ...set })
    .where(and(eq(outbox.id, row.id), eq(outbox.status, 'sending'), eq(outbox.attempts, row.attempts)));
}

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/**
 * One pass of the outbox worker: claims what is due and delivers it through its channel. A temporary failure
 * goes back to pending after a backoff; a permanent one, or the last try's, marks the message failed with the
 * reason. Called by the job runner (README "Deliveries"); safe to call from many instances at once.
 */
export async function deliverDue(
  deps: DeliveryDeps,
  channels: OutboxChannels,
  settings: OutboxSettings,
  opts: { batch?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (const row of await claim(deps, settings, opts.batch ?? 20)) {
    const channel = channels[row.channel];
    try {
      // The last try stopped between handing over and recording it: ask the channel before sending again.
      const earlier = row.was === 'sending' && channel.findSent ? await channel.findSent(row) : null;
      const { providerId } = earlier ?? (await channel.send(row));
      await settle(deps, row, { status: 'sent', sentAt: deps.now(), providerId, lastError: null });
      report.sent++;
    } catch (err) {
      const last = row.attempts >= settings.attempts;
      const permanent = err instanceof DeliveryError && err.permanent;
      if (permanent || last) {
        await settle(deps, row, { status: 'failed', lastError: reason(err) });
        report.failed++;
        deps.log?.warn(
          { outboxId: row.id, channel: channel.name, err: reason(err) },
          'outbox: message failed',
        );
      } else {
        const next = new Date(deps.now().getTime() + backoffMs(row.attempts));
        await settle(deps, row, { status: 'pending', nextAttemptAt: next, lastError: reason(err) });
        report.retried++;
      }
    }
  }
  return report;
}
