import { isIP } from 'node:net';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, Deps } from '../env';
import {
  createSession,
  REFRESH_TTL_SECONDS,
  sha256,
  type ClientMeta,
  type SignInTokens,
} from '../domain/sessions';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, SESSION_HINT_COOKIE } from '../../contract/auth';
import type { SecondFactorRequired, SignInAnswer } from '../../contract/auth.api';
import { secondFactorChallenge } from '../domain/second-factor';
import { users } from '../db/tables';
import { eq } from 'drizzle-orm';
import { sessionHandover } from '../domain/session-handover';
import { PAGE_SESSION_COOKIE } from '../../contract/first-screen';

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
/** The pages' companion of the refresh cookie (contract/first-screen.ts): HttpOnly like it, on every path. */
const pageOptions = { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' } as const;

export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, cookieOptions);
  clearPageCookies(c);
}

/** The session hint and the page session cookie: a page whose cookie names no live session drops both. */
export function clearPageCookies(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_HINT_COOKIE, hintOptions);
  deleteCookie(c, PAGE_SESSION_COOKIE, pageOptions);
}

/**
 * Sets the refresh cookie and answers the access token with the session handover (who signed in, the balances):
 * the one shape of every successful sign-in and refresh.
 */
export async function respondWithTokens(
  c: Context<AppEnv>,
  deps: Pick<Deps, 'db'>,
  tokens: SignInTokens,
  status: ContentfulStatusCode = 200,
) {
  const handover = await sessionHandover(deps, tokens.userId);
  setCookie(c, REFRESH_COOKIE, tokens.refresh, { ...cookieOptions, maxAge: REFRESH_TTL_SECONDS });
  setCookie(c, SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge: REFRESH_TTL_SECONDS });
  setCookie(c, PAGE_SESSION_COOKIE, sha256(tokens.refresh), { ...pageOptions, maxAge: REFRESH_TTL_SECONDS });
  return c.json(
    { access: tokens.access, expires_in: tokens.expires_in, ...handover } satisfies SignInAnswer,
    status,
  );
}

export interface SignInOptions {
  status?: ContentfulStatusCode;
  /** The login as the customer typed it (normalised), for the second step's lockout; else their e-mail. */
  login?: string;
  /** The second factor was just checked (the verify step): start the session. */
  secondFactorChecked?: boolean;
  /** Runs only when a session is started (a sign-in waiting for its second factor has not succeeded yet). */
  onSignedIn?: () => Promise<void>;
}

/**
 * Starts a new sign-in session for the customer and answers its tokens — or, when the customer has two-factor on
 * and this is a first factor (password, code, `al`, social, restore link), the ticket of the second step instead.
 * Every way in goes through here, so none can skip the second factor.
 */
export async function signInAndRespond(
  c: Context<AppEnv>,
  deps: Deps,
  userId: number,
  opts: SignInOptions = {},
) {
  if (!opts.secondFactorChecked) {
    const login = opts.login ?? (await emailOf(deps, userId));
    const challenge = await secondFactorChallenge(deps, userId, login);
    if (challenge) return c.json(challenge satisfies SecondFactorRequired, 200);
  }
  await opts.onSignedIn?.();
  return respondWithTokens(c, deps, await createSession(deps, userId, clientMeta(c, deps)), opts.status);
}

async function emailOf(deps: Pick<Deps, 'db'>, userId: number): Promise<string> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? String(userId);
}

/** The user agent and IP a new or refreshed session records for the devices list. */
export function clientMeta(c: Context<AppEnv>, deps: Pick<Deps, 'config'>): ClientMeta {
  return { userAgent: c.req.header('user-agent') ?? '', ip: clientIp(c, deps.config.trustProxy) };
}

/** The peer of the TCP connection, IPv4 without its IPv6 wrapping; 'unknown' without a socket (app.request()). */
function socketAddress(c: Context<AppEnv>): string {
  // Without Node's bindings getConnInfo would throw, and a thrown error's stack is costly per request.
  if (!(c.env as Partial<HttpBindings> | undefined)?.incoming) return 'unknown';
  try {
    const address = getConnInfo(c).remote.address;
    return address ? address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The caller's IP for rate limits. X-Forwarded-For is written by whoever sends the request, so it counts only
 * behind `trustProxy` proxies of our own: each appends the address it saw, and the n-th entry from the right is
 * the one the outermost trusted proxy saw. Entries further left are the caller's own words and never used.
 */
export function clientIp(c: Context<AppEnv>, trustProxy: number): string {
  const socket = socketAddress(c);
  if (trustProxy <= 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // [socket, right-most entry, …]: the socket is the nearest proxy, every later hop one proxy further out.
  const chain = [socket, ...forwarded.reverse()];
  const seen = chain[Math.min(trustProxy, chain.length - 1)]!;
  return isIP(seen) ? seen : socket;
}
