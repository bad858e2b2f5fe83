import type { SnapshotFrom } from 'xstate';
import type { verificationMachine } from './verification.machine';

type Snapshot = SnapshotFrom<typeof verificationMachine>;

export type VerificationView = 'checking' | 'checkFailed' | 'unverified' | 'requested' | 'verified';

/** Which screen the page shows (a running call keeps the screen it came from). */
export function selectView(s: Snapshot): VerificationView {
  if (s.matches('checking')) return 'checking';
  if (s.matches('checkFailed')) return 'checkFailed';
  if (s.matches('verified')) return 'verified';
  if (s.matches('requested') || s.matches('verifying')) return 'requested';
  if (s.matches('requesting')) return s.context.status === 'requested' ? 'requested' : 'unverified';
  return 'unverified';
}

export const selectIsBusy = (s: Snapshot) => s.hasTag('loading');
export const selectIsRequesting = (s: Snapshot) => s.matches('requesting');
export const selectIsVerifying = (s: Snapshot) => s.matches('verifying');
export const selectCanResend = (s: Snapshot) => s.matches({ requested: 'ready' });
export const selectResendDelayMs = (s: Snapshot) => s.context.resendDelayMs;
export const selectSends = (s: Snapshot) => s.context.sends;
export const selectError = (s: Snapshot) => s.context.error;
