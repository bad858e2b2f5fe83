/**
 * The job runner: the one mechanism for background work (sweeps, the outbox worker, exports, erasure, roll-ups).
 * Its state is in the database (tables `jobs` and `job_schedules`, server/db/schema/jobs.ts), so it survives
 * restarts, and it works the same on PGlite and on PostgreSQL.
 *
 *   const runner = createJobRunner({ db, now, log });
 *
 *   // (a) A recurring task: due at every start() and then `ms` after its last run. Across instances one of them
 *   // runs it: the run holds a transaction-scoped advisory lock on the task's name, and moves `next_run_at` in the
 *   // same transaction; the handler gets that transaction (`tx`), so its writes and the schedule commit together.
 *   // It may return a function to call once the run has committed (publish what changed).
 *   runner.every('orders.guarantee-sweep', 60_000, async ({ tx, now }) => { ...; return () => publish(...); });
 *
 *   // (b) One-off jobs: a handler per name, and jobs enqueued with any executor — pass the caller's transaction
 *   // so the job is queued atomically with its cause (an outbox message with the order that caused it).
 *   runner.handle('outbox.deliver', async (payload, { attempt, signal }) => { ... });
 *   // Optionally told when a job has failed for good — also when its instance died on the last try and no
 *   // handler was left to see it — so whatever tracks the work can follow (the outbox row turns failed).
 *   runner.handle('outbox.deliver', handler, { onFailed: async (payload, { id, reason }) => { ... } });
 *   await enqueue({ db: tx, now: deps.now }, { name: 'outbox.deliver', payload: { id }, key: `outbox:${id}`, maxAttempts: 8 });
 *
 *   await runner.start();   // runs what is due at once, then every `pollMs`
 *   await runner.runDue();  // one pass, without timers (tests: move `now` and call it)
 *   await runner.stop();    // no new pass; aborts `signal`, waits for the pass under way (SIGTERM, server.close)
 *
 * One-off jobs: claimed with `FOR UPDATE SKIP LOCKED` and leased for `leaseMs`; a lease that runs out (the
 * instance died) makes the job claimable again, so delivery is at least once — handlers must be idempotent (the
 * job's `key` is there for that). A throw puts the job back with an exponential backoff (`backoffMs(attempt)`)
 * until `maxAttempts`, then it stays `failed` with the reason in `last_error`. One job per (name, key): enqueueing
 * a key again returns the existing job (while it is kept: done jobs can be pruned with `pruneJobs`).
 *
 * Every timestamp comes from `deps.now()`, never from the database's clock, so tests drive time. On PGlite the
 * database belongs to one process, so one runner runs; on PostgreSQL any number of instances share the tables.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { jobs } from '../db/tables';
import type { Logger } from '../ops/logger';
import { databaseUnavailable } from '../db/unavailable';

/** A Drizzle database or an open transaction of it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface RecurringContext {
  /** The run's transaction: it holds the task's advisory lock and commits with the schedule's next run. */
  tx: Tx;
  now: Date;
  signal: AbortSignal;
}
/** May return what to do once the run has committed (announce its changes on the realtime bus). */
export type RecurringHandler = (ctx: RecurringContext) => Promise<void | (() => Promise<void>)>;

export interface JobContext {
  id: number;
  key: string | null;
  /** 1 on the first try. */
  attempt: number;
  now: Date;
  signal: AbortSignal;
}
export type JobHandler<P = unknown> = (payload: P, ctx: JobContext) => Promise<void>;

/** Told once a job has failed for good, with the reason stored in `last_error`; it must be idempotent. */
export type JobFailureHook<P = unknown> = (
  payload: P,
  ctx: { id: number; key: string | null; reason: string },
) => Promise<void>;

export interface HandleOptions<P> {
  onFailed?: JobFailureHook<P>;
}

export interface EnqueueOptions {
  name: string;
  payload?: unknown;
  /** Idempotency key: one job per (name, key). */
  key?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

export interface PassReport {
  /** Recurring tasks this instance ran in the pass. */
  recurring: string[];
  /** One-off jobs this instance ran, with what came of them. */
  jobs: { id: number; name: string; outcome: 'done' | 'retry' | 'failed' }[];
}

export interface JobRunner {
  readonly instanceId: string;
  every(name: string, ms: number, handler: RecurringHandler): void;
  handle<P>(name: string, handler: JobHandler<P>, opts?: HandleOptions<P>): void;
  runDue(): Promise<PassReport>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RunnerOptions {
  /** How often start()'s timer looks for due work (default 1 s). */
  pollMs?: number;
  /** How long a claimed job is this instance's (default 5 min); a job should finish well within it. */
  leaseMs?: number;
  /** Jobs claimed per pass and run side by side (default 5). */
  batch?: number;
  /** The wait before attempt n + 1 after attempt n failed (default 10 s · 2^(n−1), at most 1 h). */
  backoffMs?: (attempt: number) => number;
  /** Names this instance in the tables (default host:pid:random). */
  instanceId?: string;
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** The first key of the two-key advisory locks the runner takes; the second is hashtext(task name). */
const LOCK_SPACE = 22_0001;

export const defaultBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);

/** Queues a one-off job in the executor's transaction, if it has one; an existing (name, key) is returned as is. */
export async function enqueue(
  deps: { db: Executor; now: () => Date },
  job: EnqueueOptions,
): Promise<{ id: number; created: boolean }> {
  const now = deps.now();
  const [row] = await deps.db
    .insert(jobs)
    .values({
      name: job.name,
      key: job.key ?? null,
      payload: job.payload ?? {},
      runAt: job.runAt ?? now,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [jobs.name, jobs.key] })
    .returning({ id: jobs.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await deps.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.name, job.name), eq(jobs.key, job.key ?? '')));
  if (!existing) throw new Error(`job ${job.name} ${job.key ?? ''}: conflict without a row`);
  return { id: existing.id, created: false };
}

/** The most finished jobs one prune pass deletes (the pass runs every minute: a bounded transaction each time). */
export const PRUNE_BATCH = 1_000;

/**
 * Deletes finished jobs (done before `doneBefore`, failed before `failedBefore`), the oldest first and at most
 * `limit` of them; their keys can then be reused. Returns how many went: `limit` means there may be more. The
 * `jobs_finished_idx` scan stops at the limit, so a pass costs its batch, whatever the backlog (docs/scaling.md).
 */
export async function pruneJobs(
  db: Executor,
  opts: { doneBefore: Date; failedBefore: Date; limit?: number },
): Promise<number> {
  const limit = opts.limit ?? PRUNE_BATCH;
  // One range of the index up to the later cutoff; the failed jobs not old enough yet are the rows it skips. The ids
  // go in an array (`= any(array(…))`), so the delete probes the primary key for each: with `id in (select …)` the
  // planner may hash the batch and scan the whole table to find its rows.
  const upTo = opts.doneBefore > opts.failedBefore ? opts.doneBefore : opts.failedBefore;
  const res = await db.execute(
    sql`with gone as (delete from jobs where id = any(array(
          select id from jobs
          where state in ('done', 'failed') and finished_at < ${upTo.toISOString()}::timestamptz
            and ((state = 'done' and finished_at < ${opts.doneBefore.toISOString()}::timestamptz)
              or (state = 'failed' and finished_at < ${opts.failedBefore.toISOString()}::timestamptz))
          order by finished_at
          limit ${limit})) returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

const iso = (d: Date) => d.toISOString();
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobRunner(
  deps: { db: Db; now: () => Date; log?: Logger },
  opts: RunnerOptions = {},
): JobRunner {
  const { db, now, log } = deps;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 300_000;
  const batch = opts.batch ?? 5;
  const backoffMs = opts.backoffMs ?? defaultBackoffMs;
  const instanceId = opts.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const recurring = new Map<string, { ms: number; handler: RecurringHandler }>();
  const handlers = new Map<string, JobHandler>();
  const failureHooks = new Map<string, JobFailureHook>();
  /**
   * Outcomes that could not be written (the database went away as the job ended): written at the start of the next
   * passes, so a job done during a database restart is not run again when its lease runs out. Each names its job
   * and this instance, so it changes nothing once another instance has taken the job over.
   */
  const unsettled: SQL[] = [];
  async function settle(update: SQL) {
    try {
      await db.execute(update);
    } catch (err) {
      unsettled.push(update);
      throw err;
    }
  }
  async function settleLeftovers() {
    while (unsettled.length) {
      await db.execute(unsettled[0]!);
      unsettled.shift();
    }
  }

  /** Runs a job's failure hook; its own failure is logged, never thrown (the job is failed either way). */
  async function failedForGood(
    job: { id: number; name: string; key: string | null; payload: unknown },
    reason: string,
  ) {
    const hook = failureHooks.get(job.name);
    if (!hook) return;
    await hook(job.payload, { id: job.id, key: job.key, reason }).catch((err: unknown) =>
      log?.error({ err, job: job.id, name: job.name }, 'job failure hook failed'),
    );
  }
  let abort = new AbortController();
  let timer: ReturnType<typeof setInterval> | undefined;
  let pass: Promise<PassReport> | undefined;
  let stopped = false;

  async function runRecurring(name: string, task: { ms: number; handler: RecurringHandler }, at: Date) {
    let afterCommit: (() => Promise<void>) | undefined;
    const ran = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${name})) as ok`),
      );
      if (!lock?.ok) return false; // another instance is running it now
      await tx.execute(
        sql`insert into job_schedules (name, next_run_at) values (${name}, ${iso(at)}::timestamptz)
            on conflict (name) do nothing`,
      );
      const [due] = rowsOf<{ due: boolean }>(
        await tx.execute(
          sql`select next_run_at <= ${iso(at)}::timestamptz as due from job_schedules where name = ${name}`,
        ),
      );
      if (!due?.due) return false;
      let error: string | null = null;
      try {
        // A savepoint: a failing handler's writes are undone, the schedule still moves on.
        afterCommit =
          (await tx.transaction((inner) => task.handler({ tx: inner, now: at, signal: abort.signal }))) ??
          undefined;
      } catch (e) {
        error = message(e);
        log?.error({ err: e, task: name }, 'recurring task failed');
      }
      await tx.execute(
        sql`update job_schedules set next_run_at = ${iso(new Date(at.getTime() + task.ms))}::timestamptz,
              last_run_at = ${iso(at)}::timestamptz, last_run_by = ${instanceId}, last_error = ${error}
            where name = ${name}`,
      );
      return true;
    });
    await afterCommit?.().catch((err: unknown) => log?.error({ err, task: name }, 'after a recurring task'));
    return ran;
  }

  async function claim(at: Date): Promise<
    {
      id: number;
      name: string;
      key: string | null;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }[]
  > {
    const names = [...handlers.keys()];
    if (names.length === 0) return [];
    const nameList: SQL = sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    );
    const t = sql`${iso(at)}::timestamptz`;
    // A job whose last attempt's lease ran out (its instance died) has no attempt left: it fails here, and its
    // failure hook is told (the dead instance never was).
    const expired = await db.execute(
      sql`update jobs set state = 'failed', finished_at = ${t}, locked_until = null,
            last_error = coalesce(last_error || ' / ', '') || 'lease ran out on the last attempt'
          where state = 'running' and locked_until <= ${t} and attempts >= max_attempts and name in (${nameList})
          returning id, name, key, payload, last_error`,
    );
    for (const job of rowsOf<{
      id: number | string;
      name: string;
      key: string | null;
      payload: unknown;
      last_error: string;
    }>(expired))
      await failedForGood({ ...job, id: Number(job.id) }, job.last_error);
    const res = await db.execute(
      sql`update jobs set state = 'running', attempts = attempts + 1, locked_by = ${instanceId},
            locked_until = ${iso(new Date(at.getTime() + leaseMs))}::timestamptz
          where id in (
            select id from jobs
            where state in ('queued', 'running') and run_at <= ${t} and name in (${nameList})
              and (state = 'queued' or locked_until <= ${t})
            order by run_at, id
            limit ${batch}
            for update skip locked)
          returning id, name, key, payload, attempts, max_attempts`,
    );
    return rowsOf<{
      id: number | string;
      name: string;
      key: string | null;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>(res).map((r) => ({ ...r, id: Number(r.id) }));
  }

  async function runJob(
    job: Awaited<ReturnType<typeof claim>>[number],
    at: Date,
  ): Promise<PassReport['jobs'][number]> {
    const handler = handlers.get(job.name)!;
    const mine = sql`id = ${job.id} and locked_by = ${instanceId} and state = 'running'`;
    try {
      await handler(job.payload, {
        id: job.id,
        key: job.key,
        attempt: job.attempts,
        now: at,
        signal: abort.signal,
      });
    } catch (e) {
      const reason = message(e);
      const finished = now();
      if (job.attempts >= job.max_attempts) {
        log?.error({ err: e, job: job.id, name: job.name, attempt: job.attempts }, 'job failed for good');
        await settle(
          sql`update jobs set state = 'failed', last_error = ${reason}, locked_until = null,
                finished_at = ${iso(finished)}::timestamptz where ${mine}`,
        );
        await failedForGood(job, reason);
        return { id: job.id, name: job.name, outcome: 'failed' };
      }
      log?.warn({ err: e, job: job.id, name: job.name, attempt: job.attempts }, 'job failed, will retry');
      const retryAt = new Date(finished.getTime() + backoffMs(job.attempts));
      await settle(
        sql`update jobs set state = 'queued', last_error = ${reason}, locked_until = null,
              run_at = ${iso(retryAt)}::timestamptz where ${mine}`,
      );
      return { id: job.id, name: job.name, outcome: 'retry' };
    }
    await settle(
      sql`update jobs set state = 'done', locked_until = null, finished_at = ${iso(now())}::timestamptz
          where ${mine}`,
    );
    return { id: job.id, name: job.name, outcome: 'done' };
  }

  async function onePass(): Promise<PassReport> {
    const report: PassReport = { recurring: [], jobs: [] };
    await settleLeftovers();
    for (const [name, task] of recurring) {
      if (abort.signal.aborted) return report;
      if (await runRecurring(name, task, now())) report.recurring.push(name);
    }
    if (abort.signal.aborted) return report;
    const at = now();
    const claimed = await claim(at);
    // Every claimed job runs to its end even when another's bookkeeping fails (the database went away mid-pass).
    const outcomes = await Promise.allSettled(claimed.map((job) => runJob(job, at)));
    for (const o of outcomes) if (o.status === 'fulfilled') report.jobs.push(o.value);
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    return report;
  }

  /** Passes never overlap within an instance: a call during a pass waits for it and then runs its own. */
  function runDue(): Promise<PassReport> {
    const next = (pass ?? Promise.resolve()).catch(() => undefined).then(onePass);
    pass = next;
    return next;
  }

  function tick() {
    if (stopped) return;
    // While the database is away every pass fails; the timer keeps going and the next pass after it is back works.
    runDue().catch((err: unknown) =>
      databaseUnavailable(err)
        ? log?.warn({ err }, 'job pass failed: database unavailable')
        : log?.error({ err }, 'job pass failed'),
    );
  }

  return {
    instanceId,
    every(name, ms, handler) {
      if (recurring.has(name)) throw new Error(`recurring task ${name} is registered twice`);
      recurring.set(name, { ms, handler });
    },
    handle(name, handler, handleOpts) {
      if (handlers.has(name)) throw new Error(`job ${name} has two handlers`);
      handlers.set(name, handler as JobHandler);
      if (handleOpts?.onFailed) failureHooks.set(name, handleOpts.onFailed as JobFailureHook);
    },
    runDue,
    async start() {
      stopped = false;
      abort = new AbortController();
      // Every recurring task is due when an instance starts (a restart settles what fell due while it was down).
      const at = iso(now());
      for (const name of recurring.keys())
        await db.execute(
          sql`insert into job_schedules (name, next_run_at) values (${name}, ${at}::timestamptz)
              on conflict (name) do update set next_run_at = least(job_schedules.next_run_at, excluded.next_run_at)`,
        );
      await runDue().catch((err: unknown) => log?.error({ err }, 'job pass failed'));
      timer = setInterval(tick, pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      abort.abort();
      await pass?.catch(() => undefined);
    },
  };
}
