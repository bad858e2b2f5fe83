import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * One-off background jobs (server/jobs/): an outbox delivery, an export, an erasure. A row is `queued` until an
 * instance claims it (`running`, with a lease in `lockedUntil`), then `done`, or back to `queued` with a later
 * `runAt` after a failure, or `failed` for good once `attempts` reaches `maxAttempts`. A lease that runs out (the
 * instance died) makes the job claimable again. `key` is the caller's idempotency key: one job per (name, key).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    key: text('key'),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('jobs_name_key_unique').on(t.name, t.key),
    // What a runner's claim scans: the due queued jobs and the running ones whose lease may have run out.
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} in ('queued', 'running')`),
    // What the prune deletes: finished jobs by age, the oldest first (without it the prune reads the whole table).
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} in ('done', 'failed')`),
  ],
);

/**
 * Recurring tasks (the guarantee sweep, roll-ups): when each is next due. A run happens under a transaction-scoped
 * advisory lock on the task's name, in the same transaction that moves `nextRunAt`, so across instances one runs
 * it, and an instance that dies mid-run leaves the row as it was (the next instance runs it again).
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunBy: text('last_run_by'),
  lastError: text('last_error'),
});
