import { useCallback } from 'react';
import { useAppActors } from '../../actors/app-actors';
import type { Finances } from '../../../contract/payments.api';
import { fetchFinances } from './api';

/** Hands new balances to the session (the header shows them); the socket's `finances` event does the same. */
export function useReportFinances() {
  const { session } = useAppActors();
  return useCallback(
    (f: Finances) => session.send({ type: 'session.finances', money: f.money, bonus: f.bonus }),
    [session],
  );
}

/** Re-reads the balances (PATCH profile/status/) and reports them; a failure leaves the header as it was. */
export function useRefreshFinances() {
  const report = useReportFinances();
  return useCallback(async () => {
    try {
      report(await fetchFinances());
    } catch {
      // The header keeps the last known balances; the socket will correct them.
    }
  }, [report]);
}
