import type { Clock } from '../shared/clock';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
export interface TokenPair {
  access: string;
  /** Lifetime in seconds (spec point 9: 300 by default). */
  expires_in: number;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface TokenContext {
  access: string | null;
  /** Epoch milliseconds when the access token stops working. */
  expiresAt: number | null;
  /** Lifetime of the current token in seconds; the refresh is scheduled at 80 % of it. */
  expiresIn: number;
  error: ApiErrorInfo | null;
  /** The clock `expiresAt` is counted on (input `now`, else the real time). */
  now: Clock;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface TokenInput {
  /** The real time at the edge (src/app); a fixed clock in tests. Absent: the real time. */
  now?: Clock;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type TokenEvent =
  /** Tokens obtained in this tab (sign-in, start-up): kept, shared with the other tabs. */
  | { type: 'token.set'; access: string; expires_in: number }
  /** Tokens another tab obtained (BroadcastChannel 'cabinet-auth'). */
  | { type: 'token.received'; access: string; expires_in: number }
  /** A call got 401: refresh now (single-flight). */
  | { type: 'token.refresh' }
  /** Signed out. */
  | { type: 'token.clear' };

// ---- Emitted ---------------------------------------------------------------------------------------------------
/** The refresh was refused; `message` is the server's reason (e.g. the session was ended from another device). */
export type TokenEmitted = { type: 'session.expired'; message: string };
