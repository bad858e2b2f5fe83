import type { SnapshotFrom } from 'xstate';
import type { paymentMachine } from './payment.machine';
import { attemptKey } from './payment.machine';

type Snapshot = SnapshotFrom<typeof paymentMachine>;

/** The pay button is locked (the call runs, or the browser is leaving for the provider). */
export const selectIsLocked = (s: Snapshot) => s.hasTag('loading');
export const selectIsRedirecting = (s: Snapshot) => s.matches('redirecting');
export const selectIsPaid = (s: Snapshot) => s.matches('paid');
export const selectPaid = (s: Snapshot) => s.context.paid;
export const selectError = (s: Snapshot) => s.context.error;
/** The Idempotency-Key of the current attempt (null before the first submit). */
export const selectAttemptKey = (s: Snapshot) =>
  s.context.attempt > 0 ? attemptKey(s.context.seed, s.context.attempt) : null;
