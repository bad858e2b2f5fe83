// "The guarantee ends in 3 days": found by the guarantee sweep (server/jobs/tasks.ts), told once per guarantee end.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../jobs/runner';
import { ORDER_STATUSES } from '../../../contract/order-status';
import { NOTIFY_EVENT_JOB, queueNotification } from './events';

export const GUARANTEE_WARNING_MS = 3 * 24 * 3_600_000;

/** Warnings queued per sweep pass at most, a job each (a pass a minute: 3 000 an hour, far above those due). */
export const WARNING_BATCH = 50;

/**
 * Queues the warning of the guarantees that end within 3 days and have not been warned of, at most `limit` a pass
 * (a job each), so a pass after a backlog stays short; the next passes queue the rest.
 */
export async function queueGuaranteeEndings(db: Executor, now: Date, limit = WARNING_BATCH): Promise<number> {
  const soon = new Date(now.getTime() + GUARANTEE_WARNING_MS);
  // The job's key names the guarantee's end: a guarantee moved later (a rework) is warned of again.
  const res = await db.execute(
    sql`select o.id, o.user_id, extract(epoch from o.guarantee_until)::bigint::text as ends
        from orders o
        where o.status_id = ${ORDER_STATUSES.guarantee.id} and not o.is_trash
          and o.guarantee_until > ${now.toISOString()}::timestamptz
          and o.guarantee_until <= ${soon.toISOString()}::timestamptz
          and not exists (select 1 from jobs j where j.name = ${NOTIFY_EVENT_JOB}
            and j.key = 'guarantee_ending:' || o.id || ':' || extract(epoch from o.guarantee_until)::bigint::text)
        limit ${limit}`,
  );
  const rows = (res as unknown as { rows: { id: number; user_id: number; ends: string }[] }).rows;
  for (const r of rows)
    await queueNotification(
      { db, now: () => now },
      { kind: 'guarantee_ending', userId: Number(r.user_id), orderId: Number(r.id) },
      `${r.id}:${r.ends}`,
    );
  return rows.length;
}
