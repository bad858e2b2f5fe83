import type { SnapshotFrom } from 'xstate';
import type { orderLoaderMachine } from './order-loader.machine';

type OrderLoaderSnapshot = SnapshotFrom<typeof orderLoaderMachine>;

/** The open order's cached copy, or null. */
export const selectOrder = (s: OrderLoaderSnapshot) =>
  s.context.id === null ? null : (s.context.cache[s.context.id]?.order ?? null);
export const selectOrderId = (s: OrderLoaderSnapshot) => s.context.id;
export const selectIsLoading = (s: OrderLoaderSnapshot) => s.hasTag('loading');
export const selectIsRefreshing = (s: OrderLoaderSnapshot) => s.hasTag('refreshing');
export const selectError = (s: OrderLoaderSnapshot) => s.context.error;

/** What the order route does once the loader has settled (the route's beforeLoad waits for it). */
export type OrderOutcome = 'pending' | 'show' | 'archive' | 'notFound' | 'home';
export function selectOutcome(s: OrderLoaderSnapshot): OrderOutcome {
  if (s.matches('loading') || s.matches('awaitingPrefetch') || s.matches('idle')) return 'pending';
  if (s.matches('ready')) return 'show';
  if (s.matches('archived')) return 'archive';
  if (s.matches('noOrder')) return 'home';
  return 'notFound';
}
