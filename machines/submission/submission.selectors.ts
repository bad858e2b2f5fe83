import type { SnapshotFrom } from 'xstate';
import { attemptKey, type submissionMachine } from './submission.machine';

type Snapshot = SnapshotFrom<typeof submissionMachine>;

/** Checking or sending: the submit button shows it is busy and further submits are ignored. */
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsSubmitting = (s: Snapshot) => s.matches('submitting');
export const selectIsDone = (s: Snapshot) => s.matches('done');
export const selectIsFailed = (s: Snapshot) => s.matches('failed');
export const selectResult = (s: Snapshot) => s.context.result;
/** The whole refusal of the last attempt (status, Retry-After), or null. */
export const selectError = (s: Snapshot) => s.context.error;
/** The message above the form, or null. */
export const selectDetail = (s: Snapshot) => s.context.detail;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
/** The messages at one field, or undefined. */
export const selectFieldError = (field: string) => (s: Snapshot) => s.context.fieldErrors[field];
export const selectAttemptKey = (s: Snapshot) =>
  s.context.attempt > 0 ? attemptKey(s.context.seed, s.context.attempt) : null;
