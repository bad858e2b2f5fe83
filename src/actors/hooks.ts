// Narrow hooks: each reads ONE value of one actor, so a component re-renders only when that value changes. They work
// before the actors have loaded (src/actors/actors-slot.ts): a public page's first render gets the value an
// anonymous visitor's fresh actor would give (idle, no error, no dialogs) and follows the actor once it arrives.
// Written on useSyncExternalStore, not @xstate/react, so the entry needs no xstate.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useActorsSlot, useAppActors, type AppActors } from './app-actors';
import type { Subscribable } from './actors-slot';
import {
  selectCodeLogin,
  selectError,
  selectFinances,
  selectIsAwaitingCode,
  selectIsAwaitingSecondFactor,
  selectIsBusy,
  selectIsLoaded,
  selectIsSignedIn,
  selectUser,
} from '../../machines/session/session.selectors';
import { selectIsDark, selectTheme } from '../../machines/theme/theme.selectors';
import { selectDialogs } from '../../machines/dialogs/dialogs.selectors';
import { selectNotifications } from '../../machines/notifications/notifications.selectors';
import type { DialogOpenRequest } from '../../machines/dialogs/dialogs.types';
import type { NotificationKind } from '../../machines/notifications/notifications.types';
import type { ThemeName } from '../../contract/theme';
import type { SessionEvent } from '../../machines/session/session.types';

type ActorOf<K extends keyof AppActors> = AppActors[K] extends Subscribable<infer S> ? S : never;

/**
 * `select` of the snapshot of `actor`, `fallback()` while it is null (not loaded or not created yet), re-rendering
 * only when the selected value changes. Any xstate actor fits (it is only subscribed to), so a helper whose actor is
 * created after a dynamic import (a form's submission machine) reads it with this and keeps xstate out of the entry.
 */
export function useSnapshotValue<S, T>(
  actor: Subscribable<S> | null,
  select: (snapshot: S) => T,
  fallback: () => T,
): T {
  // The last snapshot read and its value: a selector that builds a new object answers the same for the same snapshot.
  const memo = useRef<{ snapshot: unknown; value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const sub = actor.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    [actor],
  );
  const read = () => {
    if (!actor) return fallback();
    const snapshot = actor.getSnapshot();
    if (memo.current?.snapshot !== snapshot) memo.current = { snapshot, value: select(snapshot) };
    return memo.current.value;
  };
  return useSyncExternalStore(subscribe, read, read);
}

/** useSnapshotValue of the app's actor `key`: the fallback until the actors arrive, then the actor's value. */
export function useActorValue<K extends 'session' | 'theme' | 'dialogs' | 'notifications', T>(
  key: K,
  select: (snapshot: ActorOf<K>) => T,
  fallback: () => T,
): T {
  const { actors } = useActorsSlot();
  return useSnapshotValue(
    actors ? (actors[key] as unknown as Subscribable<ActorOf<K>>) : null,
    select,
    fallback,
  );
}

/** Runs `fn` with the actors: at once when they are there (as a sent event always was), else when they arrive. */
function useWithActors(): (fn: (actors: AppActors) => void) => void {
  const { actors, whenActors } = useActorsSlot();
  return useCallback((fn) => (actors ? fn(actors) : void whenActors().then(fn)), [actors, whenActors]);
}

const none = () => null;
const no = () => false;
const NO_ITEMS: never[] = [];
/** One empty list for every read, so useSyncExternalStore sees the same value. */
const noItems = () => NO_ITEMS;

// ---- Session ---------------------------------------------------------------------------------------------------
export const useIsSignedIn = () => useActorValue('session', selectIsSignedIn, no);
export const useIsSessionLoaded = () => useActorValue('session', selectIsLoaded, no);
export const useUser = () => useActorValue('session', selectUser, none);
export const useFinances = () => useActorValue('session', selectFinances, none);
/** The last sign-in failure (`{ status?, message, fields? }`) or null. */
export const useSessionError = () => useActorValue('session', selectError, none);
/** A sign-in, code request, auto-login or sign-out is running (tag 'loading'). */
export const useSessionBusy = () => useActorValue('session', selectIsBusy, no);
export const useIsAwaitingCode = () => useActorValue('session', selectIsAwaitingCode, no);
export const useCodeLogin = () => useActorValue('session', selectCodeLogin, none);
/** Two-factor is on and the first factor was right: the login page shows the authenticator code form. */
export const useIsAwaitingSecondFactor = () => useActorValue('session', selectIsAwaitingSecondFactor, no);

/** Sends an event to the session: at once when the actors are there, else the moment they arrive. */
export function useSendToSession(): (event: SessionEvent) => void {
  const withActors = useWithActors();
  return useCallback((event) => withActors((a) => a.session.send(event)), [withActors]);
}

// ---- Theme -----------------------------------------------------------------------------------------------------
let prerenderTheme: ThemeName = 'light';
/** The build's prerender of the public pages (src/prerender.tsx) renders each page once per theme. */
export function setPrerenderTheme(theme: ThemeName): void {
  prerenderTheme = theme;
}
/** The theme the page is painted in (<html data-theme>, the server's choice) until the theme actor arrives. */
const paintedTheme = (): ThemeName => {
  if (!globalThis.document) return prerenderTheme;
  return globalThis.document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
};
export const useTheme = () => useActorValue('theme', selectTheme, paintedTheme);
export const useIsDarkTheme = () => useActorValue('theme', selectIsDark, () => paintedTheme() === 'dark');

/** Toggles light/dark (through the theme actor, which remembers the choice; sent when it arrives). */
export function useToggleTheme(): () => void {
  const withActors = useWithActors();
  return useCallback(() => withActors((a) => a.theme.send({ type: 'theme.toggle' })), [withActors]);
}

/** The dashboard tips the customer hid (kept in the session data, so hidden in every browser). */
export function useTipsHidden(): [hidden: boolean, hide: () => void] {
  const { sessionData } = useAppActors();
  // The same read on the server: its painting of the dashboard (src/first-screen-ssr.tsx) knows the customer's choice.
  const hidden = useSyncExternalStore(sessionData.subscribe, sessionData.tipsHidden, sessionData.tipsHidden);
  return [hidden, sessionData.hideTips];
}

// ---- Dialogs and notifications ---------------------------------------------------------------------------------
export const useDialogs = () => useActorValue('dialogs', selectDialogs, noItems);
export const useNotifications = () => useActorValue('notifications', selectNotifications, noItems);

/** `openDialog({ text, title?, … })` with the spec defaults filled in by the dialogs machine. */
export function useOpenDialog() {
  const withActors = useWithActors();
  return useCallback(
    (request: DialogOpenRequest) => withActors((a) => a.dialogs.send({ type: 'dialogs.open', ...request })),
    [withActors],
  );
}

/** `notify('success', 'Сохранено')`; the notification hides itself after 5000 ms unless `timeout` says otherwise. */
export function useNotify() {
  const withActors = useWithActors();
  return useCallback(
    (kind: NotificationKind, text: string, timeout?: number) =>
      withActors((a) =>
        a.notifications.send(
          timeout === undefined
            ? { type: 'notifications.push', kind, text }
            : { type: 'notifications.push', kind, text, timeout },
        ),
      ),
    [withActors],
  );
}
