import type { SnapshotFrom } from 'xstate';
import type { withdrawalMachine } from './withdrawal.machine';
import { attemptKey } from './withdrawal.machine';

type Snapshot = SnapshotFrom<typeof withdrawalMachine>;

export const selectIsSubmitting = (s: Snapshot) => s.hasTag('loading');
export const selectIsDone = (s: Snapshot) => s.matches('done');
export const selectResult = (s: Snapshot) => s.context.result;
export const selectError = (s: Snapshot) => s.context.error;
export const selectAttemptKey = (s: Snapshot) =>
  s.context.attempt > 0 ? attemptKey(s.context.seed, s.context.attempt) : null;
