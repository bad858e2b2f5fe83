import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/session.machine';
import type { tokenMachine } from '../../machines/token/token.machine';
import type { themeMachine } from '../../machines/theme/theme.machine';
import type { dialogsMachine } from '../../machines/dialogs/dialogs.machine';
import type { notificationsMachine } from '../../machines/notifications/notifications.machine';
import type { realtimeMachine } from '../../machines/realtime/realtime.machine';
import type { orderLoaderMachine } from '../../machines/order-loader/order-loader.machine';
import type { availabilityMachine } from '../../machines/availability/availability.machine';
import type { SessionDataSync } from './session-data';
import { createActorsSlot, type ActorsSlot } from './actors-slot';

/** The app-wide actors, created once in src/app/create-actors.ts; the router context holds the same refs. */
export interface AppActors extends SignedInActors {
  session: ActorRefFrom<typeof sessionMachine>;
  token: ActorRefFrom<typeof tokenMachine>;
  theme: ActorRefFrom<typeof themeMachine>;
  dialogs: ActorRefFrom<typeof dialogsMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  /** The customer's settings kept on the server across browsers: theme, hidden tips (src/app/session-data.ts). */
  sessionData: SessionDataSync;
  /**
   * Creates the signed-in pages' actors (once; the session's first sign-in starts it) and resolves with them. Until
   * then `orderLoader` and `realtime` are not set: the cabinet layout's beforeLoad waits for this, so every page
   * under it (all that read them) finds them.
   */
  signedIn: () => Promise<SignedInActors>;
}

/** The actors only signed-in pages use, loaded after the first sign-in (src/app/signed-in-actors.ts). */
export interface SignedInActors {
  /** The order routes' cache (spec 2: 60 000 ms, archived → archive tab, failure → /404). */
  orderLoader: ActorRefFrom<typeof orderLoaderMachine>;
  /** The WebSocket connection (src/actors/realtime.ts); features listen with useRealtimeEvents. */
  realtime: ActorRefFrom<typeof realtimeMachine>;
  /** Is the API serving? 502/503/504 answers make it unavailable until an answer or a probe says it is back. */
  availability: ActorRefFrom<typeof availabilityMachine>;
}

const ActorsSlotContext = createContext<ActorsSlot | null>(null);

/**
 * The router's context: the actors' slot (src/actors/actors-slot.ts). The root guard awaits the actors for a visit
 * that needs them; the cabinet layout's beforeLoad adds them, loaded and signed in, as `actors`.
 */
export interface RouterContext {
  slot: ActorsSlot;
}

/** Give `slot` (the app: filled when create-actors.ts arrives) or `actors` already made (a test). */
export function AppActorsProvider({
  slot,
  actors,
  children,
}: {
  slot?: ActorsSlot;
  actors?: AppActors;
  children: ReactNode;
}) {
  const value = useMemo(() => slot ?? createActorsSlot(actors ?? null), [slot, actors]);
  return <ActorsSlotContext.Provider value={value}>{children}</ActorsSlotContext.Provider>;
}

function useSlot(): ActorsSlot {
  const slot = useContext(ActorsSlotContext);
  if (!slot) throw new Error('useAppActors() needs <AppActorsProvider> above it');
  return slot;
}

/**
 * The actors or null while they load, and `whenActors()` (resolves with them). A public page (/login) renders
 * before they arrive: it reads values with the hooks of ./hooks.ts and sends through `whenActors()`.
 */
export function useActorsSlot(): { actors: AppActors | null; whenActors: () => Promise<AppActors> } {
  const slot = useSlot();
  const actors = useSyncExternalStore(slot.subscribe, slot.get, slot.get);
  return { actors, whenActors: slot.whenActors };
}

/**
 * The actor refs (stable for the life of the page), for the cabinet's pages: the cabinet layout's beforeLoad waited
 * for them. A public page uses useActorsSlot() instead (this throws while they load).
 */
export function useAppActors(): AppActors {
  const { actors } = useActorsSlot();
  if (!actors)
    throw new Error('useAppActors(): the actors are still loading (use useActorsSlot on a public page)');
  return actors;
}
