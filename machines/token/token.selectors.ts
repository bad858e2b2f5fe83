import type { SnapshotFrom } from 'xstate';
import type { tokenMachine } from './token.machine';

type TokenSnapshot = SnapshotFrom<typeof tokenMachine>;

export const selectAccessToken = (s: TokenSnapshot) => s.context.access;
export const selectExpiresAt = (s: TokenSnapshot) => s.context.expiresAt;
export const selectIsRefreshing = (s: TokenSnapshot) => s.hasTag('loading');
/** The outcome a caller waiting for a refresh gets: settled once the machine leaves `refreshing`. */
export function selectRefreshOutcome(s: TokenSnapshot): 'pending' | 'refreshed' | 'expired' | 'unavailable' {
  if (s.matches('refreshing')) return 'pending';
  if (s.matches('active')) return 'refreshed';
  if (s.matches('unavailable')) return 'unavailable';
  return 'expired';
}
