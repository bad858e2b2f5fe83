import { useCallback } from 'react';
import { useAppActors } from '../../actors/app-actors';
import type { Finances } from '../../../contract/payments.api';

/** Hands new balances to the session (the header shows them); the socket's `finances` event does the same. */
export function useReportFinances() {
  const { session } = useAppActors();
  return useCallback(
    (f: Finances) => session.send({ type: 'session.finances', money: f.money, bonus: f.bonus }),
    [session],
  );
}
