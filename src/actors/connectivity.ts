// Is the cabinet cut off? The browser says it is offline, the server does not answer (the socket has failed to
// reconnect twice in a row), or the API answers 503 (its database or file store is gone, or it sheds load: the
// availability actor). The frame shows "Нет соединения" then, and forms that need the server say so.
import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { selectIsUnavailable } from '../../machines/availability/availability.selectors';
import { useAppActors } from './app-actors';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const browserOffline = () => !navigator.onLine;

/** Failed socket attempts in a row that count as "the server is unreachable" (one may be a passing blip). */
export const UNREACHABLE_AFTER_ATTEMPTS = 2;

/**
 * What the browser says of its network (`navigator.onLine`, followed through its events). Read from the flag, so a
 * stray 'online' event while the flag stays false (Chromium fires them) changes nothing.
 */
export function useBrowserOffline(): boolean {
  return useSyncExternalStore(subscribeOnline, browserOffline, () => false);
}

export function useIsOffline(): boolean {
  const offline = useBrowserOffline();
  const actors = useAppActors();
  const unreachable = useSelector(
    actors.realtime,
    (s) => s.hasTag('waiting') && s.context.attempt >= UNREACHABLE_AFTER_ATTEMPTS,
  );
  const unavailable = useSelector(actors.availability, selectIsUnavailable);
  return offline || unreachable || unavailable;
}
