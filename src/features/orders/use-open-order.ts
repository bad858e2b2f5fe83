import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useAppActors } from '../../actors/app-actors';
import { useRealtimeEvents } from '../../actors/realtime';
import { selectIsRefreshing, selectOrder } from '../../../machines/order-loader/order-loader.selectors';

/** The open order from the loader's cache (the route's beforeLoad has loaded it). */
export const useOpenOrder = () => useSelector(useAppActors().orderLoader, selectOrder);
export const useOrderRefreshing = () => useSelector(useAppActors().orderLoader, selectIsRefreshing);

/** "This order changed": its cached copy expires and the page reloads it quietly. */
export function useInvalidateOrder() {
  const { orderLoader } = useAppActors();
  return useCallback((id: number) => orderLoader.send({ type: 'orderLoader.invalidate', id }), [orderLoader]);
}

/**
 * The socket says the open order changed (status, price, payment, trash) or got a file: reload it. After a
 * reconnect the app may have missed such events, so it reloads too.
 */
export function useOrderRealtime(orderId: number) {
  const invalidate = useInvalidateOrder();
  useRealtimeEvents((notice) => {
    if (notice.type === 'realtime.resumed') invalidate(orderId);
    else if (
      (notice.type === 'order.changed' || notice.type === 'order.file') &&
      notice.orderId === orderId
    ) {
      invalidate(orderId);
    }
  });
}
