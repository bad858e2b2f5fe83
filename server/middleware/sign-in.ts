import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, Deps } from '../env';
import { createSession, REFRESH_TTL_SECONDS, type SignInTokens } from '../domain/sessions';
import {
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  SESSION_HINT_COOKIE,
  type AuthTokens,
} from '../../src/api/contract/auth';

// HTTP glue shared by the auth, registration and socials routers: the refresh cookie and the caller's IP.

const cookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: 'Strict',
  path: REFRESH_COOKIE_PATH,
} as const;

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, REFRESH_COOKIE) || undefined;
}

const hintOptions = { secure: true, sameSite: 'Strict', path: '/' } as const;

export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, cookieOptions);
  deleteCookie(c, SESSION_HINT_COOKIE, hintOptions);
}

/** Sets the refresh cookie and answers the access token: the one shape of every successful sign-in. */
export function respondWithTokens(
  c: Context<AppEnv>,
  tokens: SignInTokens,
  status: ContentfulStatusCode = 200,
) {
  setCookie(c, REFRESH_COOKIE, tokens.refresh, { ...cookieOptions, maxAge: REFRESH_TTL_SECONDS });
  setCookie(c, SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge: REFRESH_TTL_SECONDS });
  return c.json({ access: tokens.access, expires_in: tokens.expires_in } satisfies AuthTokens, status);
}

/** Starts a new sign-in session for the customer and answers its tokens. */
export async function signInAndRespond(
  c: Context<AppEnv>,
  deps: Deps,
  userId: number,
  status: ContentfulStatusCode = 200,
) {
  return respondWithTokens(c, await createSession(deps, userId), status);
}

/**
 * The caller's IP for rate limits: the first X-Forwarded-For entry (the server runs behind one proxy or none),
 * else the socket's address; 'unknown' when neither exists (app.request() in tests).
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
