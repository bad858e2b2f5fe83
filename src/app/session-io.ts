// The IO behind the session machine's actors (spec point 7, Authentication). Pure async functions over the client,
// given to the machine in create-actors.ts.
import { call, READ_RETRY, readRetryDelay } from '../api/client';
import { ApiError, ERROR_MESSAGES, errorFromResponse, isApiError, isUnavailableStatus } from '../api/errors';
import type { AuthTokens, SessionHandover } from '../../contract/auth.api';
import { isAuthRejection } from '../../machines/shared/error-info';
import type {
  AutoLoginInput,
  RequestCodeInput,
  SignedIn,
  SignInInput,
  SignInOutcome,
  VerifyCodeInput,
  VerifySecondFactorInput,
} from '../../machines/session/session.types';
import { jwtSubject } from '../lib/jwt';
import { hasSessionHint, removeSessionHint } from '../lib/cookies';

/** Spec point 8: a sign-in answer without an access token is an error of its own. */
export function requireTokens(answer: unknown): AuthTokens {
  const a = (answer ?? {}) as Partial<AuthTokens>;
  if (typeof a.access !== 'string' || !a.access) {
    throw new ApiError({ kind: 'protocol', message: ERROR_MESSAGES.noAccessToken });
  }
  return { access: a.access, expires_in: typeof a.expires_in === 'number' ? a.expires_in : 300 };
}

/** The session handover that answers with tokens carry (contract auth.ts), or null when absent or malformed. */
export function handoverOf(answer: unknown): SessionHandover | null {
  const a = (answer ?? {}) as Partial<Record<keyof SessionHandover, Record<string, unknown>>>;
  const { user, finances } = a;
  if (!user || typeof user.id !== 'number' || !finances) return null;
  if (typeof finances.money !== 'number' || typeof finances.bonus !== 'number') return null;
  return {
    user: {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : '',
      fio: typeof user.fio === 'string' ? user.fio : '',
    },
    finances: { money: finances.money, bonus: finances.bonus },
  };
}

/** The server asked for the second factor (two-factor on): the ticket, else null. */
function secondFactorOf(answer: unknown): SignInOutcome | null {
  const a = (answer ?? {}) as { second_factor?: unknown; ticket?: unknown };
  return a.second_factor === 'totp' && typeof a.ticket === 'string'
    ? { secondFactor: { ticket: a.ticket } }
    : null;
}

/** A sign-in's answer: the second step when the server asks for it, else the tokens and who they belong to. */
async function outcomeOf(answer: unknown): Promise<SignInOutcome> {
  return secondFactorOf(answer) ?? loadUserFor(tokensOf(answer));
}

/** Tokens from an answer, keeping the handover beside them when the server sent one. */
function tokensOf(answer: unknown): AuthTokens & Partial<SessionHandover> {
  return { ...requireTokens(answer), ...handoverOf(answer) };
}

/**
 * Who the tokens belong to. The answer that brought them usually says so (the handover): then nothing is asked.
 * Otherwise GET /api/client/profile/ with these very tokens (the token machine may not hold them yet); a 404 (no
 * profile row) still counts as signed in, with the id from the token.
 */
export async function loadUserFor(answer: AuthTokens & Partial<SessionHandover>): Promise<SignedIn> {
  const tokens = { access: answer.access, expires_in: answer.expires_in };
  const handover = handoverOf(answer);
  if (handover) return { tokens, ...handover };
  const headers = { Authorization: `Bearer ${tokens.access}` };
  // The balances travel with the user so the header shows them at once; failing to read them is not fatal.
  const finances = call('PATCH /api/client/profile/status/', { headers }).then(
    (f) => ({ money: f.money, bonus: f.bonus }),
    () => null,
  );
  try {
    const profile = await call('GET /api/client/profile/', { headers });
    return {
      tokens,
      user: { id: profile.id, email: profile.email ?? '', fio: profile.fio ?? '' },
      finances: await finances,
    };
  } catch (error) {
    const id = jwtSubject(tokens.access);
    if (isApiError(error) && error.status === 404 && id !== null)
      return { tokens, user: { id, email: '', fio: '' }, finances: await finances };
    throw error;
  }
}

/** What src/boot.js leaves on the window when it started the start-up refresh before the app ran. */
interface EarlyRefreshResult {
  ok: boolean;
  /** 0: no answer. */
  status: number;
  body: unknown;
  retryAfter?: string | null;
  at?: number;
}

/** An early answer older than this is not taken (its access token would be near its refresh time anyway). */
export const EARLY_REFRESH_MAX_AGE_MS = 30_000;

/**
 * Takes (once) the start-up refresh boot.js started. Its tokens and handover when it succeeded; its refusal, 429 or
 * server error as the ApiError the client would have thrown (boot.js already went to /429 on a 429), so nothing
 * is asked twice; null when it got no answer or is stale — then the app asks by itself.
 */
export function takeEarlyRefresh(
  scope: object = globalThis,
): Promise<(AuthTokens & Partial<SessionHandover>) | null> | null {
  const holder = scope as { __cabinetEarlyRefresh?: Promise<EarlyRefreshResult> };
  const pending = holder.__cabinetEarlyRefresh;
  if (!pending || typeof pending.then !== 'function') return null;
  delete holder.__cabinetEarlyRefresh;
  return pending.then(
    (result) => {
      if (!result || !result.status || Date.now() - (result.at ?? 0) > EARLY_REFRESH_MAX_AGE_MS) return null;
      if (!result.ok) {
        const headers = new Headers();
        if (result.retryAfter) headers.set('Retry-After', result.retryAfter);
        throw errorFromResponse(result.status, result.body, headers);
      }
      try {
        return tokensOf(result.body);
      } catch {
        return null;
      }
    },
    () => null,
  );
}

export async function postRefresh(): Promise<AuthTokens & Partial<SessionHandover>> {
  return tokensOf(await call('POST /api/client/auth/token/refresh/', { body: {} }));
}

async function postAutoLogin(token: string): Promise<SignInOutcome> {
  return outcomeOf(await call('POST /api/client/auth/al/', { body: { token } }));
}

/**
 * The start-up refresh, tried again while the server answers 502/503/504 (a refused or unrotated refresh: the
 * server did not get to the token), with the reads' bounds: a cabinet opened during a short outage waits and opens.
 */
async function refreshWhileUnavailable<T>(refresh: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await refresh();
    } catch (error) {
      if (!isApiError(error) || !isUnavailableStatus(error.status) || tries >= READ_RETRY.tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, readRetryDelay(tries, error.retryAfter)));
    }
  }
}

/**
 * Start-up (spec point 2): the `al` token first when the URL had one; a dead `al` falls back to the refresh cookie
 * (the visitor may be signed in already). Rejections keep their status so the machine tells 401 from "no answer".
 */
export async function restoreSession(
  input: { autoLoginToken: string | null },
  refresh: () => Promise<AuthTokens & Partial<SessionHandover>>,
  mayHaveSession: () => boolean = hasSessionHint,
  /** Offline start (src/app/offline.ts, loaded only then): the cached cabinet of the last customer, or null. */
  offline: () => Promise<SignedIn | null> = async () => null,
): Promise<SignInOutcome> {
  if (input.autoLoginToken) {
    try {
      return await postAutoLogin(input.autoLoginToken);
    } catch (error) {
      if (!isAuthRejection(error)) throw error;
    }
  }
  // No refresh cookie (its readable hint is absent): an anonymous visitor, known without a round trip.
  if (!mayHaveSession()) throw new ApiError({ kind: 'http', status: 401, message: ERROR_MESSAGES.noSession });
  try {
    return await loadUserFor(await refreshWhileUnavailable(refresh));
  } catch (error) {
    // No answer at all (a refusal still signs out): the cached cabinet, read-only, rather than an error page.
    const started = isApiError(error) && error.kind === 'network' ? await offline().catch(() => null) : null;
    if (started) return started;
    throw error;
  }
}

export async function signIn({ login, password }: SignInInput): Promise<SignInOutcome> {
  return outcomeOf(await call('POST /api/client/auth/login/', { body: { login, password } }));
}

export async function requestCode({ login }: RequestCodeInput): Promise<void> {
  await call('POST /api/client/auth/login/', { body: { login, method: 'code' } });
}

export async function verifyCode({ login, code }: VerifyCodeInput): Promise<SignInOutcome> {
  return outcomeOf(await call('POST /api/client/auth/login/verify/', { body: { login, code } }));
}

/** The second step of a sign-in with two-factor on: the ticket and the app's code (or a recovery code). */
export async function verifySecondFactor({ ticket, code }: VerifySecondFactorInput): Promise<SignedIn> {
  const answer = await call('POST /api/client/auth/login/verify/', { body: { ticket, code } });
  return loadUserFor(tokensOf(answer));
}

export async function autoLogin({ token }: AutoLoginInput): Promise<SignInOutcome> {
  return postAutoLogin(token);
}

/**
 * Revokes the session the refresh cookie names (the cookie travels by itself; the server needs no live access
 * token); the local sign-out already happened. The session hint goes even when the call fails.
 */
export async function signOut(): Promise<void> {
  try {
    await call('POST /api/client/auth/logout/', { noRefresh: true });
  } finally {
    removeSessionHint();
  }
}
