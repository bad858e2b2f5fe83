// The balances in the header are the session's. A page where they may just have moved (the payment provider's
// return, the payments and withdraw pages) reads them again through a resource while it is mounted and hands the
// answer to the session. A failed read leaves the header as it was: the socket's `finances` event corrects it.
import { useEffect } from 'react';
import type { Finances } from '../../contract/payments.api';
import { useSendToSession } from './hooks';
import { useResource } from './resource';

/**
 * Reads the balances with `load` for `key` (another key reads again; null reads nothing) and reports each answer to
 * the session.
 */
export function useFreshFinances(
  load: (signal: AbortSignal) => Promise<Finances>,
  key: string | null = 'mounted',
): void {
  const send = useSendToSession();
  const { data } = useResource<Finances | null, string | null>(
    (k, signal) => (k === null ? Promise.resolve(null) : load(signal)),
    key,
  );
  useEffect(() => {
    if (data) send({ type: 'session.finances', money: data.money, bonus: data.bonus });
  }, [data, send]);
}
