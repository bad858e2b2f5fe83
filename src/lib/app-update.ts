// "Доступна новая версия — обновить": the registration (src/app/offline.ts, loaded after the first paint) offers
// the update here when a new service worker waits; the cabinet's frame shows the prompt (src/features/shell).
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
