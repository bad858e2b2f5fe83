import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/session.machine';
import type { tokenMachine } from '../../machines/token/token.machine';
import type { themeMachine } from '../../machines/theme/theme.machine';
import type { dialogsMachine } from '../../machines/dialogs/dialogs.machine';
import type { notificationsMachine } from '../../machines/notifications/notifications.machine';
import type { realtimeMachine } from '../../machines/realtime/realtime.machine';
import type { orderLoaderMachine } from '../../machines/order-loader/order-loader.machine';
import type { SessionDataSync } from './session-data';

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
}

const AppActorsContext = createContext<AppActors | null>(null);

/** The router's context: the app's actor refs, never snapshots (routes read machine state in beforeLoad). */
export type RouterContext = AppActors;

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

/** The actor refs (stable for the life of the page); read values with the narrow hooks of ./hooks.ts. */
export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors() needs <AppActorsProvider> above it');
  return actors;
}
