// What the offline cabinet shares across the app (README "Offline"), in one module so the lazy chunks that use it
// share one chunk (each chunk's name is listed in the first visit's entry):
// - is the cabinet cut off? The browser says it is offline, or the server does not answer (the socket has failed to
//   reconnect twice in a row). The frame shows "Нет соединения" then, and forms that need the server say so;
// - a waiting new version ("Доступна новая версия — обновить"), offered by src/app/offline.ts;
// - where the chat outboxes live in localStorage.
import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
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

export function useIsOffline(): boolean {
  const offline = useSyncExternalStore(subscribeOnline, browserOffline, () => false);
  const unreachable = useSelector(
    useAppActors().realtime,
    (s) => s.hasTag('waiting') && s.context.attempt >= UNREACHABLE_AFTER_ATTEMPTS,
  );
  return offline || unreachable;
}

// ---- A waiting new version --------------------------------------------------------------------------------------
type Listener = () => void;

let apply: (() => void) | null = null;
const listeners = new Set<Listener>();

/** A new version waits; `activate` makes it take over and reloads the page. */
export function offerUpdate(activate: () => void): void {
  apply = activate;
  for (const listener of listeners) listener();
}

/** The waiting version's activation, or null while there is none (useSyncExternalStore's snapshot). */
export function pendingUpdate(): (() => void) | null {
  return apply;
}

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chat outboxes in localStorage: this prefix, then `<customer>.<order>` (sign-out deletes them all). */
export const OUTBOX_STORAGE_PREFIX = 'cabinet.chat-outbox.';
