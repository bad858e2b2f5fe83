// The confirmation pages' read (/order/{id}/welcome and /order/{id}/success): their routes' loaders visit it, so the
// read starts with the navigation from the order form or the payment, before the page's code has arrived.
import type { OrderConfirmation } from '../../../contract/orders.api';
import { routeResource, type ResourceActor } from '../../actors/resource';
import { getConfirmation } from './api';

export interface ConfirmationKey {
  kind: 'welcome' | 'success';
  id: number;
  /** The `source` query parameter, passed on to the server. */
  source: string | null;
}

export const confirmationResource = routeResource((key: ConfirmationKey, signal) =>
  getConfirmation(key.kind, key.id, key.source, signal),
);
export type ConfirmationResource = ResourceActor<OrderConfirmation, ConfirmationKey>;
