import type { SnapshotFrom } from 'xstate';
import type { emailChangeMachine } from './email-change.machine';

type Snapshot = SnapshotFrom<typeof emailChangeMachine>;

export type EmailChangeView =
  'loading' | 'loadFailed' | 'form' | 'pending' | 'confirming' | 'confirmed' | 'confirmFailed';

/** Which screen the page shows. */
export function selectView(s: Snapshot): EmailChangeView {
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('confirming')) return 'confirming';
  if (s.matches('confirmed')) return 'confirmed';
  if (s.matches('confirmFailed')) return 'confirmFailed';
  if (s.matches('pending') || s.matches('cancelling')) return 'pending';
  if (s.matches('idle')) return 'form';
  // Requesting keeps the screen it came from.
  if (s.matches('requesting')) return s.context.pending ? 'pending' : 'form';
  return 'loading';
}

export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsRequesting = (s: Snapshot) => s.matches('requesting');
export const selectIsCancelling = (s: Snapshot) => s.matches('cancelling');
export const selectEmail = (s: Snapshot) => s.context.email;
export const selectPending = (s: Snapshot) => s.context.pending;
export const selectConfirmedEmail = (s: Snapshot) => s.context.confirmedEmail;
export const selectError = (s: Snapshot) => s.context.error;
