import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { orderFormMachine } from '../../../machines/order-form/order-form.machine';

export type OrderFormActor = ActorRefFrom<typeof orderFormMachine>;

export const OrderFormContext = createContext<OrderFormActor | null>(null);

/** The form's actor (given by OrderFormPage); read values with one narrow useSelector each. */
export function useOrderForm(): OrderFormActor {
  const actor = useContext(OrderFormContext);
  if (!actor) throw new Error('useOrderForm() needs <OrderFormContext.Provider> above it');
  return actor;
}
