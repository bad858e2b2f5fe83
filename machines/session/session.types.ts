import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
export interface SessionUser {
  id: number;
  email: string;
  fio: string;
}

export interface Finances {
  money: number;
  bonus: number;
}

/** The token pair the auth endpoints answer with (spec point 3: access, expires_in in seconds). */
export interface AuthTokens {
  access: string;
  expires_in: number;
}

/** What every way of signing in ends with. */
export interface SignedIn {
  tokens: AuthTokens;
  user: SessionUser;
  /** The balances, loaded with the user so the header shows them at once (null when they could not be read). */
  finances?: { money: number; bonus: number } | null;
}

/**
 * The first factor was right but the customer has two-factor on: no tokens yet, a ticket for the second step
 * (a code from the authenticator app or a recovery code; contract/two-factor.ts).
 */
export interface SecondFactorNeeded {
  secondFactor: { ticket: string };
}

/** What a sign-in by password, code, `al` or the start-up answers: signed in, or the second step. */
export type SignInOutcome = SignedIn | SecondFactorNeeded;

export const needsSecondFactor = (outcome: SignInOutcome): outcome is SecondFactorNeeded =>
  'secondFactor' in outcome;

/** What the navigation guard needs to know about the session (spec point 2). */
export type SessionStatus = 'notLoaded' | 'authError' | 'authSuccess' | 'initFailed';

// ---- Context ---------------------------------------------------------------------------------------------------
export interface SessionContext {
  user: SessionUser | null;
  finances: Finances | null;
  error: ApiErrorInfo | null;
  /** The single-use `al` token of the first URL; dropped once the start-up attempt is settled. */
  autoLoginToken: string | null;
  /** The login a one-time code was sent to, while the code form is shown. */
  codeLogin: string | null;
  /**
   * Why the server signed this tab out, to show on /login ("Сеанс завершён с другого устройства…"); null after a
   * plain expiry or sign-out, cleared by the next sign-in.
   */
  signedOutMessage: string | null;
  /** The ticket of the second step while the two-factor code form is shown. */
  secondFactorTicket: string | null;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface SessionInput {
  autoLoginToken?: string | null;
  /**
   * Who the page the server sent says is signed in (its first screen, contract/first-screen.ts): the session starts
   * signed in as them, and the start-up refresh confirms it in the background (authSuccess.confirming).
   */
  firstScreen?: { user: SessionUser; finances: Finances } | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type SessionEvent =
  | { type: 'session.login'; login: string; password: string }
  | { type: 'session.loginWithCode.request'; login: string }
  | { type: 'session.loginWithCode.verify'; login: string; code: string }
  /** The page obtained tokens itself (registration, new password, social e-mail). */
  | { type: 'session.authenticated'; access: string; expires_in: number }
  | { type: 'session.autoLogin'; token: string }
  /** A page's own sign-in (a new password by a restore link) answered the second step instead of tokens. */
  | { type: 'session.secondFactor.required'; ticket: string }
  /** The code from the authenticator app, or a recovery code. */
  | { type: 'session.secondFactor.verify'; code: string }
  /** Back from the code form to the sign-in form (the ticket is dropped). */
  | { type: 'session.secondFactor.cancel' }
  | { type: 'session.logout' }
  /**
   * The token machine could not refresh, or the socket said the session ended: the server no longer knows this
   * sign-in. `message`: what /login shows about it (the session was ended from another device).
   */
  | { type: 'session.expired'; message?: string }
  | { type: 'session.retry' }
  | { type: 'session.finances'; money: number; bonus: number }
  /** The customer changed their name or e-mail (profile save, confirmed e-mail change): the header follows. */
  | { type: 'session.userChanged'; fio?: string; email?: string };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface RestoreSessionInput {
  autoLoginToken: string | null;
}
export interface SignInInput {
  login: string;
  password: string;
}
export interface RequestCodeInput {
  login: string;
}
export interface VerifyCodeInput {
  login: string;
  code: string;
}
export interface AutoLoginInput {
  token: string;
}
export interface VerifySecondFactorInput {
  ticket: string;
  code: string;
}
