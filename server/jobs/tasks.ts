// What the server runs in the background, registered on the one job runner (runner.ts says how it works).
import type { Deps } from '../env';
import { pruneJobs, type JobRunner } from './runner';
import { settleExpiredGuarantees } from '../domain/orders/commands';
import { orderChangedEvent, publishEvents } from '../realtime/order-events';
import { registerOutbox } from '../delivery/worker';
import { createChannels } from '../delivery/channels';
import { registerRefunds } from '../delivery/yookassa-provider';
import { rollUpPageViews } from '../domain/page-views';
import { rollUpFunnel } from '../domain/funnel-days';
import { registerDataExports } from '../domain/data-export';
import { REMOVE_STORED_JOB } from '../domain/order-files';
import { registerAccountClosing } from '../domain/account-closing';
import { registerNotifications } from '../domain/notifications/deliver';
import { pushStore } from '../domain/notifications/push-subscriptions';
import { queueGuaranteeEndings } from '../domain/notifications/guarantee';
import { IDEMPOTENCY_KEEP_MS, pruneIdempotencyKeys } from '../domain/idempotency';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * How often expired guarantees are settled; until then reads derive "done" (docs/architecture.md, Background
 * jobs).
 */
export const GUARANTEE_SWEEP_MS = 60_000;

/**
 * How often the prunes run: each pass deletes at most PRUNE_BATCH finished jobs (runner.ts), or as many idempotency
 * keys (server/domain/idempotency.ts).
 */
export const PRUNE_MS = 60_000;

export const IDEMPOTENCY_PRUNE_JOB = 'idempotency.prune';

/** How often the page views' roll-up runs; each pass counts at most ROLLUP_BATCH raw rows (server/domain/page-views.ts). */
export const PAGE_VIEW_ROLLUP_MS = 60_000;

/** How often the funnel's roll-up runs; each pass rolls at most DAYS_PER_PASS days (server/domain/funnel-days.ts). */
export const FUNNEL_ROLLUP_MS = 60_000;

export function registerJobs(runner: JobRunner, deps: Deps): void {
  // A guarantee that has run out makes its order done (its tab and the counters follow); the customer is told.
  runner.every('orders.guarantee-sweep', GUARANTEE_SWEEP_MS, async ({ tx, now }) => {
    const settled = await settleExpiredGuarantees(tx, now);
    // Guarantees ending within 3 days: the customer is told once per guarantee end.
    await queueGuaranteeEndings(tx, now);
    return () => publishEvents(deps, settled.map(orderChangedEvent));
  });

  registerOutbox(runner, deps, createChannels(deps.config, pushStore(deps.db)));
  registerNotifications(runner, deps);
  registerRefunds(runner, deps);
  registerDataExports(runner, deps);
  registerAccountClosing(runner, deps);

  // Stored files the request could not remove (the store went away mid-upload): removed once it is back.
  runner.handle<{ keys: string[] }>(REMOVE_STORED_JOB, async ({ keys }) => {
    await deps.storage.delete(keys);
  });

  // Page views per day and name, a batch of raw rows a pass, a pass a minute; raw rows go after their retention
  // (docs/analytics.md).
  runner.every('analytics.rollup', PAGE_VIEW_ROLLUP_MS, async ({ tx, now }) => {
    await rollUpPageViews(tx, now);
  });

  // The staff funnel's whole days (server/domain/funnel-days.ts); the report reads them instead of the firsts. A day a
  // pass, a pass a minute: a day is rolled within the minute it is due, and a catch-up goes in short passes.
  runner.every('analytics.funnel-rollup', FUNNEL_ROLLUP_MS, async ({ tx, now }) => {
    await rollUpFunnel(tx, now);
  });

  // Finished jobs are kept a while for staff and for idempotency keys, then dropped: PRUNE_BATCH a pass, every
  // minute (60 000 an hour, far above what finishes in one), so a pass stays short after any backlog.
  runner.every('jobs.prune', PRUNE_MS, async ({ tx, now }) => {
    await pruneJobs(tx, {
      doneBefore: new Date(now.getTime() - 7 * DAY),
      failedBefore: new Date(now.getTime() - 30 * DAY),
    });
  });

  // Idempotency keys past their replay window go the same way: a batch a pass, every minute.
  runner.every(IDEMPOTENCY_PRUNE_JOB, PRUNE_MS, async ({ tx, now }) => {
    await pruneIdempotencyKeys(tx, { before: new Date(now.getTime() - IDEMPOTENCY_KEEP_MS) });
  });
}
