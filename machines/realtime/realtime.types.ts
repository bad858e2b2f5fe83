import type { RealtimeEvent } from '../../contract/realtime.api';

// ---- Context ---------------------------------------------------------------------------------------------------
export interface RealtimeContext {
  /** The access token the socket authenticates with (query parameter `token`); null when signed out. */
  token: string | null;
  /** Failed or dropped connections in a row; drives the backoff. Reset when a socket opens. */
  attempt: number;
  /** A socket dropped or failed since the last open: the next open emits 'realtime.resumed' (fetch what was missed). */
  dropped: boolean;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type RealtimeMachineEvent =
  /** Signed in (or the tab learnt the session): connect with this token. */
  | { type: 'realtime.start'; token: string }
  /** Signed out: close and stay closed. */
  | { type: 'realtime.stop' }
  /** The token machine has a new access token: reconnect with it. */
  | { type: 'realtime.token'; token: string }
  /** window 'online' or document visible again: reconnect at once instead of waiting for the backoff. */
  | { type: 'realtime.wake' }
  /** window 'offline': the socket is as good as dead; close it and wait for 'online'. */
  | { type: 'realtime.offline' }
  // From the socket actor (sendBack):
  | { type: 'socket.open' }
  | { type: 'socket.message'; event: RealtimeEvent }
  | { type: 'socket.closed'; code: number };

// ---- Emitted ---------------------------------------------------------------------------------------------------
export type RealtimeEmitted =
  /** Every server event as it arrives (chat messages, order changes, files …). */
  | { type: 'realtime.event'; event: RealtimeEvent }
  /** A socket opened again after a drop: what happened meanwhile was not delivered; fetch it. */
  | { type: 'realtime.resumed' }
  /** The server ended this sign-in (signed out elsewhere): the app signs the tab out. */
  | { type: 'realtime.sessionEnded'; reason: SessionEndedReason; eraseAt?: string };

/**
 * Why: 'signedOut' (a sign-out in another tab, a reused refresh token, a password reset), 'endedElsewhere' (the
 * customer ended this session from another device) or 'accountClosed' (the customer closed the account; `eraseAt`
 * says when it goes, when the server's message came before the close): the tab says so on /login.
 */
export type SessionEndedReason = 'signedOut' | 'endedElsewhere' | 'accountClosed';

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface SocketInput {
  token: string;
}
