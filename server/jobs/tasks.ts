// What the server runs in the background, registered on the one job runner (runner.ts says how it works).
import type { Deps } from '../env';
import { pruneJobs, type JobRunner } from './runner';
import { registerOutbox } from '../delivery/worker';
import { createChannels } from '../delivery/channels';
import { registerRefunds } from '../delivery/yookassa-provider';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function registerJobs(runner: JobRunner, deps: Deps): void {
  registerOutbox(runner, deps, createChannels(deps.config));
  registerRefunds(runner, deps);

  // Finished jobs are kept a while for staff and for idempotency keys, then dropped.
  runner.every('jobs.prune', HOUR, async ({ tx, now }) => {
    await pruneJobs(tx, {
      doneBefore: new Date(now.getTime() - 7 * DAY),
      failedBefore: new Date(now.getTime() - 30 * DAY),
    });
  });
}
