// One pass of each recurring job on the `scale` section's database (issue 37 part 2), timed through the real
// functions. A pass that only reads or whose effect would change the next measurement runs in a transaction that is
// rolled back (median of 5); the erasure and the roll-up's first pass are committed.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../server/env';
import { settleExpiredGuarantees } from '../../server/domain/orders/commands';
import { queueGuaranteeEndings, WARNING_BATCH } from '../../server/domain/notifications/guarantee';
import {
  RAW_RETENTION_DAYS,
  RETENTION_BATCH,
  ROLLUP_BATCH,
  ROLLUP_LAG_MS,
  rollUpPageViews,
} from '../../server/domain/page-views';
import { DAYS_PER_PASS, ROLL_LAG_MS, rollUpFunnel } from '../../server/domain/funnel-days';
import { PRUNE_BATCH, pruneJobs } from '../../server/jobs/runner';
import { eraseAccount } from '../../server/domain/account-closing';
import {
  IDEMPOTENCY_KEEP_MS,
  IDEMPOTENCY_PRUNE_BATCH,
  pruneIdempotencyKeys,
} from '../../server/domain/idempotency';
import { OUTBOX_JOB } from '../../server/delivery/worker';
import type { Tx } from '../../server/domain/ledger';
import { ordersOf, type Exec } from './scale-data';

export interface JobTiming {
  name: string;
  ms: number | null;
}

const DAY = 86_400_000;

class Rollback extends Error {}

/**
 * The median of `runs` passes, each in a transaction rolled back. A pass that needs its backlog made first (rows taken
 * out so that it has them to roll again) calls `start` after making it: only the pass is timed.
 */
async function rolledBack(
  deps: Deps,
  fn: (tx: Tx, start: () => void) => Promise<unknown>,
  runs = 5,
): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < runs; i++) {
    let ms = 0;
    await deps.db
      .transaction(async (tx) => {
        let t = performance.now();
        await fn(tx, () => void (t = performance.now()));
        ms = performance.now() - t;
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    took.push(ms);
  }
  took.sort((a, b) => a - b);
  return took[Math.floor(runs / 2)]!;
}

/** The runner's claim of due one-off jobs (server/jobs/runner.ts), on the outbox's job name. */
export const CLAIM_SQL = `select id from jobs
  where state in ('queued', 'running') and run_at <= now() and name in ('${OUTBOX_JOB}')
    and (state = 'queued' or locked_until <= now())
  order by run_at, id limit 5 for update skip locked`;

export async function timeJobs(deps: Deps, exec: Exec): Promise<JobTiming[]> {
  const now = new Date();
  const out: JobTiming[] = [];
  // After the fill every guarantee ending within 3 days is still to be warned of (a backlog a live service has only
  // after its runner was down): a pass queues WARNING_BATCH warnings and settles at most SETTLE_BATCH guarantees,
  // whatever the backlog. The backlog is then drained (untimed) and the pass after it timed: the usual one.
  const sweep = async (tx: Tx | Deps['db']) => {
    await settleExpiredGuarantees(tx, now);
    await queueGuaranteeEndings(tx, now);
  };
  out.push({
    name: `guarantee sweep, a pass in the backlog (${WARNING_BATCH} warnings)`,
    ms: await rolledBack(deps, sweep),
  });
  // The drain analyses the jobs table as it goes, as autovacuum would: with statistics that have not seen the
  // warnings' jobs, the planner compares every guarantee with every warning (docs/scaling.md).
  while ((await settleExpiredGuarantees(deps.db, now, 1000)).length > 0);
  while ((await queueGuaranteeEndings(deps.db, now, 1000)) > 0) await exec('analyze jobs');
  out.push({ name: 'guarantee sweep, next pass', ms: await rolledBack(deps, sweep) });
  // Before the first pass no raw page view is counted (after the fill: 90 days of them): a pass counts ROLLUP_BATCH rows after the
  // watermark and deletes at most RETENTION_BATCH rows past the retention, whatever the backlog. The backlog is then
  // counted (untimed) and the pass after it timed: the usual one, a minute's rows at most.
  // (The fill stamps its rows in the past, so the counts are started again at each size.)
  await exec('delete from page_view_days');
  await exec('update page_views_rolled set through = null');
  out.push({
    name: `analytics roll-up, a pass in the backlog (${ROLLUP_BATCH.toLocaleString('en')} rows)`,
    ms: await rolledBack(deps, (tx) => rollUpPageViews(tx, now)),
  });
  // The backlog counted at once, as the passes would leave it (untimed; through the bench's own connection, which has
  // no statement timeout: 20 million rows are seconds, and thousands of passes).
  const counted = new Date(now.getTime() - ROLLUP_LAG_MS).toISOString();
  await exec(`insert into page_view_days (day, kind, name, referrer, views)
    select (at at time zone 'UTC')::date, kind, name, referrer, count(*)::int from page_views
    where at < '${counted}' group by 1, 2, 3, 4`);
  await exec(`update page_views_rolled set through = '${counted}'`);
  await exec(
    `delete from page_views where at < '${new Date(now.getTime() - RAW_RETENTION_DAYS * DAY).toISOString()}'`,
  );
  out.push({
    name: 'analytics roll-up, next pass',
    ms: await rolledBack(deps, (tx) => rollUpPageViews(tx, now)),
  });
  // A day later (the runner away meanwhile) a day's raw rows are past the retention: a pass deletes RETENTION_BATCH.
  out.push({
    name: `analytics roll-up, a pass in the retention's backlog (${RETENTION_BATCH.toLocaleString('en')} rows deleted)`,
    ms: await rolledBack(deps, (tx) => rollUpPageViews(tx, new Date(now.getTime() + DAY))),
  });
  // The funnel's roll-up was run over the history after the fill, and the day in progress until an hour before. A
  // pass within the day adds what came since (here: the minutes since the fill). The pass an hour after midnight
  // rolls the day before whole, replacing its part: the last whole day and today's part are taken out, the day before
  // marked rolled until 23:00, and the pass run at 01:01. After the upgrade, the passes roll the history, as many
  // days each: the oldest are taken out.
  out.push({
    name: 'funnel roll-up, a pass within the day',
    ms: await rolledBack(deps, (tx) => rollUpFunnel(tx, new Date(now.getTime() + 60_000))),
  });
  const midnight = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  out.push({
    name: 'funnel roll-up, daily pass (the day before, whole)',
    ms: await rolledBack(deps, async (tx, start) => {
      await tx.execute(sql`delete from funnel_days where day >= (select through from funnel_rolled)`);
      await tx.execute(sql`update funnel_rolled
        set through = through - 1, until = (through::timestamp at time zone 'UTC') + interval '23 hours'`);
      start();
      await rollUpFunnel(tx, new Date(midnight + ROLL_LAG_MS + 60_000));
    }),
  });
  out.push({
    name: `funnel roll-up, a history pass (${DAYS_PER_PASS} day${DAYS_PER_PASS > 1 ? 's' : ''}, after the upgrade)`,
    ms: await rolledBack(deps, async (tx, start) => {
      await tx.execute(
        sql`delete from funnel_days where day < (select since + ${DAYS_PER_PASS}::int from funnel_rolled)`,
      );
      await tx.execute(sql`update funnel_rolled set since = since + ${DAYS_PER_PASS}::int`);
      start();
      await rollUpFunnel(tx, now);
    }),
  });
  out.push({
    name: 'outbox claim (due jobs)',
    ms: await rolledBack(deps, (tx) => tx.execute(sql.raw(CLAIM_SQL))),
  });
  // The fill leaves a week of done jobs to prune (half the table); a pass deletes PRUNE_BATCH of them, the oldest
  // first, whatever the backlog (every minute: server/jobs/tasks.ts).
  const prune = (db: Tx | Deps['db']) =>
    pruneJobs(db, {
      doneBefore: new Date(now.getTime() - 7 * DAY),
      failedBefore: new Date(now.getTime() - 30 * DAY),
    });
  out.push({
    name: `jobs prune, a pass in a week's backlog (${PRUNE_BATCH} jobs)`,
    ms: await rolledBack(deps, prune),
  });
  // Erasure: a customer with 3 orders whose closing ran out (a fresh one each time: erasure cannot be undone).
  const { rows } = await exec(`
    select u.id from users u
    where ${ordersOf('u.id')} = 3 and not exists (select 1 from account_closures c where c.user_id = u.id)
    order by u.id desc limit 1`);
  const id = Number(rows[0]!.id);
  await exec(`insert into account_closures (user_id, closed_at, erase_at)
    values (${id}, now() - interval '31 days', now() - interval '1 day')`);
  const e = performance.now();
  await eraseAccount(deps, id, now);
  out.push({ name: 'erasure of one customer (3 orders)', ms: performance.now() - e });
  // The fill leaves a key per payment over 3 years, nearly all of them past their week (the first passes after the
  // upgrade): a pass deletes IDEMPOTENCY_PRUNE_BATCH of them, the oldest first, whatever the backlog.
  out.push({
    name: `idempotency-key clean-up, a pass in the backlog (${IDEMPOTENCY_PRUNE_BATCH} keys)`,
    ms: await rolledBack(deps, (tx) =>
      pruneIdempotencyKeys(tx, { before: new Date(now.getTime() - IDEMPOTENCY_KEEP_MS) }),
    ),
  });
  return out;
}
