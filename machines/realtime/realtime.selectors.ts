import type { SnapshotFrom } from 'xstate';
import type { realtimeMachine } from './realtime.machine';

type RealtimeSnapshot = SnapshotFrom<typeof realtimeMachine>;

/** idle: signed out; waiting: between attempts (the UI may hint "reconnecting"). */
export function selectConnection(s: RealtimeSnapshot): 'idle' | 'connecting' | 'open' | 'waiting' {
  if (s.hasTag('open')) return 'open';
  if (s.hasTag('connecting')) return 'connecting';
  if (s.hasTag('waiting')) return 'waiting';
  return 'idle';
}
export const selectIsOpen = (s: RealtimeSnapshot) => s.hasTag('open');
export const selectAttempt = (s: RealtimeSnapshot) => s.context.attempt;
