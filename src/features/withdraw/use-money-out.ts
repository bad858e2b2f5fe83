import { useActorRef } from '@xstate/react';
import { createContext, useContext } from 'react';
import { fromPromise } from 'xstate';
import { useAppActors } from '../../actors/app-actors';
import { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import type { MoneyOutRequest, MoneyOutResult } from '../../../machines/withdrawal/withdrawal.types';

/** Called after any money-out request went through (the page's list of requests reloads). */
export const MoneyOutDone = createContext<() => void>(() => {});

/**
 * A `withdrawal` machine for one money-out form, with its POST. When the answer carries the balances, the session
 * gets them at once (the header updates; the socket's `finances` event follows).
 */
export function useMoneyOut(
  post: (request: MoneyOutRequest, idempotencyKey: string) => Promise<MoneyOutResult>,
) {
  const { session } = useAppActors();
  const onDone = useContext(MoneyOutDone);
  return useActorRef(
    withdrawalMachine.provide({
      actors: {
        submit: fromPromise(({ input }) => post(input.request, input.idempotencyKey)),
      },
      actions: {
        reportFinances: (_, r) => {
          if (typeof r.money === 'number' && typeof r.bonus === 'number')
            session.send({ type: 'session.finances', money: r.money, bonus: r.bonus });
          onDone();
        },
      },
    }),
    { input: {} },
  );
}
